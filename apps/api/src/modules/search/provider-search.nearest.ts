import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../infra/database/database.types';
import type { ProviderHit } from './provider-search.hits';
import { milesFrom } from './provider-search.sql';

/**
 * A page of providers by distance, nearest first, without working out every provider's
 * distance: facilities are walked outward from the origin in growing batches (cut where the
 * distance changes, so a batch never splits a tie), each batch's providers taken at their
 * nearest facility, until the page is full; then, unless a radius was asked, the providers
 * with no located facility, by name. The same order as sorting every match by
 * (miles NULLS LAST, last name, first name, id).
 */
export async function nearestFirst(
  db: Kysely<DB>,
  origin: { latitude: number; longitude: number },
  maxMiles: number | null,
  box: RawBuilder<unknown>,
  filter: RawBuilder<unknown>,
  { offset, size: pageSize }: { offset: number; size: number },
): Promise<ProviderHit[]> {
  const distance = milesFrom(origin);
  const { rows: places } = await sql<{ facility_id: string; miles: number }>`
    SELECT facility_id, miles FROM (
      SELECT facility_id, ${distance} AS miles FROM rm_search_facilities
      WHERE latitude IS NOT NULL ${box}) f
    ${maxMiles !== null ? sql`WHERE miles <= ${maxMiles}` : sql``}
    ORDER BY miles, facility_id`.execute(db);
  const wanted = offset + pageSize;
  const found: { provider_id: string; miles: number | null }[] = [];
  let next = 0;
  for (let size = 4; next < places.length && found.length < wanted; size *= 4) {
    let end = Math.min(places.length, next + size);
    while (end < places.length && places[end]!.miles === places[end - 1]!.miles) end += 1;
    const batch = places.slice(next, end).map((place) => place.facility_id);
    next = end;
    // A provider's distance is its nearest facility's: one nearer than this batch's is in an
    // earlier batch (and was taken there), so such providers are skipped here. OFFSET 0 keeps
    // both lookups per candidate (index probes), not hash joins over every provider.
    const { rows } = await sql<{ provider_id: string; miles: number }>`
      SELECT x.provider_id, x.miles FROM (
        SELECT DISTINCT ON (provider_id) provider_id, ${distance} AS miles
        FROM rm_search_provider_facilities
        WHERE facility_id = ANY (${sql.val(batch)}::uuid[])
        ORDER BY provider_id, 2) x
      CROSS JOIN LATERAL (
        SELECT p.last_name, p.first_name FROM rm_search_providers p
        WHERE p.provider_id = x.provider_id AND ${filter} OFFSET 0) p
      WHERE NOT EXISTS (
        SELECT 1 FROM rm_search_provider_facilities n
        WHERE n.provider_id = x.provider_id AND n.latitude IS NOT NULL
          AND ${milesFrom(origin, sql`n.`)} < x.miles OFFSET 0)
      ORDER BY x.miles, p.last_name, p.first_name, x.provider_id
      LIMIT ${wanted - found.length}`.execute(db);
    found.push(...rows);
  }
  if (found.length < wanted && maxMiles === null) {
    const { rows } = await sql<{ provider_id: string; miles: null }>`
      SELECT p.provider_id, NULL::float8 AS miles FROM rm_search_providers p
      WHERE ${filter} AND NOT EXISTS (
        SELECT 1 FROM rm_search_provider_facilities n
        WHERE n.provider_id = p.provider_id AND n.latitude IS NOT NULL)
      ORDER BY p.last_name, p.first_name, p.provider_id
      LIMIT ${pageSize} OFFSET ${Math.max(0, offset - found.length)}`.execute(db);
    found.push(...rows);
  }
  const page = found.slice(offset, wanted);
  if (page.length === 0) return [];
  const { rows: cards } = await sql<Omit<ProviderHit, 'miles'>>`
    SELECT p.provider_id, p.practice_id, pr.name AS practice_name, p.facility_ids, p.card
    FROM rm_search_providers p
    LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
    WHERE p.provider_id = ANY (${sql.val(page.map((row) => row.provider_id))}::uuid[])`.execute(db);
  const byId = new Map(cards.map((card) => [card.provider_id, card]));
  return page.map((row) => ({ ...byId.get(row.provider_id)!, miles: row.miles }));
}
