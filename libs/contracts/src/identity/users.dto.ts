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
import { PersonNameFields } from './person-name.dto';
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
