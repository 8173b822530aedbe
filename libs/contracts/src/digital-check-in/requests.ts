import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsAmount } from '../amount';
import { LIMITS, PHONE_PATTERN } from '../identity/patterns';
import { IsAddressLine, IsCity, IsPersonName, IsZipCode } from '../identity/person-rules';
import { CardDto } from '../payments';
import type { Positioned } from '../read-your-writes';
import { invalid, length, required } from '../validation-options';
import { DigitalCheckInSettings } from './settings';

/** PUT providers/{id}/digital-check-in-settings: every field optional; the rest stay. */
export class DigitalCheckInSettingsDto {
  @IsOptional() @IsBoolean(invalid) digital_check_in_enabled?: boolean;
  @IsOptional() @IsBoolean(invalid) insurance_card_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) staff_approved_entry?: boolean;
  @IsOptional() @IsBoolean(invalid) emergency_contact_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) allow_update_insurance?: boolean;
  @IsOptional() @IsBoolean(invalid) payment_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) copay_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) outstanding_balance_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) deductible_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) allow_partial_payment?: boolean;
  @IsOptional() @IsBoolean(invalid) clinical_history_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) medical_history_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) allergies_history_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) medications_history_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) surgical_history_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) family_history_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) social_history_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) allow_cancel_appointment?: boolean;
  @IsOptional() @IsBoolean(invalid) enable_cancellation_message?: boolean;
  @IsOptional() @IsBoolean(invalid) government_issued_id_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) skip_government_issued_id_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) preferred_pharmacy_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) skip_preferred_pharmacy_collection?: boolean;
  @IsOptional() @IsBoolean(invalid) accept_selected_insurances?: boolean;
  @IsOptional() @IsBoolean(invalid) skip_insurance?: boolean;
  @IsOptional() @IsBoolean(invalid) arrival_notification_enabled?: boolean;
  @IsOptional() @IsBoolean(invalid) check_in_link_in_booking_notification_enabled?: boolean;
  @IsOptional() @IsBoolean(invalid) confirmed_appointment_notification_enabled?: boolean;
  @IsOptional() @IsBoolean(invalid) visit_instructions_enabled?: boolean;
  @IsOptional() @IsString(invalid) @MaxLength(500, length) i_have_arrived_text?: string;
  @IsOptional() @IsString(invalid) @MaxLength(500, length) ready_for_patient_text?: string;
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) visit_instructions?: string;
  @IsOptional()
  @IsAmount()
  @Min(0, invalid)
  @Max(10000, invalid)
  copay_amount?: number;
}

export interface DigitalCheckInSettingsView extends DigitalCheckInSettings, Positioned {
  readonly provider_id: string;
  readonly practice_id: string;
}

/** POST practices/{id}/consents (a new consent) and PUT .../consents/{id} (a new version). */
export class ConsentDocumentDto {
  @IsString(required) @Length(1, 200, length) title!: string;
  @IsString(required) @Length(1, 20000, length) text!: string;
  @IsBoolean(invalid) required!: boolean;
}

export interface ConsentDocumentView {
  readonly consent_id: string;
  readonly practice_id: string;
  readonly title: string;
  readonly text: string;
  readonly version: number;
  readonly required: boolean;
  readonly updated_at: string;
}

export const SIGNATURE_KINDS = ['drawn', 'typed'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/** A drawn signature: a PNG as a data URL, as signature_pad's toDataURL() gives it. */
export const SIGNATURE_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** POST appointments/{id}/consents/{consent_id}/signature. */
export class SignConsentDto {
  /** The version read: a newer one must be read before it is signed. */
  @Type(() => Number)
  @IsNumber({}, invalid)
  @Min(1, invalid)
  @Max(1_000_000, invalid)
  version!: number;

  @IsIn(SIGNATURE_KINDS, invalid) kind!: SignatureKind;

  @ValidateIf((dto: SignConsentDto) => dto.kind === 'typed')
  @IsString(required)
  @Length(2, 100, length)
  typed_name?: string;

  /** About 700 kB of base64 at most: a pad of any sensible size. */
  @ValidateIf((dto: SignConsentDto) => dto.kind === 'drawn')
  @IsString(required)
  @MaxLength(1_000_000, length)
  @Matches(SIGNATURE_DATA_URL, invalid)
  drawn_png?: string;
}

/** PUT appointments/{id}/check-in-charges (the practice's users): due beyond the copay. */
export class CheckInChargesDto {
  @IsAmount()
  @Min(0, invalid)
  @Max(100_000, invalid)
  outstanding_balance!: number;

  @IsAmount()
  @Min(0, invalid)
  @Max(100_000, invalid)
  deductible!: number;
}

/** POST appointments/{id}/copay: the payment port, with a new or saved card. */
export class PayCopayDto {
  @IsNumber({}, invalid) amount!: number;

  @ValidateIf((dto: PayCopayDto) => dto.payment_method_id === undefined)
  @ValidateNested()
  @Type(() => CardDto)
  card?: CardDto;

  @IsOptional() @IsUUID(undefined, invalid) payment_method_id?: string;

  @IsUUID(undefined, required) command_id!: string;
}

export const INSURANCE_CARD_SIDES = ['front', 'back'] as const;
export type InsuranceCardSide = (typeof INSURANCE_CARD_SIDES)[number];

/** POST appointments/{id}/check-in-forms: the screening answered in the check-in's forms step. */
export class CheckInFormsDto {
  @IsUUID(undefined, invalid) screening_id!: string;
}

/** PUT appointments/{id}/emergency-contact (when emergency_contact_collection is on). */
export class EmergencyContactDto {
  @IsPersonName() first_name!: string;
  @IsPersonName() last_name!: string;
  @IsString(required) @Length(2, LIMITS.name, length) relationship!: string;
  @IsString(required)
  @Length(1, LIMITS.phone, length)
  @Matches(PHONE_PATTERN, invalid)
  phone!: string;
}

/** PUT appointments/{id}/preferred-pharmacy (when preferred_pharmacy_collection is on). */
export class PreferredPharmacyDto {
  @IsString(required) @Length(2, 100, length) name!: string;
  @IsOptional() @IsAddressLine() address?: string;
  @IsOptional() @IsCity() city?: string;
  @IsOptional() @IsZipCode() zip_code?: string;
  @IsOptional()
  @IsString(invalid)
  @Length(1, LIMITS.phone, length)
  @Matches(PHONE_PATTERN, invalid)
  phone?: string;
}

/** PUT appointments/{id}/medical-history: the histories the provider asks for, each a text. */
export class MedicalHistoryDto {
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) clinical_history?: string;
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) medical_history?: string;
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) allergies_history?: string;
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) medications_history?: string;
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) surgical_history?: string;
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) family_history?: string;
  @IsOptional() @IsString(invalid) @MaxLength(2000, length) social_history?: string;
}

/**
 * POST appointments/{id}/digital-check-in/vendor: the appointment goes to the check-in vendor;
 * redirect_uri is where the vendor sends the patient back (a path of this site only).
 */
export class VendorCheckInDto {
  @IsString(required)
  @Length(1, 500, length)
  @Matches(/^\/(?![/\\])[^\s]*$/, invalid)
  redirect_uri!: string;
}
