import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { RegisterPatientHandler } from './commands/register-patient';
import { PracticePatientsController } from './practice-patients.controller';
import { FindPatientsQuery } from './queries/find-patients.query';
import { PracticePatientsRepository } from './queries/practice-patients.repository';

/** The front desk's patients: search and registration at the practice (issue 18 item 3). */
@Module({
  imports: [IdentityModule],
  controllers: [PracticePatientsController],
  providers: [RegisterPatientHandler, FindPatientsQuery, PracticePatientsRepository],
})
export class FrontDeskModule {}
