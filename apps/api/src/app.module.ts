import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DemoModule } from './demo/demo.module';
import { InfraModule, type InfraDependencies } from './infra/infra.module';
import { DirectoryModule } from './modules/directory/directory.module';
import { IdentityModule } from './modules/identity/identity.module';
import { SchedulingModule } from './modules/scheduling/scheduling.module';
import { ReferenceModule } from './modules/reference/reference.module';
import { SearchModule } from './modules/search/search.module';
import { OpsModule } from './modules/ops/ops.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { WalkInQueueModule } from './modules/walk-in-queue/walk-in-queue.module';
import { WaitlistModule } from './modules/waitlist/waitlist.module';
import { IntakeModule } from './modules/intake/intake.module';
import { TelehealthModule } from './modules/telehealth/telehealth.module';
import { AuditModule } from './modules/audit/audit.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { MarketingModule } from './modules/marketing/marketing.module';
import { FrontDeskModule } from './modules/front-desk/front-desk.module';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { VaccinationModule } from './modules/vaccination/vaccination.module';
import { DigitalCheckInModule } from './modules/digital-check-in/digital-check-in.module';
import { ALL_PROJECTIONS } from './projections';
import { withUpcasters } from './upcasters';

/** What the app needs from its host; a test may run a few projections instead of all. */
export type AppDependencies = Omit<InfraDependencies, 'projections' | 'upcast'> &
  Partial<Pick<InfraDependencies, 'projections'>>;

@Module({})
export class AppModule {
  static forRoot(deps: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot({
          ...deps,
          projections: deps.projections ?? ALL_PROJECTIONS,
          upcast: withUpcasters,
        }),
        CqrsModule.forRoot(),
        OpsModule,
        IdentityModule,
        DirectoryModule,
        SchedulingModule,
        ReferenceModule,
        SearchModule,
        NotificationsModule,
        PaymentsModule,
        WalkInQueueModule,
        WaitlistModule,
        IntakeModule,
        TelehealthModule,
        AuditModule,
        AnalyticsModule,
        MarketingModule,
        FrontDeskModule,
        DigitalCheckInModule,
        ReviewsModule,
        VaccinationModule,
        DemoModule,
      ],
    };
  }
}
