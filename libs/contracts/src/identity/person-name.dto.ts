import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { invalid, length } from '../validation-options';
import { LIMITS, PHONE_PATTERN, ZIP_PATTERN } from './patterns';
import { IsPastDate, IsPersonName } from './person-rules';

/**
 * The name fields every form that registers a person shares: the one name rule (person-rules),
 * measured on the NFC-normalised, trimmed name the API stores.
 */
export class PersonNameFields {
  @IsPersonName()
  first_name!: string;

  @IsPersonName()
  last_name!: string;

  @IsOptional()
  @IsPersonName(1)
  middle_name?: string;

  /** YYYY-MM-DD, a real day, earlier than today. */
  @IsOptional()
  @IsPastDate('date of birth')
  birth_date?: string;

  @IsOptional()
  @IsIn(['Male', 'Female', 'Other', 'Unknown'], invalid)
  gender?: string;
}

/** A patient account's own contact fields beside the person's (sign-up, the details change). */
export class PatientAccountFields extends PersonNameFields {
  @IsOptional()
  @IsString(invalid)
  @MaxLength(LIMITS.phone, length)
  @Matches(PHONE_PATTERN, invalid)
  mobile_number?: string;

  @IsOptional()
  @IsString(invalid)
  @Matches(ZIP_PATTERN, length)
  zip_code?: string;
}
