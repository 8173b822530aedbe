import { Module } from '@nestjs/common';
import { ProviderSearchController } from './provider-search.controller';
import { ProviderSearchRepository } from './provider-search.repository';
import { ProviderSearchService } from './provider-search.service';
import { SearchDemoSeed } from './search-demo-seed';

@Module({
  controllers: [ProviderSearchController],
  providers: [ProviderSearchRepository, ProviderSearchService, SearchDemoSeed],
})
export class SearchModule {}
