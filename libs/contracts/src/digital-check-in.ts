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
import { IsAmount } from './amount';
import { LIMITS, PHONE_PATTERN } from './identity/patterns';
import { IsAddressLine, IsCity, IsPersonName, IsZipCode } from './identity/person-rules';
import { CardDto } from './payments';
import type { Positioned } from './read-your-writes';
import { invalid, length, required } from './validation-options';

/**
 * Digital check-in settings of a provider (the spec's `digital_check_in_settings`), with the
 * spec's defaults: false unless stated; true for allow_update_insurance, the payment collections,
 * allow_partial_payment and allow_cancel_appointment. `copay_amount` is ours: the copay the
 * patient pays before arrival (0: none is collected).
 */
export interface DigitalCheckInSettings {
  readonly digital_check_in_enabled: boolean;
  readonly insurance_card_collection: boolean;
  readonly staff_approved_entry: boolean;
  readonly emergency_contact_collection: boolean;
  readonly allow_update_insurance: boolean;
  readonly payment_collection: boolean;
  readonly copay_collection: boolean;
  readonly outstanding_balance_collection: boolean;
  readonly deductible_collection: boolean;
  readonly allow_partial_payment: boolean;
  readonly clinical_history_collection: boolean;
  readonly medical_history_collection: boolean;
  readonly allergies_history_collection: boolean;
  readonly medications_history_collection: boolean;
  readonly surgical_history_collection: boolean;
  readonly family_history_collection: boolean;
  readonly social_history_collection: boolean;
  readonly allow_cancel_appointment: boolean;
  readonly enable_cancellation_message: boolean;
  readonly government_issued_id_collection: boolean;
  readonly skip_government_issued_id_collection: boolean;
  readonly preferred_pharmacy_collection: boolean;
  readonly skip_preferred_pharmacy_collection: boolean;
  readonly accept_selected_insurances: boolean;
  readonly skip_insurance: boolean;
  readonly arrival_notification_enabled: boolean;
  readonly check_in_link_in_booking_notification_enabled: boolean;
  readonly confirmed_appointment_notification_enabled: boolean;
  readonly visit_instructions_enabled: boolean;
  readonly i_have_arrived_text: string;
  readonly ready_for_patient_text: string;
  readonly visit_instructions: string;
  readonly copay_amount: number;
}

export const DIGITAL_CHECK_IN_FLAGS = [
  'digital_check_in_enabled',
  'insurance_card_collection',
  'staff_approved_entry',
  'emergency_contact_collection',
  'allow_update_insurance',
  'payment_collection',
  'copay_collection',
  'outstanding_balance_collection',
  'deductible_collection',
  'allow_partial_payment',
  'clinical_history_collection',
  'medical_history_collection',
  'allergies_history_collection',
  'medications_history_collection',
  'surgical_history_collection',
  'family_history_collection',
  'social_history_collection',
  'allow_cancel_appointment',
  'enable_cancellation_message',
  'government_issued_id_collection',
  'skip_government_issued_id_collection',
  'preferred_pharmacy_collection',
  'skip_preferred_pharmacy_collection',
  'accept_selected_insurances',
  'skip_insurance',
  'arrival_notification_enabled',
  'check_in_link_in_booking_notification_enabled',
  'confirmed_appointment_notification_enabled',
  'visit_instructions_enabled',
] as const satisfies readonly (keyof DigitalCheckInSettings)[];

export type DigitalCheckInFlag = (typeof DIGITAL_CHECK_IN_FLAGS)[number];

/** Spec: "Digital check-in settings (defaults)". */
export const DEFAULT_DIGITAL_CHECK_IN_SETTINGS: DigitalCheckInSettings = {
  digital_check_in_enabled: false,
  insurance_card_collection: false,
  staff_approved_entry: false,
  emergency_contact_collection: false,
  allow_update_insurance: true,
  payment_collection: true,
  copay_collection: true,
  outstanding_balance_collection: true,
  deductible_collection: true,
  allow_partial_payment: true,
  clinical_history_collection: false,
  medical_history_collection: false,
  allergies_history_collection: false,
  medications_history_collection: false,
  surgical_history_collection: false,
  family_history_collection: false,
  social_history_collection: false,
  allow_cancel_appointment: true,
  enable_cancellation_message: false,
  government_issued_id_collection: false,
  skip_government_issued_id_collection: false,
  preferred_pharmacy_collection: false,
  skip_preferred_pharmacy_collection: false,
  accept_selected_insurances: false,
  skip_insurance: false,
  arrival_notification_enabled: false,
  check_in_link_in_booking_notification_enabled: false,
  confirmed_appointment_notification_enabled: false,
  visit_instructions_enabled: false,
  i_have_arrived_text: '',
  ready_for_patient_text: '',
  visit_instructions: '',
  copay_amount: 0,
};

/** Labels of the settings form (the spec's field names, as words). */
export const DIGITAL_CHECK_IN_FLAG_LABELS: Record<DigitalCheckInFlag, string> = {
  digital_check_in_enabled: 'Digital check-in enabled',
  insurance_card_collection: 'Insurance card collection',
  staff_approved_entry: 'Staff approved entry',
  emergency_contact_collection: 'Emergency contact collection',
  allow_update_insurance: 'Allow update insurance',
  payment_collection: 'Payment collection',
  copay_collection: 'Copay collection',
  outstanding_balance_collection: 'Outstanding balance collection',
  deductible_collection: 'Deductible collection',
  allow_partial_payment: 'Allow partial payment',
  clinical_history_collection: 'Clinical history collection',
  medical_history_collection: 'Medical history collection',
  allergies_history_collection: 'Allergies history collection',
  medications_history_collection: 'Medications history collection',
  surgical_history_collection: 'Surgical history collection',
  family_history_collection: 'Family history collection',
  social_history_collection: 'Social history collection',
  allow_cancel_appointment: 'Allow cancel appointment',
  enable_cancellation_message: 'Enable cancellation message',
  government_issued_id_collection: 'Government issued ID collection',
  skip_government_issued_id_collection: 'Skip government issued ID collection',
  preferred_pharmacy_collection: 'Preferred pharmacy collection',
  skip_preferred_pharmacy_collection: 'Skip preferred pharmacy collection',
  accept_selected_insurances: 'Accept selected insurances',
  skip_insurance: 'Skip insurance',
  arrival_notification_enabled: 'Arrival notification',
  check_in_link_in_booking_notification_enabled: 'Check-in link in booking notification',
  confirmed_appointment_notification_enabled: 'Confirmed-appointment notification',
  visit_instructions_enabled: 'Visit instructions enabled',
};

export const DIGITAL_CHECK_IN_MESSAGES = {
  settingsSaved: 'Digital check-in settings saved.',
  consentSaved: 'Consent saved.',
  consentSigned: 'Consent signed.',
  consentDeleted: 'Signed consent deleted.',
  copayPaid: 'Copay paid.',
  cardUploaded: 'Insurance card uploaded.',
  formsRecorded: 'Forms recorded.',
  notEnabled: 'Digital check-in is not enabled for this provider.',
  noCopay: 'No copay is due for this visit.',
  copayAlreadyPaid: 'The copay is already paid.',
  copayMismatch: 'The amount does not match the copay.',
  consentNotFound: 'Consent not found.',
  consentVersionOld: 'A newer version of this consent exists. Please read it again.',
  consentNotSigned: 'This consent is not signed.',
  alreadySigned: 'This consent is already signed.',
  fileType: 'Only JPEG, PNG or PDF files are accepted.',
  fileTooLarge: 'The file is larger than 5 MB.',
  fileEmpty: 'The file is empty.',
  fileNotFound: 'File not found.',
  signatureRequired: 'A signature is required.',
  /** Spec 0, "Check-in confirmation popup". */
  unableToCheckIn: 'Unable to check-in at the moment',
  /** Spec 0, section 4: the check-in confirmation's words. */
  gettingCheckedIn: "Let's get you checked in...",
  screeningNotFound: 'The form answers were not found.',
  notAProvider: 'Provider not found.',
  /** The patient said they are here (a check-in, or a wait for the practice's word). */
  arrivalRecorded: 'Arrival recorded.',
  /** Staff-approved entry: what the patient reads until the practice lets them in. */
  waitForEntry: 'Thank you. Please wait: the practice will let you know when to come in.',
  /** The patient's words when staff mark them ready and the provider has no text of its own. */
  readyForPatient: 'We are ready for you. Please come in.',
  markedReady: 'The patient was told to come in.',
  notArrived: 'The patient has not arrived yet.',
  /** A patient's own check-in while the provider's staff approve entry. */
  entryByStaff: 'The practice lets you in: tell them you have arrived and wait for their call.',
  informationSaved: 'Information saved.',
  stepSkipped: 'Step skipped.',
  notCollected: 'The practice does not collect this.',
  notSkippable: 'This step cannot be skipped.',
  vendorAdded: 'Opening digital check-in.',
  chargesSaved: 'Charges saved.',
  /** Partial payment: at least the copay, at most everything due. */
  partialRange: 'Pay at least the copay and at most the total due.',
} as const;

/** The least partial payment (the spec's minimum visit fee). */
export const MIN_CHECK_IN_PAYMENT = 0.5;

/** What the practice says is due beyond the copay: the patient's outstanding balance, the deductible. */
export interface CheckInCharges {
  readonly outstanding_balance: number;
  readonly deductible: number;
}

export interface AmountsDue {
  readonly copay: number;
  readonly outstanding_balance: number;
  readonly deductible: number;
  readonly total: number;
  /** The least the patient may pay now: the total, or with allow_partial_payment the copay. */
  readonly minimum: number;
}

const cents = (amount: number): number => Math.round(amount * 100);

/**
 * What the check-in's payment collects, as the settings say: with payment collection on, the
 * copay (copay_collection), the outstanding balance (outstanding_balance_collection) and the
 * deductible (deductible_collection); with allow_partial_payment the patient may pay less than
 * the balance and deductible (never less than the copay, nor than 0.50).
 */
export function amountsDue(
  settings: DigitalCheckInSettings,
  charges: CheckInCharges | null,
): AmountsDue {
  const collect = settings.payment_collection;
  const copay = collect && settings.copay_collection ? settings.copay_amount : 0;
  const balance =
    collect && settings.outstanding_balance_collection ? (charges?.outstanding_balance ?? 0) : 0;
  const deductible = collect && settings.deductible_collection ? (charges?.deductible ?? 0) : 0;
  const total = (cents(copay) + cents(balance) + cents(deductible)) / 100;
  const partial = settings.allow_partial_payment && balance + deductible > 0;
  const minimum = partial ? Math.min(total, Math.max(copay, MIN_CHECK_IN_PAYMENT)) : total;
  return { copay, outstanding_balance: balance, deductible, total, minimum };
}

/** Whether an amount is one the patient may pay now (to the cent). */
export const payableAmount = (due: AmountsDue, amount: number): boolean =>
  cents(amount) >= cents(due.minimum) && cents(amount) <= cents(due.total);

/** The histories a provider may ask for, each switched on by its own setting. */
export const HISTORY_KINDS = [
  'clinical_history',
  'medical_history',
  'allergies_history',
  'medications_history',
  'surgical_history',
  'family_history',
  'social_history',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_SETTING: Record<HistoryKind, DigitalCheckInFlag> = {
  clinical_history: 'clinical_history_collection',
  medical_history: 'medical_history_collection',
  allergies_history: 'allergies_history_collection',
  medications_history: 'medications_history_collection',
  surgical_history: 'surgical_history_collection',
  family_history: 'family_history_collection',
  social_history: 'social_history_collection',
};

/** The histories these settings ask for, in the settings' order. */
export const historiesAsked = (settings: DigitalCheckInSettings): HistoryKind[] =>
  HISTORY_KINDS.filter((kind) => settings[HISTORY_SETTING[kind]]);

/** The information steps of a check-in (emergency contact, pharmacy, ID, histories). */
export const INFORMATION_STEPS = [
  'emergency-contact',
  'preferred-pharmacy',
  'government-id',
  'medical-history',
] as const;
export type InformationStep = (typeof INFORMATION_STEPS)[number];
export const SKIPPABLE_STEPS = ['preferred-pharmacy', 'government-id'] as const;
export type SkippableStep = (typeof SKIPPABLE_STEPS)[number];

/** The information steps these settings switch on. */
export function informationSteps(settings: DigitalCheckInSettings): InformationStep[] {
  const on: Record<InformationStep, boolean> = {
    'emergency-contact': settings.emergency_contact_collection,
    'preferred-pharmacy': settings.preferred_pharmacy_collection,
    'government-id': settings.government_issued_id_collection,
    'medical-history': historiesAsked(settings).length > 0,
  };
  return INFORMATION_STEPS.filter((step) => on[step]);
}

/** Whether the settings let the patient skip a step (its skip flag). */
export function maySkip(settings: DigitalCheckInSettings, step: SkippableStep): boolean {
  return step === 'preferred-pharmacy'
    ? settings.skip_preferred_pharmacy_collection
    : settings.skip_government_issued_id_collection;
}

/** The largest insurance card photo (or drawn signature) we keep. */
export const MAX_CHECK_IN_FILE_BYTES = 5 * 1024 * 1024;
export const CHECK_IN_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type CheckInFileType = (typeof CHECK_IN_FILE_TYPES)[number];

/** The type a file's first bytes say it is (never the name or the sender's word), or null. */
export function sniffCheckInFileType(bytes: Uint8Array): CheckInFileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) {
    return 'image/png';
  }
  if (bytes.length >= 5 && starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

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

export interface EmergencyContactView {
  readonly first_name: string;
  readonly last_name: string;
  readonly relationship: string;
  readonly phone: string;
}

export interface PreferredPharmacyView {
  readonly name: string;
  readonly address: string | null;
  readonly city: string | null;
  readonly zip_code: string | null;
  readonly phone: string | null;
}

export interface CheckInFileView {
  readonly file_id: string;
  readonly content_type: CheckInFileType;
  readonly size: number;
  readonly uploaded_at: string;
}

/** What the check-in collects beyond consents, copay, card and forms (as the settings ask). */
export interface CheckInInformationView {
  /** The steps the provider's settings switch on, in order. */
  readonly steps: readonly InformationStep[];
  /** Those given (or skipped where the settings allow). */
  readonly done_steps: readonly InformationStep[];
  readonly emergency_contact: EmergencyContactView | null;
  readonly preferred_pharmacy: PreferredPharmacyView | null;
  readonly government_id: CheckInFileView | null;
  readonly skipped: readonly SkippableStep[];
  readonly histories_asked: readonly HistoryKind[];
  readonly histories: Partial<Record<HistoryKind, string>>;
}

/** The patient's arrival: announced, waiting for the practice's word, called in. */
export interface CheckInArrivalView {
  readonly announced_at: string | null;
  /** Staff-approved entry: arrived, and waiting until staff mark them ready. */
  readonly awaiting_entry: boolean;
  readonly ready_at: string | null;
  /** The provider's ready_for_patient_text (or ours) once staff mark the patient ready. */
  readonly ready_text: string | null;
}

export interface SignedConsentView {
  readonly consent_id: string;
  readonly version: number;
  readonly kind: SignatureKind;
  readonly typed_name: string | null;
  /** The drawn signature's file (GET check-in-files/{id}). */
  readonly signature_file_id: string | null;
  readonly signed_by: string;
  readonly signed_at: string;
}

export interface InsuranceCardView {
  readonly file_id: string;
  readonly side: InsuranceCardSide;
  readonly content_type: CheckInFileType;
  readonly size: number;
  readonly sha256: string;
  readonly uploaded_at: string;
}

/** GET appointments/{id}/digital-check-in: the patient's steps and where each stands. */
export interface DigitalCheckInView extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly start_date: string;
  readonly time_zone: string;
  readonly status: string;
  readonly settings: DigitalCheckInSettings;
  readonly consents: readonly (ConsentDocumentView & {
    readonly signed: SignedConsentView | null;
  })[];
  readonly copay: {
    /** Everything due now (copay, outstanding balance and deductible as collected). */
    readonly due: number;
    readonly paid: boolean;
    readonly payment_id: string | null;
    readonly amount_paid: number;
    readonly copay: number;
    readonly outstanding_balance: number;
    readonly deductible: number;
    /** The least the patient may pay (the whole due unless a partial payment is allowed). */
    readonly minimum: number;
  };
  readonly insurance_cards: readonly InsuranceCardView[];
  readonly forms: { readonly required: boolean; readonly done: boolean };
  readonly arrived: boolean;
  readonly information: CheckInInformationView;
  readonly arrival: CheckInArrivalView;
  /** The vendor's check-in address, once the vendor has the appointment (see the popup). */
  readonly vendor_check_in_url: string | null;
  /** The spec: "Consent is shown when required, otherwise copay payment." */
  readonly next_step:
    'consent' | 'copay-payment' | 'insurance-card' | 'forms' | 'information' | 'arrive' | 'done';
}

/** One patient of the day on the Check-In Summary. */
export interface CheckInSummaryRow {
  readonly appointment_id: string;
  readonly patient_id: string;
  readonly patient_name: string;
  readonly provider_id: string | null;
  readonly provider_name: string | null;
  readonly start_date: string;
  readonly time_zone: string;
  readonly status: string;
  readonly consents_signed: number;
  readonly consents_required: number;
  readonly copay_paid: boolean;
  /** Both sides of the card are in (as the patient's own view counts it). */
  readonly insurance_card: boolean;
  readonly forms_done: boolean;
  readonly arrived: boolean;
  /** Staff-approved entry: arrived and waiting for staff to mark them ready. */
  readonly awaiting_entry: boolean;
  /** Staff marked the patient ready (told to come in). */
  readonly ready: boolean;
  /** The information steps the provider's settings switch on, and how many are done. */
  readonly information_required: number;
  readonly information_done: number;
}

export interface CheckInSummaryView extends Positioned {
  readonly practice_id: string;
  readonly date: string;
  readonly rows: readonly CheckInSummaryRow[];
}

export class CheckInSummaryQuery {
  @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/, invalid) date?: string;
  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, invalid)
  @Min(0, invalid)
  min_position?: number;
}

export const DIGITAL_CHECK_IN_CHANGES = [
  'appointment.booked',
  'appointment.changed',
  'consent.signed',
  'consent.deleted',
  'copay.paid',
  'insurance-card.uploaded',
  'forms.done',
  'patient.arrived',
  'patient.ready',
  'information.given',
  'charges.set',
] as const;
export type DigitalCheckInChange = (typeof DIGITAL_CHECK_IN_CHANGES)[number];

/** The spec's "consent signed or deleted" channel (rooms appointment:<id> and practice:<id>). */
export interface ConsentChangedMessage extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly consent_id: string;
  readonly version: number;
  readonly signed: boolean;
}

/** The spec's "copay total/paid/status with a transaction intent". */
export interface CopayChangedMessage extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly total: number;
  readonly paid: number;
  readonly status: 'paid';
  readonly transaction_intent: string;
}

/** The spec's "patient arrival flag". */
export interface PatientArrivedMessage extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly patient_arrived: boolean;
  /** Staff-approved entry: the patient waits for the practice's word. */
  readonly awaiting_entry?: boolean;
  /** The provider's arrival notification is on: the practice's pages alert their users. */
  readonly notify?: boolean;
}

/** Staff marked the patient ready: the patient reads `text` (rooms appointment and practice). */
export interface PatientReadyMessage extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly text: string;
}

/** The spec's "appointment was added" for the vendor flow: the browser goes to `check_in_url`. */
export interface VendorAppointmentAddedMessage extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly check_in_url: string;
}

/** GET patients/{id}/digital-check-ins: the upcoming visits whose provider has check-in on. */
export interface PatientDigitalCheckInsView extends Positioned {
  readonly appointment_ids: readonly string[];
}

/** A row of the Check-In Summary changed (room practice:<id>): read the day again. */
export interface CheckInSummaryChangedMessage extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly change: DigitalCheckInChange;
}
