import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsPersonName } from './identity/person-rules';
import { EMAIL_PATTERN, LIMITS, PHONE_PATTERN } from './identity/patterns';
import { invalid, length, required } from './validation-options';

/** Spec 2.6 and 3: the landing page's sections (sectionId 1-10, title, anchor). */
export const LANDING_SECTIONS = [
  { id: 1, title: 'Home', anchor: 'home' },
  { id: 2, title: 'Reputation Management', anchor: 'reputation-management' },
  { id: 3, title: 'Messenger', anchor: 'messenger' },
  { id: 4, title: 'Online Scheduling', anchor: 'online-scheduling' },
  { id: 5, title: 'Digital Check-In', anchor: 'digital-check-in' },
  { id: 6, title: 'Telemedicine', anchor: 'telemedicine' },
  { id: 7, title: 'Patient Surveys', anchor: 'patient-surveys' },
  { id: 8, title: 'Payments', anchor: 'payments' },
  { id: 9, title: 'Continued Care', anchor: 'continued-care' },
  { id: 10, title: 'Request a Demo', anchor: 'request-a-demo' },
] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

/** Spec 5's limit for a firm's name. */
export const PRACTICE_NAME_LIMIT = 50;
/** Ours: the spec names no limit for the demo form's message. */
export const DEMO_MESSAGE_LIMIT = 1000;

export const MARKETING_MESSAGES = {
  demoRequested: 'Thank you! We will contact you to arrange your demo.',
} as const;

/** What the web app needs before it decides whether / is the landing page. */
export interface LandingConfigView {
  readonly enabled: boolean;
}

/** The Request a Demo form (the spec embeds a third-party form; its rules are ours). */
export class DemoRequestDto {
  @IsPersonName()
  first_name!: string;

  @IsPersonName()
  last_name!: string;

  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(LIMITS.email, length)
  @Matches(EMAIL_PATTERN, invalid)
  email!: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(LIMITS.phone, length)
  @Matches(PHONE_PATTERN, invalid)
  phone?: string;

  @IsString(invalid)
  @IsNotEmpty(required)
  @MaxLength(PRACTICE_NAME_LIMIT, length)
  @Matches(/\S/, required)
  practice_name!: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(DEMO_MESSAGE_LIMIT, length)
  message?: string;
}

export interface DemoRequestView {
  readonly id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly practice_name: string;
  readonly message: string | null;
  readonly requested_at: string;
}
