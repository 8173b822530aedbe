import {
  type ZipInfo,
  type ZipLookupResult,
  ZipCoordinatesQuery,
  ZipTextQuery,
} from '@medbook/contracts';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError, NotFoundError } from '../../domain/domain-error';
import { Public } from '../identity/auth/principal';
import { zipDirectory, zipInfo } from './zip-directory';

const NO_ZIP = 'No zip code found.';

/** US zip codes from the `zipcodes` package: by typed text, by code, by coordinates. */
@ApiTags('reference')
@Public()
@Controller('zipcodes')
export class ZipCodesController {
  @Get()
  search(@Query() query: ZipTextQuery): ZipLookupResult[] {
    return zipDirectory.search(query.text, query.limit ?? 10);
  }

  @Get('by-coordinates')
  byCoordinates(@Query() query: ZipCoordinatesQuery): ZipInfo {
    const zip = zipDirectory.nearest(query.latitude, query.longitude);
    if (!zip) throw new NotFoundError(NO_ZIP);
    return zipInfo(zip);
  }

  @Get(':code')
  byCode(@Param('code') code: string): ZipInfo {
    if (!/^\d{5}(\d{4})?$/.test(code)) throw new DomainError('invalid', 'Invalid');
    const zip = zipDirectory.byCode(code);
    if (!zip) throw new NotFoundError(NO_ZIP);
    return zipInfo(zip);
  }
}
