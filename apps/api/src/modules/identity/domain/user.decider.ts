import type { UserType } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import {
  evolveUser,
  type FamilyMember,
  initialUserState,
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
  | { type: 'AddFamilyMember'; member: FamilyMember; now: Date };

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
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
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
