import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import type { ProviderCard } from './projections/provider-search.rows';

/** What provider search's queries answer: a matching provider with its card, and the card's parts. */
export interface ProviderHit {
  readonly provider_id: string;
  readonly practice_id: string;
  readonly practice_name: string | null;
  readonly facility_ids: string[];
  readonly card: ProviderCard;
  readonly miles: number | null;
}

export interface FacilityRow {
  readonly facility_id: string;
  readonly practice_id: string;
  readonly name: string;
  readonly details: Record<string, unknown>;
  readonly latitude: number | null;
  readonly longitude: number | null;
}

export interface CalendarVersion {
  readonly settings: CalendarSettings;
  /** The position of the calendar's last settings change. */
  readonly position: number;
}

export interface CalendarPlaces {
  readonly places: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly positions: ReadonlyMap<string, number>;
}
