import { IsIn, IsOptional } from 'class-validator';
import { invalid } from '../validation-options';
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
