import { Type } from 'class-transformer';
import { IsNumber, IsOptional, Matches, Min } from 'class-validator';
import type { Positioned } from '../read-your-writes';
import { invalid } from '../validation-options';
import { ConsentDocumentView, InsuranceCardSide, SignatureKind } from './requests';
import { CheckInFileType, HistoryKind, InformationStep, SkippableStep } from './rules';
import { DigitalCheckInSettings } from './settings';

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
