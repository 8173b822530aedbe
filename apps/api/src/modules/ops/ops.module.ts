import { Module } from '@nestjs/common';
import { AuditLogService } from './audit-log/audit-log.service';
import { LogSealScheduler } from './audit-log/log-seal.scheduler';
import { ParkProjectionEventHandler } from './commands/park-projection-event';
import { HealthService } from './health.service';
import { OpsController } from './ops.controller';

@Module({
  controllers: [OpsController],
  providers: [HealthService, ParkProjectionEventHandler, AuditLogService, LogSealScheduler],
})
export class OpsModule {}
