import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { AppointmentStatus } from '../appointment-status';
import { invalid } from '../validation-options';

/** A rejection's reason is shown to the patient: a sentence or two, not a letter. */
export const REJECT_REASON_MAX_LENGTH = 500;

/** Requests decided at once, at most (a page of the requests list is 10; a day's backlog fits). */
export const REQUEST_DECISIONS_MAX = 50;

/** The texts of accepting and rejecting requests (the spec gives none: ours). */
export const REQUEST_MESSAGES = {
  reasonRequired: 'Please give the patient a reason for rejecting the request.',
  reasonTooLong: `The reason must be at most ${REJECT_REASON_MAX_LENGTH} characters.`,
  decided: 'Requests decided.',
} as const;

/** What a request becomes. */
export const REQUEST_DECISION_STATUSES = ['Accepted', 'Rejected'] as const;
export type RequestDecisionStatus = (typeof REQUEST_DECISION_STATUSES)[number];

/** One request accepted or rejected (with the reason the patient will read). */
export class RequestDecisionDto {
  @IsUUID(undefined, invalid)
  appointment_id!: string;

  @IsIn(REQUEST_DECISION_STATUSES, invalid)
  status!: RequestDecisionStatus;

  @ValidateIf((dto: RequestDecisionDto) => dto.status === 'Rejected' || dto.reason != null)
  @IsString({ message: REQUEST_MESSAGES.reasonRequired })
  @MinLength(1, { message: REQUEST_MESSAGES.reasonRequired })
  @MaxLength(REJECT_REASON_MAX_LENGTH, { message: REQUEST_MESSAGES.reasonTooLong })
  reason?: string;

  @IsOptional()
  @IsInt(invalid)
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  expected_revision?: number;
}

/** POST /appointments/requests/decisions: several requests at once, each on its own. */
export class RequestDecisionsDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(REQUEST_DECISIONS_MAX)
  @ValidateNested({ each: true })
  @Type(() => RequestDecisionDto)
  decisions!: RequestDecisionDto[];
}

/** One request's outcome: a failure is its own (the others stand) and says why. */
export interface RequestDecisionOutcome {
  readonly appointment_id: string;
  readonly ok: boolean;
  /** The appointment's status after the attempt, when it was read. */
  readonly status: AppointmentStatus | null;
  /** The HTTP status the request alone would have answered (200, 403, 404, 409 ...). */
  readonly status_code: number;
  readonly message: string | null;
  /** Where its event stands in the log (0 when nothing was written). */
  readonly position: number;
}

export interface RequestDecisionsResult {
  readonly outcomes: readonly RequestDecisionOutcome[];
  /** The highest position written: read your writes with it. */
  readonly position: number;
}
