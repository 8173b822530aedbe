import { BOOKING_MESSAGES, PRACTICE_USER_TYPES, STATUS_MESSAGES } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { UsersRepository } from '../users.repository';
import { UserAccounts } from '../user-accounts';
import type { Principal } from './principal';

const OPERATORS = new Set(['SuperUser', 'SupportAgent']);

/** Whose an appointment is: its patient, the account that booked it, its practice. */
export interface AppointmentParties {
  readonly patient_id: string;
  readonly booked_by: string;
  readonly practice_id: string;
}

export const forbidden = () => new DomainError('forbidden', STATUS_MESSAGES[403]);

/**
 * Object-level rules: a patient reaches their own and their family's records; practice users
 * reach their own practice; super users and support agents reach everything.
 */
/** How many patient ids a process remembers as existing (a bounded cache, oldest out first). */
const KNOWN_PATIENTS_MAX = 50_000;

@Injectable()
export class AccessPolicy {
  /**
   * Patients known to exist. A registered patient stays one (no event removes a patient or
   * changes an account's type), so a yes is remembered, on any process; a no is asked again.
   */
  private readonly knownPatients = new Set<string>();

  constructor(
    private readonly accounts: UserAccounts,
    private readonly users: UsersRepository,
  ) {}

  isOperator(principal: Principal): boolean {
    return OPERATORS.has(principal.type);
  }

  /** May the caller act for this patient (themselves or a family member)? */
  async mayActForPatient(principal: Principal, patientId: string): Promise<boolean> {
    if (this.isOperator(principal)) return true;
    if (principal.type !== 'Patient') return false;
    if (principal.userId === patientId) return true;
    const state = await this.accounts.load(principal.userId);
    return state.family.some((member) => member.member_id === patientId);
  }

  async assertMayActForPatient(principal: Principal, patientId: string): Promise<void> {
    if (!(await this.mayActForPatient(principal, patientId))) throw forbidden();
  }

  mayWorkForPractice(principal: Principal, practiceId: string): boolean {
    if (this.isOperator(principal)) return true;
    return PRACTICE_USER_TYPES.includes(principal.type) && principal.practiceId === practiceId;
  }

  assertMayWorkForPractice(principal: Principal, practiceId: string): void {
    if (!this.mayWorkForPractice(principal, practiceId)) throw forbidden();
  }

  /**
   * Who may reach an appointment (see it, change it, join its room): the patient, the account
   * that booked it (a family member's booking) and its practice's users.
   */
  async mayReachAppointment(
    principal: Principal,
    appointment: AppointmentParties,
  ): Promise<boolean> {
    if (principal.type === 'Patient') {
      return (
        appointment.booked_by === principal.userId ||
        this.mayActForPatient(principal, appointment.patient_id)
      );
    }
    return this.mayWorkForPractice(principal, appointment.practice_id);
  }

  async assertMayReachAppointment(
    principal: Principal,
    appointment: AppointmentParties,
  ): Promise<void> {
    if (!(await this.mayReachAppointment(principal, appointment))) throw forbidden();
  }

  /**
   * Patients book (and hold) for themselves and their family; practice users on their practice's
   * calendars, whose practice is looked up only for them.
   */
  async assertMayBookFor(
    principal: Principal,
    patientId: string,
    calendarPractice: () => Promise<string>,
  ): Promise<void> {
    if (principal.type === 'Patient') return this.assertMayActForPatient(principal, patientId);
    this.assertMayWorkForPractice(principal, await calendarPractice());
    // A patient's own rights above imply the patient exists; staff name any id, so it is checked.
    if (!(await this.patientExists(patientId))) {
      throw new NotFoundError(BOOKING_MESSAGES.patientNotFound);
    }
  }

  /** A registered patient (from their stream), or a family member one added (read model). */
  private async patientExists(patientId: string): Promise<boolean> {
    if (this.knownPatients.has(patientId)) return true;
    const account = await this.accounts.load(patientId);
    const exists = account.profile
      ? account.profile.type === 'Patient'
      : (await this.users.familyMember(patientId)) !== undefined;
    if (exists) {
      if (this.knownPatients.size >= KNOWN_PATIENTS_MAX) {
        this.knownPatients.delete(this.knownPatients.values().next().value!);
      }
      this.knownPatients.add(patientId);
    }
    return exists;
  }

  /** A provider's own things (their walk-in queue): the provider, operators, their practice's users. */
  async assertMayWorkWithProvider(principal: Principal, providerId: string): Promise<void> {
    if (principal.userId === providerId || this.isOperator(principal)) return;
    const provider = await this.accounts.load(providerId);
    const practiceId = provider.profile?.practice_id;
    if (!practiceId || provider.profile?.type !== 'Provider') throw forbidden();
    this.assertMayWorkForPractice(principal, practiceId);
  }

  /** Who may see or manage another user's account: themselves, operators, their practice's admin. */
  async assertMayManageUser(principal: Principal, userId: string, manage: boolean): Promise<void> {
    if (this.isOperator(principal)) return;
    if (!manage && principal.userId === userId) return;
    if (principal.type === 'PracticeAdmin' && principal.practiceId) {
      const target = await this.accounts.load(userId);
      if (
        target.profile?.practice_id === principal.practiceId &&
        target.profile.user_id !== principal.userId
      )
        return;
    }
    throw forbidden();
  }

  /** A payment is handled by its payer or by the practice it pays. */
  assertMayHandlePayment(
    principal: Principal,
    payment: { readonly paid_by: string; readonly practice_id: string },
  ): void {
    if (payment.paid_by === principal.userId) return;
    this.assertMayWorkForPractice(principal, payment.practice_id);
  }

  /** A patient's own records that only they change (their family list). */
  assertIsPatient(principal: Principal, patientId: string): void {
    if (principal.userId !== patientId) throw forbidden();
  }

  /** A patient's family list is theirs and the operators'. */
  assertMaySeeFamily(principal: Principal, patientId: string): void {
    if (principal.userId !== patientId && !this.isOperator(principal)) throw forbidden();
  }
}
