import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { AppointmentReportController } from './appointment-report.controller';
import { AppointmentReportRepository } from './appointment-report.repository';
import { AppointmentReportService } from './appointment-report.service';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';

/** Scheduling analytics for practice admins and operators: weekly numbers, the appointments report, and their CSV. */
@Module({
  controllers: [AnalyticsController, AppointmentReportController],
  providers: [
    AnalyticsRepository,
    AnalyticsService,
    AppointmentReportRepository,
    AppointmentReportService,
  ],
})
export class AnalyticsModule {}
