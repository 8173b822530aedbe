import { slotId, type WaitlistOfferView } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { WaitlistEvent } from '../domain/waitlist.events';

const EVENTS = new Set<string>([
  'WaitlistJoined',
  'WaitlistLeft',
  'WaitlistOfferMade',
  'WaitlistOfferEnded',
] satisfies WaitlistEvent['type'][]);

const iso = (value: Date | string): string => new Date(value).toISOString();

/**
 * rm_waitlist (who waits on which calendar, in the order they joined) and rm_waitlist_offers.
 * After commit, the patient (and the account that put them on the list) gets every change of an
 * offer on `user:<id>`.
 */
export const waitlistProjection: Projection = {
  name: 'waitlist',
  tables: ['rm_waitlist', 'rm_waitlist_offers'],
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    if (!EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as WaitlistEvent;
    const { trx } = context;
    const position = recorded.globalPosition;
    switch (event.type) {
      case 'WaitlistJoined': {
        const d = event.data;
        await trx
          .insertInto('rm_waitlist')
          .values({
            calendar_id: d.calendar_id,
            patient_id: d.patient_id,
            joined_by: d.joined_by,
            provider_id: d.provider_id,
            resource_id: d.resource_id,
            practice_id: d.practice_id,
            type: d.type,
            seq: d.seq,
            joined_at: d.joined_at,
            position,
          })
          .onConflict((oc) => oc.columns(['calendar_id', 'patient_id']).doNothing())
          .execute();
        return;
      }
      case 'WaitlistLeft': {
        await trx
          .deleteFrom('rm_waitlist')
          .where('calendar_id', '=', event.data.calendar_id)
          .where('patient_id', '=', event.data.patient_id)
          .execute();
        return;
      }
      case 'WaitlistOfferMade': {
        const d = event.data;
        await trx
          .insertInto('rm_waitlist_offers')
          .values({
            offer_id: d.offer_id,
            calendar_id: d.calendar_id,
            patient_id: d.patient_id,
            start_date: d.start,
            hold_id: d.hold_id,
            expires_at: d.expires_at,
            status: 'Offered',
            offered_at: d.offered_at,
            appointment_id: null,
            position,
          })
          .onConflict((oc) => oc.column('offer_id').doNothing())
          .execute();
        await publishOffer(context, d.offer_id, position);
        return;
      }
      case 'WaitlistOfferEnded': {
        const d = event.data;
        await trx
          .updateTable('rm_waitlist_offers')
          .set({ status: d.status, appointment_id: d.appointment_id, position })
          .where('offer_id', '=', d.offer_id)
          .execute();
        await publishOffer(context, d.offer_id, position);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

async function publishOffer(
  context: ProjectionContext,
  offerId: string,
  position: number,
): Promise<void> {
  const row = await context.trx
    .selectFrom('rm_waitlist_offers as o')
    .leftJoin('rm_waitlist as w', (join) =>
      join.onRef('w.calendar_id', '=', 'o.calendar_id').onRef('w.patient_id', '=', 'o.patient_id'),
    )
    .selectAll('o')
    .select('w.joined_by')
    .where('o.offer_id', '=', offerId)
    .executeTakeFirst();
  if (!row) return;
  const offer = offerView(row);
  const rooms = new Set([row.patient_id, row.joined_by ?? row.patient_id]);
  for (const user of rooms) context.publish(`user:${user}`, 'waitlist.offer', { offer, position });
}

export function offerView(row: {
  offer_id: string;
  calendar_id: string;
  patient_id: string;
  start_date: Date;
  hold_id: string;
  expires_at: Date;
  status: string;
  offered_at: Date;
  appointment_id: string | null;
}): WaitlistOfferView {
  return {
    offer_id: row.offer_id,
    calendar_id: row.calendar_id,
    patient_id: row.patient_id,
    start_date: slotId(new Date(row.start_date)),
    hold_id: row.hold_id,
    expires_at: iso(row.expires_at),
    status: row.status as WaitlistOfferView['status'],
    offered_at: iso(row.offered_at),
    appointment_id: row.appointment_id,
  };
}
