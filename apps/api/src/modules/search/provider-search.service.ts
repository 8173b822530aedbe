import {
  minutesOfDay,
  type NextAvailabilityView,
  type OnlineProvidersView,
  type ProviderCardView,
  type ProviderSearchDto,
  type ProviderSearchResult,
  type SearchFacilityView,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { CLOCK, type Clock } from '../../infra/clock';
import { type CalendarSettings, weeklyHoursIn } from '../scheduling/domain/calendar.events';
import { NEXT_AVAILABILITY_DAYS } from '../scheduling/week-calendar';
import { NextAvailabilityCache } from './next-availability.cache';
import { milesBetween } from '../reference/zip-directory';
import { type SearchCriteria, searchCriteria } from './provider-search.criteria';
import type { FacilityAddress } from './projections/provider-search.rows';
import {
  type CalendarPlaces,
  type CalendarVersion,
  type FacilityRow,
  type ProviderHit,
  ProviderSearchRepository,
} from './provider-search.repository';

const ONLINE_SHOWN = 10;
const DAY_MS = 86_400_000;
const oneDecimal = (miles: number): number => Math.round(miles * 10) / 10;

/** Provider search: the filter resolved, a page from the read model, then each card completed. */
@Injectable()
export class ProviderSearchService {
  private readonly nextAvailability = new NextAvailabilityCache();

  constructor(
    private readonly repository: ProviderSearchRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async search(
    dto: ProviderSearchDto,
    patientId: string | null = null,
  ): Promise<ProviderSearchResult> {
    const now = this.clock.now();
    const criteria = searchCriteria(dto, now);
    const { rows: hits, total: count } = await this.repository.search(criteria, now);
    return {
      count,
      page_no: criteria.pageNo,
      page_size: criteria.pageSize,
      providers: await this.cards(hits, criteria, now, patientId),
    };
  }

  async online(): Promise<OnlineProvidersView> {
    const { total, rows } = await this.repository.onlineNow(this.clock.now(), ONLINE_SHOWN);
    return {
      onlineCount: total,
      providers: rows.map((row) => ({
        id: row.provider_id,
        name: nameOf(row),
        profile_picture_uri: row.card.profile_picture_uri,
        specialties: row.card.specialties,
      })),
    };
  }

  /** The earliest first free slot over the provider's calendars, from the searched day on. */
  private firstAvailability(
    calendars: readonly CalendarVersion[],
    fromDay: string | null,
    now: Date,
    { places, positions }: CalendarPlaces,
  ): NextAvailabilityView | null {
    let best: NextAvailabilityView | null = null;
    for (const { settings, position } of calendars) {
      const id = settings.calendar_id;
      const version = `${position}:${positions.get(id) ?? 0}`;
      const found = this.nextAvailability.find(
        settings,
        version,
        fromDay,
        now,
        places.get(id) ?? new Map(),
      );
      if (found && (!best || found.start_date < best.start_date)) best = found;
    }
    return best;
  }

  private async cards(
    hits: readonly ProviderHit[],
    criteria: SearchCriteria,
    now: Date,
    patientId: string | null,
  ): Promise<ProviderCardView[]> {
    const providerIds = hits.map((h) => h.provider_id);
    const [facilityRows, calendars, visited, ratings] = await Promise.all([
      this.repository.facilities([...new Set(hits.flatMap((h) => h.facility_ids))]),
      this.repository.calendars(providerIds),
      patientId ? this.repository.visitedProviders(patientId, providerIds) : new Set<string>(),
      this.repository.ratings(providerIds),
    ]);
    const facilities = new Map(facilityRows.map((f) => [f.facility_id, f]));
    const bookable = calendars.filter(
      (c) => !criteria.visitType || c.settings.visit_type === criteria.visitType,
    );
    const { places, positions } = await this.repository.freePlaces(
      bookable.map((c) => c.settings.calendar_id),
      new Date(now.getTime() - DAY_MS),
      new Date(now.getTime() + (NEXT_AVAILABILITY_DAYS + 7) * DAY_MS),
    );
    return hits.map((hit) => {
      const mine = hit.facility_ids
        .map((id) => facilities.get(id))
        .filter((f): f is FacilityRow => f !== undefined)
        .map((f) => facilityView(f, criteria.origin));
      if (criteria.origin) mine.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
      const own = calendars.map((c) => c.settings).filter((c) => c.provider_id === hit.provider_id);
      const nearest = mine[0];
      const card = hit.card;
      return {
        id: hit.provider_id,
        provider_type: card.provider_type,
        practice_id: hit.practice_id,
        practice_name: hit.practice_name ?? '',
        name: nameOf(hit),
        professional_suffixes: card.professional_suffixes,
        specialty: card.specialties[0] ?? null,
        specialties: card.specialties,
        conditions: card.conditions,
        gender: card.gender,
        gender_code: genderCode(card.gender),
        languages: card.languages,
        profile_picture_uri: card.profile_picture_uri,
        npi: card.npi,
        visit_types: (['Office', 'Telehealth'] as const).filter((t) =>
          own.some((c) => c.visit_type === t && !c.online_booking_disabled),
        ),
        walk_in_online_now: own.some((c) => c.visit_type === 'Telehealth' && isOpen(c, now)),
        enable_visit_fee: card.enable_visit_fee,
        visit_amount: card.visit_amount,
        insured_visit_amount: card.insured_visit_amount,
        provider_insurances: card.provider_insurances,
        // "In network": only when an insurance was searched and the provider takes it.
        accepts_selected_insurances: card.provider_insurances.some((name) =>
          criteria.insurances.includes(name.toLowerCase()),
        ),
        allow_existing_patients_only: card.allow_existing_patients_only,
        patient_visited_before: visited.has(hit.provider_id),
        profile_ranking: card.profile_ranking,
        primaryFacility: hit.facility_ids[0] ? { facility_id: hit.facility_ids[0] } : null,
        nearest_facility: nearest
          ? {
              facility_id: nearest.facility_id,
              name: nearest.name,
              practice_id: nearest.practice_id,
              distance: nearest.distance,
            }
          : null,
        facilities: mine,
        next_availability: this.firstAvailability(
          bookable.filter((c) => c.settings.provider_id === hit.provider_id),
          criteria.date,
          now,
          { places, positions },
        ),
        rating: ratings.get(hit.provider_id) ?? null,
      };
    });
  }
}

const nameOf = (hit: ProviderHit) => ({
  first_name: hit.card.first_name,
  last_name: hit.card.last_name,
  full_name: `${hit.card.first_name} ${hit.card.last_name}`.trim(),
});

function genderCode(gender: string | null): 'M' | 'F' | 'U' {
  return gender === 'Male' ? 'M' : gender === 'Female' ? 'F' : 'U';
}

export function facilityView(f: FacilityRow, origin: SearchCriteria['origin']): SearchFacilityView {
  const address = (f.details.address ?? {}) as FacilityAddress;
  const placed = f.latitude !== null && f.longitude !== null;
  return {
    facility_id: f.facility_id,
    name: f.name,
    practice_id: f.practice_id,
    address: {
      address1: address.address1 ?? '',
      address2: address.address2 ?? null,
      city: address.city ?? '',
      state: address.state ?? '',
      zip_code: address.zip_code ?? '',
    },
    iana_time_zone: typeof f.details.iana_time_zone === 'string' ? f.details.iana_time_zone : 'UTC',
    office_visit: f.details.office_visit === true,
    tele_visit: f.details.tele_visit === true,
    latitude: f.latitude,
    longitude: f.longitude,
    distance:
      origin && placed
        ? oneDecimal(milesBetween(origin.latitude, origin.longitude, f.latitude, f.longitude))
        : null,
  };
}

/**
 * The same rule as the read model's 'Online Now' filter, for one calendar: within one of its
 * spans (its weekly hours, or those its single hours make) at that local minute, within its dates.
 */
function isOpen(calendar: CalendarSettings, now: Date): boolean {
  if (calendar.online_booking_disabled) return false;
  const local = DateTime.fromJSDate(now, { zone: calendar.time_zone });
  const day = local.toISODate() ?? '';
  const minute = local.hour * 60 + local.minute;
  const spans = weeklyHoursIn(calendar).find((d) => d.weekday === local.weekday)?.spans ?? [];
  return (
    spans.some((s) => minutesOfDay(s.start) <= minute && minute < minutesOfDay(s.end)) &&
    day >= calendar.date_from &&
    (calendar.date_to === null || day <= calendar.date_to)
  );
}
