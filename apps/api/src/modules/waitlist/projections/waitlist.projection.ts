import { slotId, type WaitlistChangedMessage, type WaitlistOfferView } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import {
  type Columns,
  writeTogether,
  rowsInsert,
  updating,
} from '../../../infra/projections/bulk-rows';
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
  // A calendar's practice, for the messages of events that do not name it (rm_calendars).
  appliesAfter: ['scheduling'],
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
        if (!context.replaying) await publishChange(context, d, 'joined', position);
        return;
      }
      case 'WaitlistLeft': {
        const gone = await trx
          .deleteFrom('rm_waitlist')
          .where('calendar_id', '=', event.data.calendar_id)
          .where('patient_id', '=', event.data.patient_id)
          .returning('joined_by')
          .executeTakeFirst();
        if (!context.replaying) {
          const about = { ...event.data, joined_by: gone?.joined_by ?? event.data.patient_id };
          await publishChange(context, about, event.data.reason, position);
        }
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
        if (!context.replaying) {
          await publishOffer(context, d.offer_id, position);
          await publishChange(context, d, 'offered', position);
        }
        return;
      }
      case 'WaitlistOfferEnded': {
        const d = event.data;
        await trx
          .updateTable('rm_waitlist_offers')
          .set({ status: d.status, appointment_id: d.appointment_id, position })
          .where('offer_id', '=', d.offer_id)
          .execute();
        // What the offer's message says is read back: a rebuild publishes nothing.
        if (!context.replaying) {
          await publishOffer(context, d.offer_id, position);
          await publishChange(context, d, 'offer-ended', position);
        }
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  /**
   * Live, event by event (each offer's message reads the offer as that event left it). A rebuild
   * publishes nothing: the batch's rows are read once, folded in memory in log order and written
   * back in one statement.
   */
  async applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    const told = events.filter((event) => EVENTS.has(event.type));
    if (told.length === 0) return;
    if (!context.replaying) {
      for (const event of told) await this.apply(event, context);
      return;
    }
    await replayBatch(context.trx, told);
  },
};

interface EntryRow {
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly joined_by: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly practice_id: string;
  readonly type: string;
  readonly seq: number;
  readonly joined_at: string;
  readonly position: number;
}

interface OfferRow {
  readonly offer_id: string;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly start_date: string;
  readonly hold_id: string;
  readonly expires_at: string;
  readonly status: string;
  readonly offered_at: string;
  readonly appointment_id: string | null;
  readonly position: number;
}

const entryKey = (calendarId: string, patientId: string) => `${calendarId}|${patientId}`;

/**
 * A rebuild's batch, with the rules of `apply`: a join adds the entry unless there is one, a
 * leave removes it; an offer is added unless known, its end updates it if known. The rows the
 * batch names are read first (one statement), so the fold starts from what is stored.
 */
async function replayBatch(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<void> {
  const entryKeys = new Map<string, { calendar: string; patient: string }>();
  const offerIds = new Set<string>();
  for (const { type, data } of events) {
    const d = data as { calendar_id: string; patient_id: string; offer_id?: string };
    if (type === 'WaitlistJoined' || type === 'WaitlistLeft') {
      entryKeys.set(entryKey(d.calendar_id, d.patient_id), {
        calendar: d.calendar_id,
        patient: d.patient_id,
      });
    } else if (d.offer_id) offerIds.add(d.offer_id);
  }
  const keys = [...entryKeys.values()];
  const { rows } = await sql<{ entries: EntryRow[]; offers: OfferRow[] }>`SELECT
      (SELECT coalesce(json_agg(w), '[]') FROM rm_waitlist w
        WHERE (calendar_id, patient_id) IN (SELECT * FROM unnest(
          ${keys.map((k) => k.calendar)}::uuid[], ${keys.map((k) => k.patient)}::uuid[])))
        AS entries,
      (SELECT coalesce(json_agg(o), '[]') FROM rm_waitlist_offers o
        WHERE offer_id = ANY(${[...offerIds]}::uuid[])) AS offers`.execute(trx);
  /** Each entry and offer the batch names as it stands; null: there is none. */
  const entries = new Map<string, EntryRow | null>([...entryKeys.keys()].map((k) => [k, null]));
  const offers = new Map<string, OfferRow | null>([...offerIds].map((id) => [id, null]));
  for (const row of rows[0]?.entries ?? []) {
    entries.set(entryKey(row.calendar_id, row.patient_id), row);
  }
  for (const row of rows[0]?.offers ?? []) offers.set(row.offer_id, row);
  const changedEntries = new Set<string>();
  const changedOffers = new Set<string>();
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as WaitlistEvent;
    const position = recorded.globalPosition;
    switch (event.type) {
      case 'WaitlistJoined': {
        const d = event.data;
        const key = entryKey(d.calendar_id, d.patient_id);
        if (entries.get(key)) break;
        entries.set(key, {
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
        });
        changedEntries.add(key);
        break;
      }
      case 'WaitlistLeft': {
        const key = entryKey(event.data.calendar_id, event.data.patient_id);
        entries.set(key, null);
        changedEntries.add(key);
        break;
      }
      case 'WaitlistOfferMade': {
        const d = event.data;
        if (offers.get(d.offer_id)) break;
        offers.set(d.offer_id, {
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
        });
        changedOffers.add(d.offer_id);
        break;
      }
      case 'WaitlistOfferEnded': {
        const d = event.data;
        const offer = offers.get(d.offer_id);
        if (!offer) break;
        offers.set(d.offer_id, {
          ...offer,
          status: d.status,
          // As the update event by event, which leaves a column it is given no value for.
          appointment_id: d.appointment_id === undefined ? offer.appointment_id : d.appointment_id,
          position,
        });
        changedOffers.add(d.offer_id);
        break;
      }
    }
  }
  const gone = [...entryKeys].filter(([key]) => changedEntries.has(key) && !entries.get(key));
  await writeTogether(trx, [
    sql`DELETE FROM rm_waitlist WHERE (calendar_id, patient_id) IN (SELECT * FROM unnest(
          ${gone.map(([, k]) => k.calendar)}::uuid[], ${gone.map(([, k]) => k.patient)}::uuid[]))`,
    rowsInsert(
      'rm_waitlist',
      ENTRY_COLUMNS,
      [...changedEntries].flatMap((key) => entries.get(key) ?? []),
      updating(['calendar_id', 'patient_id'], Object.keys(ENTRY_COLUMNS)),
    ),
    rowsInsert(
      'rm_waitlist_offers',
      OFFER_COLUMNS,
      [...changedOffers].flatMap((id) => offers.get(id) ?? []),
      updating(['offer_id'], Object.keys(OFFER_COLUMNS)),
    ),
  ]);
}

const ENTRY_COLUMNS: Columns<EntryRow> = {
  calendar_id: 'uuid',
  patient_id: 'uuid',
  joined_by: 'uuid',
  provider_id: 'uuid',
  resource_id: 'uuid',
  practice_id: 'uuid',
  type: 'text',
  seq: 'bigint',
  joined_at: 'timestamptz',
  position: 'bigint',
};

const OFFER_COLUMNS: Columns<OfferRow> = {
  offer_id: 'uuid',
  calendar_id: 'uuid',
  patient_id: 'uuid',
  start_date: 'timestamptz',
  hold_id: 'uuid',
  expires_at: 'timestamptz',
  status: 'text',
  offered_at: 'timestamptz',
  appointment_id: 'uuid',
  position: 'bigint',
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

/**
 * A line changed: the practice's waitlists page and the patient's own list read it again (the
 * patient's room, and the account's that put a family member on the list). The practice is the
 * calendar's (events other than a join do not name it).
 */
async function publishChange(
  context: ProjectionContext,
  about: { calendar_id: string; patient_id: string; joined_by?: string; practice_id?: string },
  change: WaitlistChangedMessage['change'],
  position: number,
): Promise<void> {
  const practiceId =
    about.practice_id ??
    (
      await context.trx
        .selectFrom('rm_calendars')
        .select('practice_id')
        .where('calendar_id', '=', about.calendar_id)
        .executeTakeFirst()
    )?.practice_id;
  const message = {
    practice_id: practiceId ?? '',
    calendar_id: about.calendar_id,
    patient_id: about.patient_id,
    change,
    position,
  };
  if (practiceId) context.publish(`practice:${practiceId}`, 'waitlist.changed', message);
  for (const user of new Set([about.patient_id, about.joined_by ?? about.patient_id])) {
    context.publish(`user:${user}`, 'waitlist.changed', message);
  }
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
