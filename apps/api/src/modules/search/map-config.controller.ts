import type { MapConfigView } from '@medbook/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { Public } from '../identity/auth/principal';

/** The search map's tile source: configuration, so tests and offline installs use none. */
@ApiTags('search')
@Public()
@Controller('search')
export class MapConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('map-config')
  mapConfig(): MapConfigView {
    return { tile_url: this.config.mapTileUrl, attribution: this.config.mapTileAttribution };
  }
}
