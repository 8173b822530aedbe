import {
  BOOKING_MESSAGES,
  latestToday,
  nameProblem,
  pastDateProblem,
  PHONE_PATTERN,
  RELATIONSHIPS,
  type UserType,
  VALIDATION_MESSAGES,
  ZIP_PATTERN,
} from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import {
  evolveUser,
  type FamilyMember,
  initialUserState,
  MEMBER_DETAIL_FIELDS,
  type MemberDetails,
  PATIENT_DETAIL_FIELDS,
  type PatientDetails,
  type UserEvent,
  type UserProfile,
  type UserState,
} from './user.events';

export type UserCommand =
  | { type: 'RegisterUser'; profile: UserProfile; now: Date }
  | { type: 'ChangeUserRole'; userType: UserType; practiceId: string | null; now: Date }
  | { type: 'DisableUser'; now: Date }
  | { type: 'EnableUser'; now: Date }
  | { type: 'VerifyMobileNumber'; mobileNumber: string; now: Date }
  | { type: 'ChangeSmsConsents'; smsAlertsConsent: boolean; otpConsent: boolean; now: Date }
  | { type: 'AddFamilyMember'; member: FamilyMember; now: Date }
  | {
      type: 'ChangePatientDetails';
      details: PatientDetails;
      /** The practice whose user changes them (null: the patient themselves, an operator). */
      practiceId: string | null;
      now: Date;
    }
  | {
      type: 'ChangeFamilyMember';
      memberId: string;
      details: MemberDetails;
      practiceId: string | null;
      now: Date;
    };

export const USER_NOT_FOUND = 'This user does not exist.';
export const USER_ALREADY_REGISTERED = 'This user is already registered.';
export const FAMILY_ONLY_FOR_PATIENTS = 'Only patients can add family members.';
export const FAMILY_MEMBER_EXISTS = 'This family member has already been added.';
export const PRACTICE_REQUIRED = 'Practice users must belong to a practice.';

const PRACTICE_TYPES: readonly UserType[] = ['Provider', 'PracticeAdmin', 'Staff'];

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'RegisterUser') {
    if (state.profile) throw new ConflictError(USER_ALREADY_REGISTERED);
    requirePracticeFor(command.profile.type, command.profile.practice_id);
    return [{ type: 'UserRegistered', data: { ...command.profile, registered_at: at } }];
  }
  const profile = state.profile;
  if (!profile) throw new NotFoundError(USER_NOT_FOUND);
  const user_id = profile.user_id;
  switch (command.type) {
    case 'ChangeUserRole':
      requirePracticeFor(command.userType, command.practiceId);
      if (command.userType === profile.type && command.practiceId === profile.practice_id)
        return [];
      return [
        {
          type: 'UserRoleChanged',
          data: {
            user_id,
            type: command.userType,
            practice_id: command.practiceId,
            changed_at: at,
          },
        },
      ];
    case 'DisableUser':
      return state.disabled ? [] : [{ type: 'UserDisabled', data: { user_id, disabled_at: at } }];
    case 'EnableUser':
      return state.disabled ? [{ type: 'UserEnabled', data: { user_id, enabled_at: at } }] : [];
    case 'VerifyMobileNumber':
      return [
        {
          type: 'MobileNumberVerified',
          data: { user_id, mobile_number: command.mobileNumber, verified_at: at },
        },
      ];
    case 'ChangeSmsConsents':
      return [
        {
          type: 'SmsConsentsChanged',
          data: {
            user_id,
            sms_alerts_consent: command.smsAlertsConsent,
            otp_consent: command.otpConsent,
            changed_at: at,
          },
        },
      ];
    case 'AddFamilyMember':
      if (profile.type !== 'Patient') throw new DomainError('forbidden', FAMILY_ONLY_FOR_PATIENTS);
      if (state.family.some((m) => m.member_id === command.member.member_id)) {
        throw new ConflictError(FAMILY_MEMBER_EXISTS);
      }
      return [
        {
          type: 'FamilyMemberAdded',
          data: { ...command.member, patient_id: user_id, added_at: at },
        },
      ];
    case 'ChangePatientDetails': {
      // Only a patient's account is a patient's record (staff change no colleague's name here).
      if (profile.type !== 'Patient') throw new NotFoundError(BOOKING_MESSAGES.patientNotFound);
      assertPersonDetails(command.details, command.now);
      const { before, after } = changed(PATIENT_DETAIL_FIELDS, profile, command.details);
      if (Object.keys(after).length === 0) return [];
      return [
        {
          type: 'PatientDetailsChanged',
          data: {
            user_id,
            name: fullName(command.details),
            practice_id: command.practiceId,
            before,
            after,
            changed_at: at,
          },
        },
      ];
    }
    case 'ChangeFamilyMember': {
      const member = state.family.find((m) => m.member_id === command.memberId);
      if (!member) throw new NotFoundError(BOOKING_MESSAGES.patientNotFound);
      assertPersonDetails(command.details, command.now);
      if (!(RELATIONSHIPS as readonly string[]).includes(command.details.relationship)) {
        throw new DomainError('invalid', VALIDATION_MESSAGES.invalid);
      }
      const { before, after } = changed(MEMBER_DETAIL_FIELDS, member, command.details);
      if (Object.keys(after).length === 0) return [];
      return [
        {
          type: 'FamilyMemberChanged',
          data: {
            patient_id: user_id,
            member_id: member.member_id,
            name: fullName(command.details),
            practice_id: command.practiceId,
            before,
            after,
            changed_at: at,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

const GENDERS = ['Male', 'Female', 'Other', 'Unknown'];

/**
 * The person rules the route checks, again as the decider's invariant: no caller inside the
 * process can put a name, date or number in the log that the route would have refused.
 */
function assertPersonDetails(details: Partial<PatientDetails & MemberDetails>, now: Date): void {
  const problem =
    nameProblem(details.first_name) ??
    nameProblem(details.last_name) ??
    (details.middle_name === null ? null : nameProblem(details.middle_name, 1)) ??
    (details.birth_date == null
      ? null
      : pastDateProblem(details.birth_date, 'date of birth', latestToday(now))) ??
    (details.gender == null || GENDERS.includes(details.gender)
      ? null
      : VALIDATION_MESSAGES.invalid) ??
    (details.mobile_number == null || PHONE_PATTERN.test(details.mobile_number)
      ? null
      : VALIDATION_MESSAGES.invalid) ??
    (details.zip_code == null || ZIP_PATTERN.test(details.zip_code)
      ? null
      : VALIDATION_MESSAGES.length);
  if (problem) throw new DomainError('invalid', problem);
}

const fullName = (p: Pick<PatientDetails, 'first_name' | 'middle_name' | 'last_name'>): string =>
  [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ');

/** The fields whose value differs, as they were and as they become. */
function changed<T extends object, K extends keyof T & string>(
  fields: readonly K[],
  current: T,
  next: Pick<T, K>,
): { before: Partial<Pick<T, K>>; after: Partial<Pick<T, K>> } {
  const before: Partial<Pick<T, K>> = {};
  const after: Partial<Pick<T, K>> = {};
  for (const field of fields) {
    const was = current[field] ?? null;
    const becomes = next[field] ?? null;
    if (was === becomes) continue;
    before[field] = was as T[K];
    after[field] = becomes as T[K];
  }
  return { before, after };
}

function requirePracticeFor(type: UserType, practiceId: string | null): void {
  if (PRACTICE_TYPES.includes(type) && !practiceId)
    throw new DomainError('invalid', PRACTICE_REQUIRED);
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
};
