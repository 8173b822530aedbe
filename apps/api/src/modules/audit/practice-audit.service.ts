import { pipeline, Readable } from 'node:stream';
import {
  type AuditEntryView,
  type AuditPage,
  type AuditQuery,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { ForbiddenError, NotFoundError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline, stream } from '../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../infra/http/request-context';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import {
  APPOINTMENT_NOT_FOUND,
  appointmentDecider,
} from '../scheduling/domain/appointment.decider';
import { appointmentStreamId } from '../scheduling/domain/appointment.events';
import { type AuditFilter, PracticeAuditRepository } from './practice-audit.repository';

const PAGE = 50;
const EXPORT_PAGE = 1000;
const OPERATORS: ReadonlySet<string> = new Set(['SuperUser', 'SupportAgent']);

/** Reading the trail is itself recorded, in the reader's own stream for that practice. */
export const auditReadsStreamId = (practiceId: string, readerId: string) =>
  `audit-reads-${practiceId}-${readerId}`;

/** A read of the trail (the first page, an export, an appointment's timeline). */
export type AuditTrailReadEvent = {
  type: 'AuditTrailRead';
  data: {
    practice_id: string;
    reader_id: string;
    scope: ReadScope;
    patient_id: string | null;
    appointment_id: string | null;
    filters: AuditFilter;
    at: string;
  };
};
const readsFold = { initialState: () => 0, evolve: (count: number) => count + 1 };

type ReadScope = 'practice' | 'appointment' | 'export';

/**
 * The practice's audit trail for people (issue 16, part 2): pages, the CSV export and an
 * appointment's timeline, for the practice's admins and operators; a patient sees their own
 * appointment's timeline without addresses. Each read by the practice's side or an operator is
 * an event (`AuditTrailRead`), so the trail shows who looked at whose history and when.
 */
@Injectable()
export class PracticeAuditService {
  constructor(
    private readonly repository: PracticeAuditRepository,
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async trail(
    caller: Principal,
    practiceId: string,
    query: AuditQuery,
    context: RequestContext,
  ): Promise<AuditPage> {
    this.assertMayAudit(caller, practiceId);
    const limit = query.limit ?? PAGE;
    const rows = await this.repository.page(
      { ...filterOf(query), practiceId, before: cursorOf(query.cursor) },
      limit + 1,
    );
    // The first page is the read; the pages after it are the same read scrolled.
    if (!query.cursor) await this.recordRead(caller, practiceId, 'practice', query, context);
    const entries = rows.slice(0, limit);
    return {
      entries,
      next_cursor: rows.length > limit ? String(entries[entries.length - 1]!.position) : null,
    };
  }

  /** The whole filtered trail as CSV, written page by page (never held in memory at once). */
  async export(
    caller: Principal,
    practiceId: string,
    query: AuditQuery,
    context: RequestContext,
  ): Promise<NodeJS.ReadableStream> {
    this.assertMayAudit(caller, practiceId);
    await this.recordRead(caller, practiceId, 'export', query, context);
    const filter: AuditFilter = { ...filterOf(query), practiceId };
    const repository = this.repository;
    async function* rows() {
      let before: number | undefined;
      for (;;) {
        const page = await repository.page({ ...filter, before }, EXPORT_PAGE);
        for (const entry of page) yield csvRow(entry);
        if (page.length < EXPORT_PAGE) return;
        before = page[page.length - 1]!.position;
      }
    }
    const csv = stringify({ header: true, columns: CSV_COLUMNS });
    // A failure half way (the database gone) ends the download, never the process.
    pipeline(Readable.from(rows()), csv, (error) => {
      if (error) csv.destroy(error);
    });
    return csv;
  }

  /** An appointment's timeline: its patient (no addresses) or the practice's admins and operators. */
  async history(
    caller: Principal,
    appointmentId: string,
    context: RequestContext,
  ): Promise<AuditEntryView[]> {
    const [appointment] = await this.pipeline.read([
      stream(appointmentStreamId(appointmentId), appointmentDecider),
    ]);
    const details = appointment.state.details;
    if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    const patientSide =
      caller.type === 'Patient' && (await this.policy.mayReachAppointment(caller, details));
    if (!patientSide) this.assertMayAudit(caller, details.practice_id);
    const entries = await this.repository.page({ appointmentId }, 500);
    if (patientSide) {
      return entries
        .filter((entry) => entry.kind !== 'audit')
        .map((entry) => ({ ...entry, ip: null, user_agent: null }));
    }
    await this.recordRead(
      caller,
      details.practice_id,
      'appointment',
      { appointment_id: appointmentId, patient_id: details.patient_id },
      context,
    );
    return entries;
  }

  private assertMayAudit(caller: Principal, practiceId: string): void {
    const admin = caller.type === 'PracticeAdmin' && caller.practiceId === practiceId;
    if (!admin && !OPERATORS.has(caller.type)) throw new ForbiddenError(STATUS_MESSAGES[403]);
  }

  private async recordRead(
    caller: Principal,
    practiceId: string,
    scope: ReadScope,
    query: Partial<AuditQuery>,
    context: RequestContext,
  ): Promise<void> {
    const at = this.clock.now().toISOString();
    await this.pipeline.run({
      commandId: null,
      context,
      read: [stream(auditReadsStreamId(practiceId, caller.userId), readsFold)],
      decide: ([reads]) => ({
        append: [
          {
            streamId: reads.streamId,
            events: [
              {
                type: 'AuditTrailRead' as const,
                data: {
                  practice_id: practiceId,
                  reader_id: caller.userId,
                  scope,
                  patient_id: query.patient_id ?? null,
                  appointment_id: query.appointment_id ?? null,
                  filters: filterOf(query as AuditQuery),
                  at,
                },
              },
            ],
          },
        ],
      }),
      answer: () => undefined,
    });
  }
}

function filterOf(query: AuditQuery): AuditFilter {
  return {
    ...(query.actor_id ? { actorId: query.actor_id } : {}),
    ...(query.patient_id ? { patientId: query.patient_id } : {}),
    ...(query.appointment_id ? { appointmentId: query.appointment_id } : {}),
    ...(query.calendar_id ? { calendarId: query.calendar_id } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
}

const cursorOf = (cursor: string | undefined): number | undefined =>
  cursor === undefined ? undefined : Number(cursor);

const CSV_COLUMNS = [
  'when',
  'who',
  'role',
  'on_behalf_of',
  'what',
  'changes',
  'patient',
  'appointment_id',
  'calendar_id',
  'ip',
  'user_agent',
  'correlation_id',
  'event_type',
  'position',
] as const;

function csvRow(entry: AuditEntryView): Record<(typeof CSV_COLUMNS)[number], string | number> {
  return {
    when: entry.at,
    who: entry.actor.name ?? entry.actor.id ?? '',
    role: entry.actor.role ?? '',
    on_behalf_of: entry.actor.on_behalf_of ?? '',
    what: entry.summary,
    changes: entry.changes
      .map((c) => `${c.field}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
      .join('; '),
    patient: entry.patient_name ?? entry.patient_id ?? '',
    appointment_id: entry.appointment_id ?? '',
    calendar_id: entry.calendar_id ?? '',
    ip: entry.ip ?? '',
    user_agent: entry.user_agent ?? '',
    correlation_id: entry.correlation_id ?? '',
    event_type: entry.event_type,
    position: entry.position,
  };
}
