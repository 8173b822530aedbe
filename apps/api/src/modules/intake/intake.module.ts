import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { INTAKE_COMMAND_HANDLERS } from './commands';
import { ELIGIBILITY_PORT } from './eligibility/eligibility-port';
import { TestEligibilityAdapter } from './eligibility/test-eligibility-adapter';
import { IntakeController } from './intake.controller';
import { IntakeRepository } from './intake.repository';
import { IntakeQueries } from './intake.queries';

/** Screening, demographics and eligibility; the local test adapter is the only eligibility adapter. */
@Module({
  imports: [IdentityModule],
  controllers: [IntakeController],
  providers: [
    ...INTAKE_COMMAND_HANDLERS,
    IntakeQueries,
    IntakeRepository,
    { provide: ELIGIBILITY_PORT, useClass: TestEligibilityAdapter },
  ],
})
export class IntakeModule {}
