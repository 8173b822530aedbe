import { BOOKING_MESSAGES, PRACTICE_USER_TYPES, type PatientDetailsView } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { fold } from '../../domain/decider';
import { NotFoundError } from '../../domain/domain-error';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import {
  type PracticePatientsEvent,
  practicePatientsDecider,
  practicePatientsStreamId,
} from '../front-desk/domain/practice-patients.decider';
import { AccessPolicy, forbidden } from './auth/access-policy';
import type { Principal } from './auth/principal';
import type { FamilyMember, UserProfile } from './domain/user.events';
import { UserAccounts } from './user-accounts';
import { UsersRepository } from './users.repository';

/** A patient as `GET|PUT /patients/{id}` finds them: an account, or a family member of one. */
export type PatientRecord =
  | { readonly kind: 'account'; readonly profile: UserProfile }
  | { readonly kind: 'family-member'; readonly holderId: string; readonly member: FamilyMember };

/**
 * Whose details a caller may read and correct: their own and their family's (a patient),
 * any patient's (super users, support agents), and a practice's patients for that practice's
 * users, a patient being the practice's once they booked with it or its desk registered them.
 */
@Injectable()
export class PatientRecords {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly accounts: UserAccounts,
    private readonly users: UsersRepository,
    private readonly policy: AccessPolicy,
  ) {}

  /** The patient behind an id, once the caller may reach them; 404 or 403 otherwise. */
  async reach(caller: Principal, patientId: string): Promise<PatientRecord> {
    const record = await this.find(caller, patientId);
    if (!record) throw new NotFoundError(BOOKING_MESSAGES.patientNotFound);
    if (!(await this.mayReach(caller, record, patientId))) throw forbidden();
    return record;
  }

  view(id: string, record: PatientRecord): PatientDetailsView {
    if (record.kind === 'account') {
      const p = record.profile;
      return {
        id,
        kind: 'account',
        first_name: p.first_name,
        last_name: p.last_name,
        middle_name: p.middle_name,
        birth_date: p.birth_date,
        gender: p.gender,
        mobile_number: p.mobile_number,
        zip_code: p.zip_code,
        email: p.email || null,
        relationship: null,
        account_holder_id: null,
      };
    }
    const m = record.member;
    return {
      id,
      kind: 'family-member',
      first_name: m.first_name,
      last_name: m.last_name,
      middle_name: m.middle_name,
      birth_date: m.birth_date,
      gender: m.gender,
      mobile_number: null,
      zip_code: null,
      email: null,
      relationship: m.relationship,
      account_holder_id: record.holderId,
    };
  }

  /**
   * From the streams, so a change is read back at once: the account's own stream, or the
   * holder's (found from the caller's own family first, else through the read model).
   */
  private async find(caller: Principal, patientId: string): Promise<PatientRecord | null> {
    const account = await this.accounts.load(patientId);
    if (account.profile) {
      return account.profile.type === 'Patient'
        ? { kind: 'account', profile: account.profile }
        : null;
    }
    // A patient asking for one of their own family: their stream has the member already.
    if (caller.type === 'Patient') {
      const own = await this.accounts.load(caller.userId);
      const member = own.family.find((m) => m.member_id === patientId);
      if (member) return { kind: 'family-member', holderId: caller.userId, member };
    }
    const holderId = (await this.users.familyMember(patientId))?.patient_id ?? null;
    if (!holderId) return null;
    const holder = await this.accounts.load(holderId);
    const member = holder.family.find((m) => m.member_id === patientId);
    return member ? { kind: 'family-member', holderId, member } : null;
  }

  private async mayReach(
    caller: Principal,
    record: PatientRecord,
    patientId: string,
  ): Promise<boolean> {
    if (this.policy.isOperator(caller)) return true;
    if (caller.type === 'Patient') {
      return record.kind === 'account'
        ? caller.userId === patientId
        : caller.userId === record.holderId;
    }
    if (!PRACTICE_USER_TYPES.includes(caller.type) || !caller.practiceId) return false;
    return this.knownToPractice(patientId, caller.practiceId);
  }

  /** Registered by the practice's desk (its stream) or booked with it (any status). */
  private async knownToPractice(patientId: string, practiceId: string): Promise<boolean> {
    const events = await this.store.readStream(practicePatientsStreamId(practiceId));
    const registered = fold(practicePatientsDecider, events as readonly PracticePatientsEvent[]);
    if (registered.patientIds.has(patientId)) return true;
    return this.users.hasAppointmentWith(patientId, practiceId);
  }
}
