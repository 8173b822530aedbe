import { Injectable } from '@nestjs/common';
import type { UserState } from '../identity/domain/user.events';
import { UserAccounts } from '../identity/user-accounts';
import { type PassportPerson, VaccinationRepository } from './vaccination.repository';

const fullName = (p: { first_name: string; middle_name: string | null; last_name: string }) =>
  [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ');

/** A patient account that is not disabled. */
function accountHolder(patientId: string, account: UserState): PassportPerson | null {
  const profile = account.profile;
  if (!profile || profile.type !== 'Patient' || account.disabled) return null;
  return {
    patient_id: patientId,
    name: fullName(profile),
    birth_date: profile.birth_date,
    relationship: null,
  };
}

/**
 * Who a record or passport names: an account holder from their own stream (current even for a
 * patient the desk registered a moment ago), or a family member (from the family read model).
 */
@Injectable()
export class VaccinationPeople {
  constructor(
    private readonly accounts: UserAccounts,
    private readonly repository: VaccinationRepository,
  ) {}

  async person(patientId: string): Promise<PassportPerson | null> {
    const account = await this.accounts.load(patientId);
    if (account.profile) return accountHolder(patientId, account);
    return this.repository.familyMember(patientId);
  }

  /** The patient and their family, in the order the members were added. */
  async household(patientId: string): Promise<PassportPerson[]> {
    const account = await this.accounts.load(patientId);
    const self = accountHolder(patientId, account);
    const members = account.family.map((member) => ({
      patient_id: member.member_id,
      name: fullName(member),
      birth_date: member.birth_date,
      relationship: member.relationship,
    }));
    return [...(self ? [self] : []), ...members];
  }
}
