import {
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
} from 'class-validator';
import { EMAIL_PATTERN, LIMITS, PHONE_PATTERN } from './identity/patterns';
import { IsPersonName } from './identity/person-rules';
import { IsCalendarDate } from './calendar-date';
import { ConsistentReadQuery } from './read-your-writes';
import { invalid, length, required } from './validation-options';

/** GET /practices/{id}/patients: a name, a phone number, a birth date, or several together. */
export class PatientSearchQuery extends ConsistentReadQuery {
  @IsString(invalid)
  @IsNotEmpty(required)
  @Length(2, 100, length)
  q!: string;
}

/**
 * POST /practices/{id}/patients: a patient registered at the front desk. They get an account
 * without a password, which they claim later with "Forgot Password" on the email given here.
 */
export class RegisterPatientDto {
  // PersonNameFields' rules, but not its class: there the birth date is optional (a subclass
  // cannot take back an inherited @IsOptional), and at the desk it tells two namesakes apart.
  @IsPersonName()
  first_name!: string;

  @IsPersonName()
  last_name!: string;

  /** YYYY-MM-DD, a real day, not in the future. */
  @IsString(invalid)
  @IsNotEmpty(required)
  @IsCalendarDate(invalid, { past: true })
  birth_date!: string;

  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(LIMITS.phone, length)
  @Matches(PHONE_PATTERN, invalid)
  mobile_number!: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(LIMITS.email, length)
  @Matches(EMAIL_PATTERN, invalid)
  email?: string;

  /** Client-chosen: a retry with the same id registers nobody twice and answers the same id. */
  @IsOptional()
  @IsUUID(undefined, invalid)
  command_id?: string;
}

/** A patient as the front desk finds them. */
export interface PracticePatientView {
  readonly patient_id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly birth_date: string | null;
  readonly mobile_number: string | null;
  readonly email: string | null;
  /** A family member's account holder (their phone is the holder's); null for an account. */
  readonly account_holder: string | null;
  /** Booked with the practice or registered by it (false: found by an exact phone or email). */
  readonly known_to_practice: boolean;
}

export interface PatientSearchResult {
  readonly patients: readonly PracticePatientView[];
}

export interface PatientRegistered {
  readonly patient: PracticePatientView;
  readonly position: number;
}

/** Our texts: the spec has none for the desk. */
export const FRONT_DESK_MESSAGES = {
  registered: 'Patient registered.',
  found: 'Patients found.',
} as const;
