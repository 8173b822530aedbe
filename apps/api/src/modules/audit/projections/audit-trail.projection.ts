import type { RecordedEvent } from '@medbook/event-store';
import {
  type Projection,
  type ProjectionContext,
  statementChunks,
} from '../../../infra/projections/projection';

/** rm_audit_trail: who did what, when, from where and why, for every event in the log. */
export const auditTrailProjection: Projection = {
  name: 'audit_trail',
  tables: ['rm_audit_trail'],
  async apply(event: RecordedEvent, context: ProjectionContext): Promise<void> {
    await this.applyAll!([event], context);
  },
  /** One multi-row insert per batch: the trail has a row for every event. */
  async applyAll(events: readonly RecordedEvent[], { trx }: ProjectionContext): Promise<void> {
    for (const rows of statementChunks(events)) {
      await trx
        .insertInto('rm_audit_trail')
        .values(rows.map(auditRow))
        .onConflict((oc) => oc.column('position').doNothing())
        .execute();
    }
  },
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
