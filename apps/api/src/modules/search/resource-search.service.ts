import type {
  NextAvailabilityView,
  ResourceCardView,
  ResourceSearchDto,
  ResourceSearchResult,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../infra/clock';
import { NEXT_AVAILABILITY_DAYS } from '../scheduling/week-calendar';
import { NextAvailabilityCache } from './next-availability.cache';
import { type FacilityRow, ProviderSearchRepository } from './provider-search.repository';
import { facilityView } from './provider-search.service';
import { resourceCriteria } from './resource-search.criteria';
import { ResourceSearchRepository } from './resource-search.repository';

const DAY_MS = 86_400_000;

/** Resource search: the filter resolved, a page of resources, each with its next opening. */
@Injectable()
export class ResourceSearchService {
  private readonly nextAvailability = new NextAvailabilityCache();

  constructor(
    private readonly resources: ResourceSearchRepository,
    private readonly providers: ProviderSearchRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async search(dto: ResourceSearchDto): Promise<ResourceSearchResult> {
    const now = this.clock.now();
    const criteria = resourceCriteria(dto);
    const { rows: hits, total } = await this.resources.search(criteria, now);
    const ids = hits.map((h) => h.resource_id);
    const [facilityRows, calendars] = await Promise.all([
      this.providers.facilities([...new Set(hits.flatMap((h) => h.facility_ids))]),
      this.resources.calendars(ids),
    ]);
    const facilities = new Map(facilityRows.map((f) => [f.facility_id, f]));
    const { places, positions } = await this.providers.freePlaces(
      calendars.map((c) => c.settings.calendar_id),
      new Date(now.getTime() - DAY_MS),
      new Date(now.getTime() + (NEXT_AVAILABILITY_DAYS + 7) * DAY_MS),
    );
    const cards = hits.map((hit): ResourceCardView => {
      const mine = hit.facility_ids
        .map((id) => facilities.get(id))
        .filter((f): f is FacilityRow => f !== undefined)
        .map((f) => facilityView(f, criteria.origin));
      if (criteria.origin) mine.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
      const nearest = mine[0];
      let next: NextAvailabilityView | null = null;
      for (const { settings, position } of calendars) {
        if (settings.resource_id !== hit.resource_id) continue;
        const id = settings.calendar_id;
        const found = this.nextAvailability.find(
          settings,
          `${position}:${positions.get(id) ?? 0}`,
          criteria.date,
          now,
          places.get(id) ?? new Map(),
        );
        if (found && (!next || found.start_date < next.start_date)) next = found;
      }
      return {
        id: hit.resource_id,
        entity_type: 'Resource',
        resource_type: hit.resource_type,
        name: hit.name,
        practice_id: hit.practice_id,
        practice_name: hit.practice_name ?? '',
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
        next_availability: next,
      };
    });
    return {
      count: total,
      page_no: criteria.pageNo,
      page_size: criteria.pageSize,
      resources: cards,
    };
  }
}
