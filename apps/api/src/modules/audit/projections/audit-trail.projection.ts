import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';

/** rm_audit_trail: who did what, when, from where and why, for every event in the log. */
export const auditTrailProjection: Projection = {
  name: 'audit_trail',
  tables: ['rm_audit_trail'],
  async apply(event: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    const m = event.metadata;
    await trx
      .insertInto('rm_audit_trail')
      .values({
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
      })
      .onConflict((oc) => oc.column('position').doNothing())
      .execute();
  },
};

/** `practice-1234` belongs to category `practice`. */
function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
