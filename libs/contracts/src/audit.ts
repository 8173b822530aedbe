import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';
import { IsInstant } from './calendar-date';
import { ConsistentReadQuery } from './read-your-writes';
import { invalid } from './validation-options';

/**
 * The practice's audit trail (issue 16, part 2): every event that touches a practice, told for
 * people: when, who (name, role, on behalf of whom), from where, what (a sentence and the
 * changed fields), and the correlation id that ties one command's events together.
 */
export const AUDIT_KINDS = [
  'appointment',
  'calendar',
  'meeting',
  'waitlist',
  'staff',
  'patient',
  'directory',
  'audit',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface AuditEntryView {
  /** The event's global position: the trail's order and its cursor. */
  readonly position: number;
  readonly at: string;
  readonly kind: AuditKind;
  readonly event_type: string;
  readonly summary: string;
  readonly changes: readonly AuditChange[];
  readonly actor: {
    readonly id: string | null;
    readonly name: string | null;
    readonly role: string | null;
    readonly on_behalf_of: string | null;
  };
  /** Where the change came from: left out of a patient's own timeline. */
  readonly ip: string | null;
  readonly user_agent: string | null;
  readonly correlation_id: string | null;
  readonly patient_id: string | null;
  readonly patient_name: string | null;
  readonly appointment_id: string | null;
  readonly calendar_id: string | null;
}

export interface AuditPage {
  readonly entries: readonly AuditEntryView[];
  /** Pass as `cursor` for the next (older) page; null at the start of the trail. */
  readonly next_cursor: string | null;
}

export class AuditQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsUUID('all', invalid)
  actor_id?: string;

  @IsOptional()
  @IsUUID('all', invalid)
  patient_id?: string;

  @IsOptional()
  @IsUUID('all', invalid)
  appointment_id?: string;

  @IsOptional()
  @IsUUID('all', invalid)
  calendar_id?: string;

  @IsOptional()
  @IsIn(AUDIT_KINDS, invalid)
  kind?: AuditKind;

  /** From this instant (ISO 8601, inclusive). */
  @IsOptional()
  @IsInstant(invalid)
  from?: string;

  /** Before this instant (ISO 8601, exclusive). */
  @IsOptional()
  @IsInstant(invalid)
  to?: string;

  @IsOptional()
  @Matches(/^\d{1,18}$/, invalid)
  cursor?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1)
  @Max(200)
  limit?: number;
}
