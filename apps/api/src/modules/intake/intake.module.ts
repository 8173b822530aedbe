import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { ELIGIBILITY_PORT } from './eligibility/eligibility-port';
import { TestEligibilityAdapter } from './eligibility/test-eligibility-adapter';
import { IntakeController } from './intake.controller';
import { IntakeRepository } from './intake.repository';
import { IntakeService } from './intake.service';

/** Screening, demographics and eligibility; the local test adapter is the only eligibility adapter. */
@Module({
  imports: [IdentityModule],
  controllers: [IntakeController],
  providers: [
    IntakeService,
    IntakeRepository,
    { provide: ELIGIBILITY_PORT, useClass: TestEligibilityAdapter },
  ],
})
export class IntakeModule {}
