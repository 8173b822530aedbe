import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { DirectoryEntryChangeEvent } from '../../directory/domain/directory-entry.events';
import {
  facilityPlace,
  type ProviderCard,
  providerRow,
  providerSearchText,
} from './provider-search.rows';

type EntryChange = DirectoryEntryChangeEvent['data'];

const json = (value: unknown) => sql<string>`${JSON.stringify(value)}::text::jsonb`;

/**
 * A directory entry edited (rare: one event at a time, in log order between the batch's runs).
 * A provider's row is told again from the edit's whole form, and their facilities follow the
 * form's list; a facility's name, address and place change, and so does the search text of every
 * provider who practises there (told from the stored cards). Resources and visit reasons are not
 * searched.
 */
export async function applyEntryChange(change: EntryChange, trx: Transaction<DB>): Promise<void> {
  if (change.kind === 'provider') await changeProvider(change, trx);
  else if (change.kind === 'facility') await changeFacility(change, trx);
}

async function changeProvider(change: EntryChange, trx: Transaction<DB>): Promise<void> {
  const stored = await trx
    .selectFrom('rm_search_providers')
    .select('position')
    .where('provider_id', '=', change.id)
    .executeTakeFirst();
  if (!stored) return;
  const facilityIds = [
    ...new Set((change.after.details.facility_ids as string[] | undefined) ?? []),
  ];
  const [practice, facilities] = await Promise.all([
    trx
      .selectFrom('rm_search_practices')
      .select('name')
      .where('practice_id', '=', change.practice_id)
      .executeTakeFirst(),
    facilitiesOf(trx, facilityIds),
  ]);
  const row = providerRow(
    { id: change.id, practice_id: change.practice_id, kind: 'provider', ...change.after },
    practice?.name ?? '',
    facilities,
  );
  await trx
    .updateTable('rm_search_providers')
    .set({ ...row, card: json(row.card) })
    .where('provider_id', '=', change.id)
    .execute();
  await trx
    .deleteFrom('rm_search_provider_facilities')
    .where('provider_id', '=', change.id)
    .$if(facilityIds.length > 0, (q) => q.where('facility_id', 'not in', facilityIds))
    .execute();
  if (facilities.length === 0) return;
  await trx
    .insertInto('rm_search_provider_facilities')
    .values(
      facilities.map((f) => ({
        provider_id: change.id,
        facility_id: f.facility_id,
        latitude: f.latitude,
        longitude: f.longitude,
      })),
    )
    .onConflict((oc) => oc.columns(['provider_id', 'facility_id']).doNothing())
    .execute();
}

async function changeFacility(change: EntryChange, trx: Transaction<DB>): Promise<void> {
  const place = facilityPlace(change.after.details);
  const updated = await trx
    .updateTable('rm_search_facilities')
    .set({
      name: change.after.name,
      details: json(change.after.details),
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    })
    .where('facility_id', '=', change.id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return;
  await trx
    .updateTable('rm_search_provider_facilities')
    .set({ latitude: place?.latitude ?? null, longitude: place?.longitude ?? null })
    .where('facility_id', '=', change.id)
    .execute();
  // Every provider who practises here: their search text names the facility and its city.
  const providers = await trx
    .selectFrom('rm_search_providers as p')
    .leftJoin('rm_search_practices as r', 'r.practice_id', 'p.practice_id')
    .select(['p.provider_id', 'p.facility_ids', 'p.card', 'r.name as practice_name'])
    .where(sql<boolean>`${change.id}::uuid = ANY(p.facility_ids)`)
    .execute();
  for (const provider of providers) {
    const facilities = await facilitiesOf(trx, provider.facility_ids);
    await trx
      .updateTable('rm_search_providers')
      .set({
        search_text: providerSearchText(
          provider.card as ProviderCard,
          provider.practice_name ?? '',
          facilities,
        ),
      })
      .where('provider_id', '=', provider.provider_id)
      .execute();
  }
}

/** The known facilities among these, in the order they were registered (as registration reads them). */
async function facilitiesOf(trx: Transaction<DB>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('rm_search_facilities')
    .select(['facility_id', 'name', 'details', 'latitude', 'longitude'])
    .where('facility_id', 'in', [...ids])
    .orderBy('position')
    .execute();
}
