import type { SocialProvider, UserType } from '@medbook/contracts';

export const userStreamId = (userId: string): string => `user-${userId}`;

export interface UserProfile {
  readonly user_id: string;
  readonly type: UserType;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly middle_name: string | null;
  readonly birth_date: string | null;
  readonly gender: string | null;
  readonly mobile_number: string | null;
  readonly zip_code: string | null;
  readonly time_zone: string | null;
  readonly practice_id: string | null;
  readonly social_provider: SocialProvider | null;
  readonly sms_alerts_consent: boolean;
}

export interface FamilyMember {
  readonly member_id: string;
  readonly relationship: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly middle_name: string | null;
  readonly birth_date: string | null;
  readonly gender: string | null;
}

export type UserEvent =
  | { type: 'UserRegistered'; data: UserProfile & { registered_at: string } }
  | {
      type: 'UserRoleChanged';
      data: { user_id: string; type: UserType; practice_id: string | null; changed_at: string };
    }
  | { type: 'UserDisabled'; data: { user_id: string; disabled_at: string } }
  | { type: 'UserEnabled'; data: { user_id: string; enabled_at: string } }
  | {
      type: 'MobileNumberVerified';
      data: { user_id: string; mobile_number: string; verified_at: string };
    }
  | {
      type: 'SmsConsentsChanged';
      data: {
        user_id: string;
        sms_alerts_consent: boolean;
        otp_consent: boolean;
        changed_at: string;
      };
    }
  | { type: 'FamilyMemberAdded'; data: FamilyMember & { patient_id: string; added_at: string } };

export interface UserState {
  readonly profile: UserProfile | null;
  readonly disabled: boolean;
  readonly isMobileVerified: boolean;
  readonly otpConsent: boolean;
  readonly smsAlertsConsent: boolean;
  readonly family: readonly FamilyMember[];
}

export const initialUserState = (): UserState => ({
  profile: null,
  disabled: false,
  isMobileVerified: false,
  otpConsent: false,
  smsAlertsConsent: false,
  family: [],
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { registered_at: _, ...profile } = event.data;
      return { ...state, profile, smsAlertsConsent: profile.sms_alerts_consent };
    }
    case 'UserRoleChanged':
      return state.profile
        ? {
            ...state,
            profile: {
              ...state.profile,
              type: event.data.type,
              practice_id: event.data.practice_id,
            },
          }
        : state;
    case 'UserDisabled':
      return { ...state, disabled: true };
    case 'UserEnabled':
      return { ...state, disabled: false };
    case 'MobileNumberVerified':
      return state.profile
        ? {
            ...state,
            isMobileVerified: true,
            profile: { ...state.profile, mobile_number: event.data.mobile_number },
          }
        : state;
    case 'SmsConsentsChanged':
      return {
        ...state,
        smsAlertsConsent: event.data.sms_alerts_consent,
        otpConsent: event.data.otp_consent,
      };
    case 'FamilyMemberAdded': {
      const { patient_id: _, added_at: __, ...member } = event.data;
      return { ...state, family: [...state.family, member] };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
