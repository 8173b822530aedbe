import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import { type Columns, ignoring, insertRows } from '../../../infra/projections/bulk-rows';

/** rm_audit_trail: who did what, when, from where and why, for every event in the log. */
export const auditTrailProjection: Projection = {
  name: 'audit_trail',
  tables: ['rm_audit_trail'],
  async apply(event: RecordedEvent, context: ProjectionContext): Promise<void> {
    await this.applyAll!([event], context);
  },
  /** One insert per batch, a parameter per column: the trail has a row for every event. */
  async applyAll(events: readonly RecordedEvent[], { trx }: ProjectionContext): Promise<void> {
    await insertRows(trx, 'rm_audit_trail', COLUMNS, events.map(auditRow), ignoring(['position']));
  },
};

type AuditRow = ReturnType<typeof auditRow>;

const COLUMNS: Columns<AuditRow> = {
  position: 'bigint',
  event_id: 'uuid',
  stream_id: 'text',
  stream_category: 'text',
  event_type: 'text',
  actor_id: 'text',
  actor_role: 'text',
  on_behalf_of: 'text',
  ip: 'text',
  user_agent: 'text',
  correlation_id: 'text',
  causation_id: 'text',
  command_id: 'text',
  recorded_at: 'timestamptz',
};

function auditRow(event: RecordedEvent) {
  const m = event.metadata;
  return {
    position: event.globalPosition,
    event_id: event.id,
    stream_id: event.streamId,
    stream_category: categoryOf(event.streamId),
    event_type: event.type,
    actor_id: m.actorId ?? null,
    actor_role: m.actorRole ?? null,
    on_behalf_of: m.onBehalfOf ?? null,
    ip: m.ip ?? null,
    user_agent: m.userAgent ?? null,
    correlation_id: m.correlationId ?? null,
    causation_id: m.causationId ?? null,
    command_id: m.commandId ?? null,
    recorded_at: event.recordedAt,
  };
}

/** `practice-1234` belongs to category `practice`. */
function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
