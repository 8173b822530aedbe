import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
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

@Module({})
export class AppModule {
  static forRoot(deps: InfraDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(deps),
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
      ],
    };
  }
}
