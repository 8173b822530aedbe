import { Module } from '@nestjs/common';
import { HealthService } from './health.service';
import { OpsController } from './ops.controller';

@Module({ controllers: [OpsController], providers: [HealthService] })
export class OpsModule {}
