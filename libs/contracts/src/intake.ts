import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { IsCalendarDate } from './calendar-date';
import { DATE_MESSAGES, IsAddressLine, IsCity, IsZipCode } from './identity/person-rules';

const invalid = { message: 'Invalid' };
const required = { message: 'Required' };

/** What people read on the screening, demographics and eligibility steps of the booking wizard. */
export const INTAKE_MESSAGES = {
  calendarNotFound: 'Calendar not found.',
  formNotOnCalendar: 'This form is not used by this calendar.',
  answerRequired: 'Please answer this question.',
  answerYesNo: 'Please answer yes or no.',
  unknownQuestion: 'This question is not on the form.',
  screeningSaved: 'Screening answers saved.',
  demographicsSaved: 'Demographics saved.',
  unknownRace: 'Please choose a race from the list.',
  unknownEthnicity: 'Please choose an ethnicity from the list.',
  unknownLanguage: 'Please choose a language from the list.',
  birthDateInFuture: DATE_MESSAGES.earlierThanToday('date of birth'),
  unknownState: 'Please choose a state from the list.',
  unknownInsurance: 'Please choose an insurance from the list.',
  unknownPlan: 'Please choose a plan of this insurance.',
  eligibilityDisabled: 'This calendar does not verify insurance eligibility.',
  eligible: 'Your insurance is active for this visit.',
  notEligible:
    'We could not confirm your coverage. Please check your member id or contact your insurance.',
} as const;

export const YES_NO_ANSWERS = ['yes', 'no'] as const;

export interface CustomFormQuestion {
  readonly id: string;
  readonly label: string;
  readonly kind: 'yes_no' | 'text';
  readonly required: boolean;
}

export interface CustomFormView {
  readonly id: string;
  readonly title: string;
  readonly questions: readonly CustomFormQuestion[];
}

/** Spec 1, section 4: the custom-form response of a screening, one event per answer set. */
export class SubmitScreeningDto {
  @IsUUID('all', invalid)
  patient_id!: string;

  @IsString(required)
  @Length(1, 100, required)
  form_id!: string;

  @IsObject(invalid)
  answers!: Record<string, string>;

  @IsOptional()
  @IsUUID('all', invalid)
  command_id?: string;
}

export interface ScreeningView {
  readonly screening_id: string;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly form_id: string;
  readonly answers: Readonly<Record<string, string>>;
  readonly submitted_at: string;
}

export const SEXES = ['Female', 'Male', 'Other', 'Unknown'] as const;
export type Sex = (typeof SEXES)[number];

/** The spec's limits: address lines at most 50, city 30 (letters and spaces), zip 5 to 9 digits. */
export class DemographicsAddressDto {
  @IsAddressLine()
  address1!: string;

  @IsOptional()
  @IsAddressLine()
  address2?: string;

  @IsCity()
  city!: string;

  @IsString(required)
  @Length(2, 2, invalid)
  state!: string;

  @IsZipCode()
  zip_code!: string;
}

/** Race, ethnicity and language are codes of the reference lists (/reference/races, ...). */
export class UpdateDemographicsDto {
  @IsOptional()
  @IsString(invalid)
  race_code?: string;

  @IsOptional()
  @IsString(invalid)
  ethnicity_code?: string;

  @IsOptional()
  @IsString(invalid)
  language_code?: string;

  @IsOptional()
  // A real day ('Invalid Date'); today or later gets the spec's words from the intake service
  // (pastDateProblem, the rule the web's form applies too).
  @IsCalendarDate({ message: DATE_MESSAGES.invalidDate })
  birth_date?: string;

  @IsOptional()
  @IsIn(SEXES, invalid)
  sex?: Sex;

  @IsOptional()
  @ValidateNested()
  @Type(() => DemographicsAddressDto)
  address?: DemographicsAddressDto;

  @IsOptional()
  @IsUUID('all', invalid)
  command_id?: string;
}

export interface DemographicsAddress {
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip_code: string;
}

export interface DemographicsView {
  readonly patient_id: string;
  readonly race_code: string | null;
  readonly ethnicity_code: string | null;
  readonly language_code: string | null;
  readonly birth_date: string | null;
  readonly sex: Sex | null;
  readonly address: DemographicsAddress | null;
  /** False until the first save. */
  readonly has_demographics: boolean;
  readonly updated_at: string | null;
}

export class VerifyEligibilityDto {
  @IsUUID('all', invalid)
  calendar_id!: string;

  @IsUUID('all', invalid)
  patient_id!: string;

  @Type(() => Number)
  @IsInt(required)
  insurance_id!: number;

  @Type(() => Number)
  @IsInt(required)
  plan_id!: number;

  @IsString(required)
  @Matches(/^[A-Za-z0-9-]{3,30}$/, {
    message: 'Please enter the member id as printed on your card (3 to 30 letters or digits).',
  })
  member_id!: string;
}

export interface EligibilityView {
  readonly eligibility_id: string;
  readonly eligible: boolean;
  readonly message: string;
}
