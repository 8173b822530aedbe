import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAmount } from './amount';

const invalid = { message: 'Invalid' };

const length = { message: 'Invalid character length' };

export class AddressDto {
  @IsString(invalid)
  @Length(1, 50, length)
  address1!: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(50, length)
  address2?: string;

  @IsString(invalid)
  @Length(1, 30, length)
  @Matches(/^[\p{L} .'-]+$/u, invalid)
  city!: string;

  @IsString(invalid)
  @Matches(/^[A-Z]{2}$/, invalid)
  state!: string;

  @Matches(/^[0-9]{5,9}$/, length)
  zip_code!: string;
}

export class RegisterFacilityDto {
  @IsString(invalid)
  @Length(1, 75, length)
  name!: string;

  @IsTimeZone(invalid)
  iana_time_zone!: string;

  @IsBoolean(invalid)
  office_visit!: boolean;

  @IsBoolean(invalid)
  tele_visit!: boolean;

  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export class RegisterProviderDto {
  /** A provider's own account, when they sign in; vendor providers may have none. */
  @IsOptional()
  @IsUUID(undefined, invalid)
  user_id?: string;

  @IsString(invalid)
  @Length(2, 35, length)
  first_name!: string;

  @IsString(invalid)
  @Length(2, 35, length)
  last_name!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @MaxLength(25, { each: true })
  professional_suffixes?: string[];

  @IsIn(['local', 'vendorprovider'], invalid)
  provider_type!: 'local' | 'vendorprovider';

  @IsOptional()
  @IsIn(['Male', 'Female', 'Other', 'Unknown'], invalid)
  gender?: string;

  @IsArray()
  @ArrayMaxSize(15, { message: 'Selection should not be greater than 15.' })
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  specialties!: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  insurances?: string[];

  /** Languages the provider speaks (GET /languages names); search's language filter. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  languages?: string[];

  @IsArray()
  @ArrayMaxSize(20)
  @IsUUID(undefined, { each: true })
  facility_ids!: string[];

  @IsOptional()
  @IsBoolean(invalid)
  enable_visit_fee?: boolean;

  @IsOptional()
  @IsAmount()
  @Min(0)
  @Max(100_000)
  visit_amount?: number;

  @IsOptional()
  @IsAmount()
  @Min(0)
  @Max(100_000)
  insured_visit_amount?: number;

  @IsOptional()
  @IsBoolean(invalid)
  allow_existing_patients_only?: boolean;

  @IsOptional()
  @Matches(/^[0-9]{10}$/, invalid)
  npi?: string;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export class RegisterResourceDto {
  @IsString(invalid)
  @Length(1, 75, length)
  name!: string;

  @IsIn(['Room', 'Lab', 'Equipment'], invalid)
  kind!: 'Room' | 'Lab' | 'Equipment';

  @IsArray()
  @ArrayMaxSize(20)
  @IsUUID(undefined, { each: true })
  facility_ids!: string[];

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export class AddVisitReasonDto {
  @IsString(invalid)
  @Length(1, 100, length)
  title!: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(100)
  mapped_reason?: string;

  @IsOptional()
  @IsIn(['COVID'], invalid)
  type?: 'COVID';

  /** Days ahead (from today) in which this reason may be booked, e.g. [0, 14]. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsNumber({}, { each: true })
  week_time_frame?: number[];

  @IsOptional()
  @IsBoolean(invalid)
  allow_immediate_checkin?: boolean;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export interface DirectoryEntryView {
  readonly id: string;
  readonly practice_id: string;
  readonly kind: 'facility' | 'provider' | 'resource' | 'visit_reason';
  readonly name: string;
  readonly details: Record<string, unknown>;
  readonly registered_at: string;
}
