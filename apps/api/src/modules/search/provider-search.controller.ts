import {
  type OnlineProvidersView,
  ProviderSearchDto,
  type ProviderSearchResult,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Public } from '../identity/auth/principal';
import { ProviderSearchService } from './provider-search.service';

/** Provider search (spec 2.2, 4.2) and the online doctors (walk-in tele visits open now). */
@ApiTags('search')
@Public()
@Controller('providers')
export class ProviderSearchController {
  constructor(private readonly search: ProviderSearchService) {}

  @Post('search')
  @HttpCode(200)
  @ReadsFrom('search', 'scheduling')
  find(@Body() filter: ProviderSearchDto): Promise<ProviderSearchResult> {
    return this.search.search(filter);
  }

  @Get('online')
  @ReadsFrom('search')
  online(): Promise<OnlineProvidersView> {
    return this.search.online();
  }
}
