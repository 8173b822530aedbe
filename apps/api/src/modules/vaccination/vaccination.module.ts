import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { VACCINATION_COMMAND_HANDLERS } from './commands';
import { PassportEmail } from './passport-email';
import { PassportKey } from './passport-key';
import { VaccinationAccess } from './vaccination-access';
import { VaccinationPeople } from './vaccination-people';
import { VaccinationController } from './vaccination.controller';
import { VaccinationQueries } from './vaccination.queries';
import { VaccinationRepository } from './vaccination.repository';

/** Recorded vaccinations and the signed vaccination passport. */
@Module({
  imports: [IdentityModule],
  controllers: [VaccinationController],
  providers: [
    ...VACCINATION_COMMAND_HANDLERS,
    PassportEmail,
    PassportKey,
    VaccinationAccess,
    VaccinationPeople,
    VaccinationQueries,
    VaccinationRepository,
  ],
})
export class VaccinationModule {}
