import { ResourceSearchDto, type ResourceSearchResult } from '@medbook/contracts';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Public } from '../identity/auth/principal';
import { ResourceSearchService } from './resource-search.service';

/** Resource search (spec: "POST resource list search"): rooms, labs and equipment. */
@ApiTags('search')
@Public()
@Controller('resources')
export class ResourceSearchController {
  constructor(private readonly search: ResourceSearchService) {}

  @Post('search')
  @HttpCode(200)
  @ReadsFrom('directory', 'search', 'scheduling')
  find(@Body() filter: ResourceSearchDto): Promise<ResourceSearchResult> {
    return this.search.search(filter);
  }
}
