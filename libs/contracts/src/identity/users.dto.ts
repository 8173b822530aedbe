import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';
import { EMAIL_PATTERN, LIMITS, SHA256_HEX, VALIDATION_MESSAGES } from './patterns';
import { PatientAccountFields, PersonNameFields } from './person-name.dto';
import { USER_TYPES, type UserType } from './roles';
import { invalid, length, required } from '../validation-options';

export const RELATIONSHIPS = ['Spouse', 'Child', 'Parent', 'Sibling', 'Guardian', 'Other'] as const;

export class AddFamilyMemberDto extends PersonNameFields {
  @IsIn(RELATIONSHIPS, invalid)
  relationship!: string;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

/** Texts of the patient-details change (ours: the spec names the route, not its messages). */
export const PATIENT_DETAILS_MESSAGES = {
  saved: 'Patient details saved.',
  memberHasNoContact:
    "A family member has no mobile number or zip code of their own: change the account holder's.",
  accountHasNoRelationship: 'Only a family member has a relationship to change.',
} as const;

/**
 * `PUT /patients/{id}`: a patient's details as they should now read, for a registered patient or
 * a family member. The person fields replace what is stored (a field left out is cleared); a
 * family member's relationship is kept unless given; mobile number and zip code belong to
 * accounts only.
 */
export class UpdatePatientDto extends PatientAccountFields {
  @IsOptional()
  @IsIn(RELATIONSHIPS, invalid)
  relationship?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
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
