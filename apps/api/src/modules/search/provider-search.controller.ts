import {
  type OnlineProvidersView,
  ProviderSearchDto,
  type ProviderSearchResult,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import type { FastifyRequest } from 'fastify';
import { principalOf, Public } from '../identity/auth/principal';
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
  find(
    @Body() filter: ProviderSearchDto,
    @Req() request: FastifyRequest,
  ): Promise<ProviderSearchResult> {
    // A signed-in patient learns which providers already know them (patient_visited_before).
    const caller = principalOf(request);
    return this.search.search(filter, caller?.type === 'Patient' ? caller.userId : null);
  }

  @Get('online')
  @ReadsFrom('search')
  online(): Promise<OnlineProvidersView> {
    return this.search.online();
  }
}
