import { IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches } from 'class-validator';
import { LIMITS, NAME_PATTERN } from './patterns';
import { invalid, length, required } from '../validation-options';
import { IsCalendarDate } from '../calendar-date';

/** The name fields every form that registers a person shares. */
export class PersonNameFields {
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

  /** YYYY-MM-DD, a real day, not in the future. */
  @IsOptional()
  @IsString(invalid)
  @IsCalendarDate(invalid, { past: true })
  birth_date?: string;

  @IsOptional()
  @IsIn(['Male', 'Female', 'Other', 'Unknown'], invalid)
  gender?: string;
}
