import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsCalendarDate } from './calendar-date';
import { DATE_MESSAGES } from './identity/person-rules';

const invalid = { message: 'Invalid' };
const required = { message: 'Required' };

/** Spec 1, section 4: 'Vaccine kind: Covid, Other'. */
export const VACCINE_KINDS = ['Covid', 'Other'] as const;
export type VaccineKind = (typeof VACCINE_KINDS)[number];

/** The spec's texts of the passport flow, and what people read on recording a vaccination. */
export const VACCINATION_MESSAGES = {
  loginHeading: 'Log in to get your Vaccination Passport',
  welcomeBack: 'Welcome Back,',
  bannerTitle: 'Fast, secure & digital proof of vaccination',
  bannerButton: 'Get Vaccination Passport',
  recorded: 'Vaccination recorded.',
  dateInFuture: 'The vaccination date cannot be in the future.',
  dateBeforeBirth: 'The vaccination date cannot be before the date of birth.',
  doseAlreadyRecorded: 'This dose of this vaccine is already recorded.',
  notPracticePatient: 'This patient is not a patient of your practice.',
  patientNotFound: 'Patient not found.',
  practiceNotFound: 'Practice not found.',
  genuine: 'Genuine: this passport was issued by MedBook and has not been changed.',
  notGenuine: 'Not genuine: this passport was altered or was not issued by MedBook.',
  otherPatient: 'Not genuine: this passport belongs to another person.',
  linkSent: 'We sent the link to this passport to the email address of its account.',
  noRecord: 'No vaccination is recorded for this person.',
  noEmail: 'The account has no email address to send the link to.',
} as const;

/** Lot numbers as printed on vials: letters, digits, dashes and dots. */
export const LOT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,29}$/;
/** A vaccine's name: letters of any script, digits, spaces and a little punctuation. */
export const VACCINE_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'()/+-]{0,79}$/u;
export const MAX_DOSE_NUMBER = 20;

/** Practice staff record one given dose for a patient of their practice. */
export class RecordVaccinationDto {
  @IsIn(VACCINE_KINDS, invalid)
  vaccine_kind!: VaccineKind;

  @IsString(required)
  @Length(1, 80, { message: 'Invalid character length' })
  @Matches(VACCINE_NAME_PATTERN, invalid)
  vaccine_name!: string;

  /** The day the dose was given: not in the future, not before the patient's birth. */
  @IsString(required)
  @IsCalendarDate({ message: DATE_MESSAGES.invalidDate })
  administered_on!: string;

  @IsString(required)
  @MaxLength(30, { message: 'Invalid character length' })
  @Matches(LOT_NUMBER_PATTERN, invalid)
  lot_number!: string;

  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(MAX_DOSE_NUMBER, invalid)
  dose_number!: number;

  @IsOptional()
  @IsUUID('all', invalid)
  command_id?: string;
}

export interface VaccinationView {
  readonly vaccination_id: string;
  readonly patient_id: string;
  readonly vaccine_kind: VaccineKind;
  readonly vaccine_name: string;
  readonly administered_on: string;
  readonly lot_number: string;
  readonly dose_number: number;
  readonly practice_id: string;
  readonly practice_name: string;
  readonly recorded_at: string;
}

/** A patient's vaccination record (204 'no record' when nothing is recorded). */
export interface VaccinationRecordView {
  readonly patient_id: string;
  readonly vaccinations: readonly VaccinationView[];
}

/** What the passport states; signed as canonical JSON (keys sorted) by the service's key. */
export interface PassportData {
  /** Format version. */
  readonly v: 1;
  /** The signing key's id (a digest of its public key). */
  readonly kid: string;
  readonly patient_id: string;
  readonly name: string;
  readonly birth_date: string | null;
  readonly issued_at: string;
  readonly vaccinations: readonly PassportVaccination[];
}

export interface PassportVaccination {
  readonly kind: VaccineKind;
  readonly vaccine: string;
  readonly date: string;
  readonly lot: string;
  readonly dose: number;
  readonly practice: string;
}

export interface VaccinationPassportView {
  readonly data: PassportData;
  /** `<payload>.<signature>`, both base64url: what the QR code's link carries. */
  readonly token: string;
  /** The public verification page, relative to the web app's origin (the token in its hash). */
  readonly verification_path: string;
}

/** A dose was recorded (room `user:<id>` of the patient and of a family member's guardian). */
export interface VaccinationRecordedMessage {
  readonly patient_id: string;
  readonly vaccination_id: string;
  readonly position: number;
}

/** One person of the signed-in patient's household, for /vaccine-passport/family. */
export interface FamilyPassportView {
  readonly patient_id: string;
  readonly name: string;
  readonly relationship: string | null;
  readonly passport: VaccinationPassportView | null;
}

/** A passport token as the QR code's link carries it: base64url payload, a dot, the signature. */
export const PASSPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,4000}\.[A-Za-z0-9_-]{86}$/;

export class VerifyPassportDto {
  @IsUUID('all', invalid)
  patient_id!: string;

  @IsString(required)
  @MaxLength(4100, invalid)
  @Matches(PASSPORT_TOKEN_PATTERN, invalid)
  token!: string;
}

export interface PassportVerificationView {
  readonly genuine: boolean;
  readonly message: string;
  /** The passport's statements, only when genuine. */
  readonly data: PassportData | null;
}

/** The web's addresses of the passport flow (spec 0, section 2). */
export const VACCINE_PASSPORT_PATHS = {
  home: '/vaccine-passport',
  family: '/vaccine-passport/family',
  noRecord: '/vaccine-passport/no-record',
  verification: (patientId: string) => `/vaccine-passport/${patientId}/verification`,
} as const;
