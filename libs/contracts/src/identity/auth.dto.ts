import {
  Equals,
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  Matches,
  MaxLength,
} from 'class-validator';
import {
  EMAIL_PATTERN,
  LIMITS,
  OTP_PATTERN,
  PHONE_PATTERN,
  SHA256_HEX,
  VALIDATION_MESSAGES,
} from './patterns';
import { PatientAccountFields, PersonNameFields } from './person-name.dto';
import { invalid, length, required } from '../validation-options';

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
  termsRequired: 'Please accept the Terms of Use and Privacy Policy to create an account.',
} as const;

export class SignUpDto extends PatientAccountFields {
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
  @IsTimeZone(invalid)
  time_zone?: string;

  @IsOptional()
  @IsBoolean(invalid)
  sms_alerts_consent?: boolean;

  /**
   * The Terms of Use and Privacy Policy accepted on the form: required on the wire (a sign-up
   * without `true` is refused with 400); optional in the type for accounts made by other paths.
   */
  @Equals(true, { message: AUTH_MESSAGES.termsRequired })
  terms_accepted?: boolean;
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

  /** The Terms of Use and Privacy Policy accepted on the last step, as on the sign-up form. */
  @Equals(true, { message: AUTH_MESSAGES.termsRequired })
  terms_accepted!: boolean;
}

export class SocialTicketDto {
  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(200, length)
  ticket!: string;
}
