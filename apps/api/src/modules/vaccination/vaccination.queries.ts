import {
  type FamilyPassportView,
  type PassportData,
  type PassportVerificationView,
  VACCINATION_MESSAGES,
  VACCINE_PASSPORT_PATHS,
  type VaccinationPassportView,
  type VaccinationView,
  type VerifyPassportDto,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../infra/clock';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { checkPassport, passportKeyId, signPassport } from './domain/passport-signature';
import { PassportKey } from './passport-key';
import { VaccinationAccess } from './vaccination-access';
import { VaccinationPeople } from './vaccination-people';
import { type PassportPerson, VaccinationRepository } from './vaccination.repository';

/** Patients' vaccination records, their signed passports, and the public check of one. */
@Injectable()
export class VaccinationQueries {
  constructor(
    private readonly repository: VaccinationRepository,
    private readonly access: VaccinationAccess,
    private readonly people: VaccinationPeople,
    private readonly policy: AccessPolicy,
    private readonly key: PassportKey,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(caller: Principal, patientId: string): Promise<VaccinationView[]> {
    await this.access.assertMayRead(caller, patientId);
    return this.repository.vaccinations(patientId);
  }

  /** The patient's (or a family member's) passport; null when nothing is recorded. */
  async passport(caller: Principal, patientId: string): Promise<VaccinationPassportView | null> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const person = await this.people.person(patientId);
    return person ? this.passportOf(person) : null;
  }

  /** The signed-in patient and each family member, with a passport where one can be issued. */
  async familyPassports(caller: Principal, patientId: string): Promise<FamilyPassportView[]> {
    this.policy.assertMaySeeFamily(caller, patientId);
    const people = await this.people.household(patientId);
    return Promise.all(
      people.map(async (person) => ({
        patient_id: person.patient_id,
        name: person.name,
        relationship: person.relationship,
        passport: await this.passportOf(person),
      })),
    );
  }

  async verify(dto: VerifyPassportDto): Promise<PassportVerificationView> {
    const kid = passportKeyId(dto.token);
    const publicKey = kid ? await this.key.verifying(kid) : undefined;
    const check = checkPassport(dto.token, (named) => (named === kid ? publicKey : undefined));
    if (!check.genuine) {
      return { genuine: false, message: VACCINATION_MESSAGES.notGenuine, data: null };
    }
    if (check.data.patient_id !== dto.patient_id) {
      return { genuine: false, message: VACCINATION_MESSAGES.otherPatient, data: null };
    }
    return { genuine: true, message: VACCINATION_MESSAGES.genuine, data: check.data };
  }

  private async passportOf(person: PassportPerson): Promise<VaccinationPassportView | null> {
    const vaccinations = await this.repository.vaccinations(person.patient_id);
    if (vaccinations.length === 0) return null;
    const data: PassportData = {
      v: 1,
      kid: this.key.keyId,
      patient_id: person.patient_id,
      name: person.name,
      birth_date: person.birth_date,
      issued_at: this.clock.now().toISOString(),
      vaccinations: vaccinations.map((v) => ({
        kind: v.vaccine_kind,
        vaccine: v.vaccine_name,
        date: v.administered_on,
        lot: v.lot_number,
        dose: v.dose_number,
        practice: v.practice_name,
      })),
    };
    const token = signPassport(data, this.key.signing);
    return {
      data,
      token,
      verification_path: `${VACCINE_PASSPORT_PATHS.verification(person.patient_id)}#${token}`,
    };
  }
}
