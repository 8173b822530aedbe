import { Module } from '@nestjs/common';
import { ParkProjectionEventHandler } from './commands/park-projection-event';
import { HealthService } from './health.service';
import { OpsController } from './ops.controller';

@Module({ controllers: [OpsController], providers: [HealthService, ParkProjectionEventHandler] })
export class OpsModule {}
