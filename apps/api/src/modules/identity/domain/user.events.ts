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

/** What `PUT /patients/{id}` changes on a patient's own account. */
export const PATIENT_DETAIL_FIELDS = [
  'first_name',
  'last_name',
  'middle_name',
  'birth_date',
  'gender',
  'mobile_number',
  'zip_code',
] as const satisfies readonly (keyof UserProfile)[];
export type PatientDetails = Pick<UserProfile, (typeof PATIENT_DETAIL_FIELDS)[number]>;

/** What it changes on a family member. */
export const MEMBER_DETAIL_FIELDS = [
  'relationship',
  'first_name',
  'last_name',
  'middle_name',
  'birth_date',
  'gender',
] as const satisfies readonly (keyof FamilyMember)[];
export type MemberDetails = Pick<FamilyMember, (typeof MEMBER_DETAIL_FIELDS)[number]>;

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
  | { type: 'FamilyMemberAdded'; data: FamilyMember & { patient_id: string; added_at: string } }
  | {
      /**
       * A patient's details corrected: only the fields that changed, before and after.
       * `practice_id`: the practice whose user made the change (null: the patient, an operator).
       */
      type: 'PatientDetailsChanged';
      data: {
        user_id: string;
        /** The patient's full name after the change, for the trail's sentence. */
        name: string;
        practice_id: string | null;
        before: Partial<PatientDetails>;
        after: Partial<PatientDetails>;
        changed_at: string;
      };
    }
  | {
      /** A family member's details corrected, on the account holder's stream. */
      type: 'FamilyMemberChanged';
      data: {
        patient_id: string;
        member_id: string;
        /** The member's full name after the change. */
        name: string;
        practice_id: string | null;
        before: Partial<MemberDetails>;
        after: Partial<MemberDetails>;
        changed_at: string;
      };
    };

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
    case 'PatientDetailsChanged':
      return state.profile
        ? {
            ...state,
            profile: { ...state.profile, ...event.data.after },
            // A new number is verified anew.
            isMobileVerified: 'mobile_number' in event.data.after ? false : state.isMobileVerified,
          }
        : state;
    case 'FamilyMemberChanged':
      return {
        ...state,
        family: state.family.map((member) =>
          member.member_id === event.data.member_id ? { ...member, ...event.data.after } : member,
        ),
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
