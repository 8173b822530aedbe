import type { SocialProvider, UserType } from './roles';

/** A user as the login response and /auth/me describe it (spec: Login request and response). */
export interface UserView {
  readonly id: string;
  readonly type: UserType;
  readonly name: {
    readonly first_name: string;
    readonly last_name: string;
    readonly middle_name: string | null;
    readonly full_name: string;
  };
  readonly email: string;
  readonly user_roles: readonly string[];
  readonly permissions: readonly string[];
  readonly practice_id: string | null;
  readonly practice_type: string | null;
  readonly birth_date: string | null;
  readonly gender: string | null;
  readonly zip_code: string | null;
  readonly patient_insurances: readonly { member_id: string; insurance: string }[];
  readonly credentials: {
    readonly user_name: string;
    readonly mobile_number: string | null;
    readonly is_mobile_verified: boolean;
    readonly is_email_verified: boolean;
    readonly has_password: boolean;
  };
  readonly telehealth_enabled: boolean;
  readonly accept_reject_enabled: boolean;
  readonly sms_alerts_consent: boolean;
  readonly otp_consent: boolean;
  readonly is_sms_stopped: boolean;
  readonly profile_picture: string | null;
  readonly social_login_provider: SocialProvider | null;
  readonly dashboard: string;
  readonly disabled: boolean;
}

/**
 * The spec's reputation_setting (enabled, api key, business id): reputation management is enabled
 * when the service is configured and the practice has a provider set up for it. The service's key
 * never leaves the server (sign-on is a token it signs), so api_key is always null.
 */
export interface ReputationSetting {
  readonly enabled: boolean;
  readonly api_key: null;
  readonly business_id: string | null;
}

export interface LoginResult {
  readonly user: UserView;
  readonly access_token: string;
  readonly refresh_token: string;
  readonly session_id: string;
  /** Seconds until the access token expires. */
  readonly expires_in: number;
  readonly time_zone: string | null;
  readonly gateway_url: string;
  readonly calendar_accept_reject_enabled: boolean;
  readonly reputation_setting: ReputationSetting;
}

export interface FamilyMemberView {
  readonly id: string;
  readonly patient_id: string;
  readonly relationship: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly middle_name: string | null;
  readonly full_name: string;
  readonly birth_date: string | null;
  readonly gender: string | null;
  readonly added_at: string;
}

export interface OutboxMessageView {
  readonly id: string;
  readonly channel: 'email' | 'sms';
  readonly recipient: string;
  readonly subject: string | null;
  readonly body: string;
  readonly created_at: string;
}

/**
 * `GET /patients/{id}`: the details `PUT /patients/{id}` changes, for a registered patient
 * (`kind` 'account') or a family member (`kind` 'family-member', with the account holder's id
 * and the relationship; no mobile number or zip code of their own).
 */
export interface PatientDetailsView {
  readonly id: string;
  readonly kind: 'account' | 'family-member';
  readonly first_name: string;
  readonly last_name: string;
  readonly middle_name: string | null;
  readonly birth_date: string | null;
  readonly gender: string | null;
  readonly mobile_number: string | null;
  readonly zip_code: string | null;
  readonly email: string | null;
  readonly relationship: string | null;
  readonly account_holder_id: string | null;
}
