import { Module } from '@nestjs/common';
import { ProviderSearchController } from './provider-search.controller';
import { ProviderSearchRepository } from './provider-search.repository';
import { ProviderSearchService } from './provider-search.service';

@Module({
  controllers: [ProviderSearchController],
  providers: [ProviderSearchRepository, ProviderSearchService],
})
export class SearchModule {}
