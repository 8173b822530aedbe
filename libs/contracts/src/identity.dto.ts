import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUUID,
  Length,
  Matches,
  MaxLength,
} from 'class-validator';

/** The spec's shared validation messages, shown verbatim. */
export const VALIDATION_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid',
  length: 'Invalid character length',
  passwordPattern: 'Invalid password pattern, please check all requirements.',
  passwordsMustDiffer: 'The old and new passwords must be different.',
  emailInUse: 'Email already in use.',
  emailsMustMatch: 'Emails must match.',
} as const;

/** Account and sign-in messages from the spec's error catalogue. */
export const AUTH_MESSAGES = {
  loggedIn: 'User Logged in successfully',
  invalidLogin: 'Invalid Username or password',
  registrationFailed: 'User registration failed.',
  passwordUpdated: 'Password updated successfully.',
  passwordUpdateFailed: 'Unable to update Password. Please try again.',
  invalidOtp: 'You entered an invalid otp code',
  unauthorized: 'You are unauthorized.',
  /** Ours: the spec names no text for these. */
  codeSent: 'If an account exists for this email, a verification code has been sent.',
  codeVerified: 'Code verified.',
  smsSent: 'A verification code has been sent to your mobile number.',
  mobileVerified: 'Mobile number verified.',
  loggedOut: 'Logged out successfully.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a while and try again.',
  tooManyCodeAttempts: 'Too many attempts. Please request a new code.',
  accountDisabled: 'This account has been disabled. Please contact your practice.',
  sessionEnded: 'Your session has ended. Please log in again.',
} as const;

/** Field limits from the spec (section 5). */
export const LIMITS = {
  name: 35,
  minName: 2,
  phone: 14,
  email: 320,
  address: 50,
  city: 30,
  zipMin: 5,
  zipMax: 9,
} as const;

/** The product's email pattern: a local part, an @, a domain with a 2+ letter top level. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Names: letters (any script), spaces, apostrophes and hyphens. */
export const NAME_PATTERN = /^[\p{L}][\p{L} '’-]*$/u;
/** Phone: digits with optional +, spaces, dashes and parentheses; at most 14 characters. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{7,14}$/;
/** The client sends the SHA-256 of the password as 64 hex digits (spec: hashed before sending). */
export const SHA256_HEX = /^[a-f0-9]{64}$/i;
export const ZIP_PATTERN = /^[0-9]{5,9}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const OTP_PATTERN = /^[0-9]{6}$/;

export const USER_TYPES = [
  'Patient',
  'Provider',
  'PracticeAdmin',
  'Staff',
  'SuperUser',
  'SupportAgent',
  'FinancialSuperUser',
  'Guest',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Users who work for a practice and reach only that practice's records. */
export const PRACTICE_USER_TYPES: readonly UserType[] = ['Provider', 'PracticeAdmin', 'Staff'];

export const SOCIAL_PROVIDERS = ['GOOGLE', 'APPLE', 'FACEBOOK'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Where each user type lands after signing in (spec: Login, Dashboards). */
export const DASHBOARDS: Record<UserType, string> = {
  Patient: '/dashboard/patient',
  Provider: '/dashboard/doctor',
  Staff: '/dashboard/practice-staff',
  PracticeAdmin: '/practice-admin/dashboard',
  SuperUser: '/super-user/dashboard',
  SupportAgent: '/support-agent/dashboard',
  FinancialSuperUser: '/dashboard/doctor',
  Guest: '/',
};

const required = { message: VALIDATION_MESSAGES.required };
const length = { message: VALIDATION_MESSAGES.length };
const invalid = { message: VALIDATION_MESSAGES.invalid };

class PersonNameFields {
  @IsString(invalid)
  @IsNotEmpty(required)
  @Length(LIMITS.minName, LIMITS.name, length)
  @Matches(NAME_PATTERN, invalid)
  first_name!: string;

  @IsString(invalid)
  @IsNotEmpty(required)
  @Length(LIMITS.minName, LIMITS.name, length)
  @Matches(NAME_PATTERN, invalid)
  last_name!: string;

  @IsOptional()
  @IsString(invalid)
  @Length(1, LIMITS.name, length)
  @Matches(NAME_PATTERN, invalid)
  middle_name?: string;

  /** YYYY-MM-DD, before today. */
  @IsOptional()
  @IsString(invalid)
  @Matches(DATE_PATTERN, invalid)
  birth_date?: string;

  @IsOptional()
  @IsIn(['Male', 'Female', 'Other', 'Unknown'], invalid)
  gender?: string;
}

export class SignUpDto extends PersonNameFields {
  /** Also the credential user name (spec: signup sets user name equal to the email). */
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(LIMITS.email, length)
  @Matches(EMAIL_PATTERN, invalid)
  email!: string;

  @IsString(invalid)
  @IsNotEmpty(required)
  @Matches(SHA256_HEX, { message: VALIDATION_MESSAGES.passwordPattern })
  password!: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(LIMITS.phone, length)
  @Matches(PHONE_PATTERN, invalid)
  mobile_number?: string;

  @IsOptional()
  @IsString(invalid)
  @Matches(ZIP_PATTERN, length)
  zip_code?: string;

  @IsOptional()
  @IsTimeZone(invalid)
  time_zone?: string;

  @IsOptional()
  @IsBoolean(invalid)
  sms_alerts_consent?: boolean;
}

export class LoginDto {
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(LIMITS.email, length)
  @Matches(EMAIL_PATTERN, invalid)
  username!: string;

  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(256, length)
  password!: string;

  @IsOptional()
  @IsTimeZone(invalid)
  time_zone?: string;
}

export class TimeZoneQuery {
  @IsOptional()
  @IsTimeZone(invalid)
  timeZone?: string;
}

export class RefreshTokenDto {
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(200, length)
  refresh_token!: string;
}

export class LookupEmailDto {
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(LIMITS.email, length)
  @Matches(EMAIL_PATTERN, invalid)
  email!: string;
}

export class VerifyCodeDto extends LookupEmailDto {
  @IsString(invalid)
  @Matches(OTP_PATTERN, invalid)
  code!: string;
}

export class ResetPasswordDto {
  /** The token answered by verify-code: proves the code was entered. */
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(200, length)
  reset_token!: string;

  @IsString(invalid)
  @Matches(SHA256_HEX, { message: VALIDATION_MESSAGES.passwordPattern })
  password!: string;
}

export class ChangePasswordDto {
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(256, length)
  old_password!: string;

  @IsString(invalid)
  @Matches(SHA256_HEX, { message: VALIDATION_MESSAGES.passwordPattern })
  password!: string;
}

export class SendSmsCodeDto {
  /** Defaults to the patient's mobile number on file. */
  @IsOptional()
  @IsString(invalid)
  @MaxLength(LIMITS.phone, length)
  @Matches(PHONE_PATTERN, invalid)
  mobile_number?: string;
}

export class VerifySmsCodeDto {
  @IsString(invalid)
  @Matches(OTP_PATTERN, { message: AUTH_MESSAGES.invalidOtp })
  code!: string;
}

export class SmsConsentsDto {
  @IsBoolean(invalid)
  sms_alerts_consent!: boolean;

  @IsBoolean(invalid)
  otp_consent!: boolean;
}

export const RELATIONSHIPS = ['Spouse', 'Child', 'Parent', 'Sibling', 'Guardian', 'Other'] as const;

export class AddFamilyMemberDto extends PersonNameFields {
  @IsIn(RELATIONSHIPS, invalid)
  relationship!: string;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export class ChangeUserStatusDto {
  @IsBoolean(invalid)
  disabled!: boolean;
}

export class ChangeRoleDto {
  @IsIn(USER_TYPES.filter((t) => t !== 'Guest'), invalid)
  type!: UserType;

  @IsOptional()
  @IsUUID(undefined, invalid)
  practice_id?: string;
}

export class CreatePracticeUserDto extends PersonNameFields {
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(LIMITS.email, length)
  @Matches(EMAIL_PATTERN, invalid)
  email!: string;

  @IsString(invalid)
  @Matches(SHA256_HEX, { message: VALIDATION_MESSAGES.passwordPattern })
  password!: string;

  @IsIn(['Provider', 'PracticeAdmin', 'Staff'], invalid)
  type!: UserType;
}

export class GuestLoginDto {
  @IsOptional()
  @IsTimeZone(invalid)
  time_zone?: string;
}

/** Where to return after a social sign-in: a path of this site only (never `//host`). */
export class SocialStartQuery {
  @IsOptional()
  @IsString(invalid)
  @MaxLength(200)
  @Matches(/^\/(?!\/)[\w\-./?=&%]*$/, invalid)
  redirect?: string;
}

export class SocialSignUpDto extends PersonNameFields {
  /** The signed ticket the social callback answered for an unknown email. */
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(4000, length)
  social_ticket!: string;
}

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

/** Permissions per user type; a user's permissions are those of every role in user_roles. */
export const ROLE_PERMISSIONS: Record<UserType, readonly string[]> = {
  Patient: ['appointments:own', 'family:manage', 'waitlist:join', 'settings:own'],
  Provider: [
    'appointments:practice',
    'requests:manage',
    'notifications:read',
    'queue:manage',
    'calendar:view',
    'check-in-summary:view',
    'settings:own',
  ],
  Staff: [
    'appointments:practice',
    'requests:manage',
    'notifications:read',
    'queue:manage',
    'calendar:view',
    'check-in-summary:view',
  ],
  PracticeAdmin: [
    'appointments:practice',
    'requests:manage',
    'notifications:read',
    'queue:manage',
    'calendar:view',
    'calendar:manage',
    'check-in-summary:view',
    'reports:view',
    'practice-users:manage',
    'settings:own',
  ],
  SuperUser: ['practices:manage', 'users:manage', 'reports:view', 'ops:view'],
  SupportAgent: ['users:support', 'ops:view'],
  FinancialSuperUser: ['payments:manage', 'reports:view', 'settings:own'],
  Guest: [],
};

export class SocialTicketDto {
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(200, length)
  ticket!: string;
}
