import { Module } from '@nestjs/common';
import { MapConfigController } from './map-config.controller';
import { ProviderSearchController } from './provider-search.controller';
import { ProviderSearchRepository } from './provider-search.repository';
import { ProviderSearchService } from './provider-search.service';
import { ResourceSearchController } from './resource-search.controller';
import { ResourceSearchRepository } from './resource-search.repository';
import { ResourceSearchService } from './resource-search.service';

@Module({
  controllers: [ProviderSearchController, ResourceSearchController, MapConfigController],
  providers: [
    ProviderSearchRepository,
    ProviderSearchService,
    ResourceSearchRepository,
    ResourceSearchService,
  ],
})
export class SearchModule {}
