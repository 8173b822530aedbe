/**
 * Provider search (spec 3 "Search filter", 4.2). Both routes are public, under /api/v1, and answer
 * the envelope `{status_code, message, data}`; `data` has the type named here.
 *
 *   POST /providers/search                  ProviderSearchResult  (body: ProviderSearchDto)
 *   GET  /providers/online                  OnlineProvidersView   (walk-in tele visits open right now)
 */
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsLatitude,
  IsLongitude,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsCalendarDate } from './calendar-date';

const invalid = { message: 'Invalid' };
const length = { message: 'Invalid character length' };

export const VISIT_TYPES = ['Office', 'Telehealth', 'Online Now'] as const;
export type SearchVisitType = (typeof VISIT_TYPES)[number];
/**
 * After relevance to what was asked: 'distance' (nearest facility first; needs a location),
 * 'availability' (soonest calendar opening first) or 'name'.
 */
export const SEARCH_SORTS = ['distance', 'availability', 'name'] as const;
/** The "available within" filter's choices in the search page (days); the API takes 1 to 60. */
export const AVAILABLE_WITHIN_DAYS = [1, 3, 7, 14, 30] as const;
export const AVAILABLE_WITHIN_DAYS_MAX = 60;
/** The search page's distance choices (miles). */
export const SEARCH_DISTANCES = [5, 10, 25, 50, 100] as const;
export const GENDER_CODES = ['M', 'F', 'U'] as const;
export const SEARCH_PAGE_SIZE_MAX = 50;
/** The spec's default search state has page size 5. */
export const SEARCH_PAGE_SIZE_DEFAULT = 5;

/**
 * The spec's search filter. Unknown fields are refused like everywhere. Filters that are set
 * narrow the result; the rest are carried for the client (location, city, county_*, state_name,
 * text_field, calender_start_date, page_changed).
 *
 * - specialty / condition: a name from /specialties or /conditions, or a home tile's label ('Primary
 *   Care' is Internist), case-insensitive, narrows to providers with it (a condition: the providers
 *   whose specialties treat it). Any other typed text is never dropped: it matches specialties and
 *   conditions by pg_trgm word similarity (typos: 'dermatolgist') and provider names ('okafr').
 * - Results are ordered by relevance first (the asked specialty as a provider's first specialty
 *   before a second one; a condition's treating specialty as the first; closer spellings before
 *   looser ones), then by sort_on.
 * - insurance_name and insurance_plan_ids (their insurances): the provider accepts one of them.
 *   insurance_plane_name is carried only.
 * - zip_code or latitude+longitude: distances in miles from there; with `distance` (miles) only
 *   providers with a facility that near. sort_on 'distance' (the default) needs a location, else
 *   results are sorted by last and first name. sort_on 'availability': the soonest opening of a
 *   bookable calendar's weekly hours first (booked-up slots are not looked at for the order).
 * - available_within_days N: a bookable calendar's hours open within N days (1: today).
 * - language: the provider speaks it. accepts_insurance 'false' keeps providers who do not take
 *   the searched insurance (each card's accepts_selected_insurances tells).
 * - date (YYYY-MM-DD, not before today): the provider works that day; next availability is
 *   looked for from that day.
 * - visit_type Office / Telehealth: a calendar of that type. walk_in_tele_visit_enabled 'true' with
 *   visit_type 'Online Now': a telehealth calendar open right now.
 * - text_field: with a zip or coordinates it is the location's label ('City, ST zip') and does not
 *   narrow; without one it is free text: every word must appear in the provider's or practice's
 *   name, a facility's name or city, a specialty or a condition.
 * - walk_in_tele_visit_enabled alone does not narrow (the default state has it 'true').
 * - Validation errors answer 400 with the field's message ('Invalid', 'Invalid character length',
 *   'Invalid Date', 'Selection should not be greater than 15.') or one of: 'Invalid zip code.',
 *   'Invalid insurance plan.', 'Latitude and longitude go together.', 'A distance needs a zip code
 *   or a location.', 'Date cannot be before MM/DD/YYYY.', 'Available within should be 1 to 60
 *   days.', 'Unknown language.', 'Accepts insurance needs an insurance.'
 */
export class ProviderSearchDto {
  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  specialty?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  condition?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  insurance_name?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  insurance_plane_name?: string;

  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(15, { message: 'Selection should not be greater than 15.' })
  @IsInt({ each: true, message: 'Invalid' })
  insurance_plan_ids?: number[];

  @IsOptional()
  @IsCalendarDate({ message: 'Invalid Date' })
  date?: string;

  @IsOptional()
  @IsIn(['true', 'false', true, false], invalid)
  walk_in_tele_visit_enabled?: 'true' | 'false' | boolean;

  @IsOptional()
  @IsIn(SEARCH_SORTS, invalid)
  sort_on?: (typeof SEARCH_SORTS)[number];

  @IsOptional()
  @IsIn(GENDER_CODES, invalid)
  gender_code?: (typeof GENDER_CODES)[number];

  @IsOptional()
  @Matches(/^[0-9]{5,9}$/, length)
  zip_code?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  location?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(30, length)
  city?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(20, length)
  county_id?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(50, length)
  county_name?: string;

  @IsOptional()
  @IsLatitude(invalid)
  latitude?: number | string;

  @IsOptional()
  @IsLongitude(invalid)
  longitude?: number | string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(50, length)
  state_name?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  text_field?: string;

  @IsOptional()
  @IsCalendarDate({ message: 'Invalid Date' })
  calender_start_date?: string;

  /** Miles. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, invalid)
  @Min(0)
  @Max(500)
  distance?: number;

  @IsOptional()
  @IsIn(VISIT_TYPES, invalid)
  visit_type?: SearchVisitType;

  /** Default 1. */
  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(1_000_000)
  page_no?: number;

  /** Default 5 (the spec's default search state). */
  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(SEARCH_PAGE_SIZE_MAX)
  page_size?: number;

  @IsOptional()
  @IsIn(['true', 'false', true, false], invalid)
  page_changed?: 'true' | 'false' | boolean;

  @IsOptional()
  @IsUUID(undefined, invalid)
  practice_id?: string;

  /** A language the provider speaks (case-insensitive), e.g. 'Spanish'. */
  @IsOptional()
  @IsString(invalid)
  @MaxLength(40, length)
  language?: string;

  /** Only providers whose calendar hours open within this many days (1 = today). */
  @IsOptional()
  @IsInt(invalid)
  @Min(1, { message: 'Available within should be 1 to 60 days.' })
  @Max(AVAILABLE_WITHIN_DAYS_MAX, { message: 'Available within should be 1 to 60 days.' })
  available_within_days?: number;

  /**
   * With an insurance (insurance_name or insurance_plan_ids): 'true' (the default) shows only the
   * providers who accept it; 'false' shows everyone, those who accept it marked in network.
   */
  @IsOptional()
  @IsIn(['true', 'false', true, false], invalid)
  accepts_insurance?: 'true' | 'false' | boolean;
}

export interface SearchFacilityView {
  readonly facility_id: string;
  readonly name: string;
  readonly practice_id: string;
  readonly address: {
    readonly address1: string;
    readonly address2: string | null;
    readonly city: string;
    readonly state: string;
    readonly zip_code: string;
  };
  readonly iana_time_zone: string;
  readonly office_visit: boolean;
  readonly tele_visit: boolean;
  readonly latitude: number | null;
  readonly longitude: number | null;
  /** Miles from the searched zip or coordinates, one decimal; null without a location. */
  readonly distance: number | null;
}

export interface NextAvailabilityView {
  readonly calendar_id: string;
  readonly facility_id: string;
  /** UTC ISO instant of the first open slot. */
  readonly start_date: string;
  readonly time_zone: string;
  readonly visit_type: 'Office' | 'Telehealth' | 'Resource';
}

export interface ProviderCardView {
  readonly id: string;
  readonly provider_type: 'LocalProvider' | 'VendorProvider';
  readonly practice_id: string;
  readonly practice_name: string;
  readonly name: {
    readonly first_name: string;
    readonly last_name: string;
    readonly full_name: string;
  };
  /** At most two are displayed (spec 9). */
  readonly professional_suffixes: readonly string[];
  readonly specialty: string | null;
  readonly specialties: readonly string[];
  readonly conditions: readonly string[];
  readonly gender: string | null;
  readonly gender_code: 'M' | 'F' | 'U';
  readonly languages: readonly string[];
  readonly profile_picture_uri: string | null;
  readonly npi: string | null;
  readonly visit_types: readonly ('Office' | 'Telehealth')[];
  readonly walk_in_online_now: boolean;
  readonly enable_visit_fee: boolean;
  readonly visit_amount: number | null;
  readonly insured_visit_amount: number | null;
  readonly provider_insurances: readonly string[];
  /** Whether the provider takes the searched insurance ("In network"); false when none was searched. */
  readonly accepts_selected_insurances: boolean;
  readonly allow_existing_patients_only: boolean;
  /** The signed-in patient had a non-canceled appointment with this provider. */
  readonly patient_visited_before: boolean;
  readonly profile_ranking: number;
  readonly primaryFacility: { readonly facility_id: string } | null;
  readonly nearest_facility: {
    readonly facility_id: string;
    readonly name: string;
    readonly practice_id: string;
    readonly distance: number | null;
  } | null;
  readonly facilities: readonly SearchFacilityView[];
  /** Null when the provider has no calendar or nothing open in the next two years. */
  readonly next_availability: NextAvailabilityView | null;
  /** Patients' reviews of their visits: the average rating (1-5) and how many; null when none. */
  readonly rating: { readonly average: number; readonly count: number } | null;
}

export interface ProviderSearchResult {
  readonly count: number;
  readonly page_no: number;
  readonly page_size: number;
  readonly providers: readonly ProviderCardView[];
}

export interface OnlineProviderView {
  readonly id: string;
  readonly name: {
    readonly first_name: string;
    readonly last_name: string;
    readonly full_name: string;
  };
  readonly profile_picture_uri: string | null;
  readonly specialties: readonly string[];
}

export interface OnlineProvidersView {
  /** At most 10, best ranked first. */
  readonly providers: readonly OnlineProviderView[];
  readonly onlineCount: number;
}

/**
 * Resource search (issue 20): rooms, labs and equipment, found like providers. Public, under
 * /api/v1, the envelope `{status_code, message, data}`:
 *
 *   POST /resources/search                  ResourceSearchResult  (body: ResourceSearchDto)
 */
export const RESOURCE_TYPES = ['Room', 'Lab', 'Equipment'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * - text_field: typed text; with a zip or coordinates it is the location's label and does not
 *   narrow, otherwise it matches the resource's name or type (pg_trgm word similarity: 'labb'),
 *   or every word its practice's or facilities' names or cities.
 * - name: typed text that always narrows as text_field does without a location.
 * - resource_type: Room, Lab or Equipment.
 * - resource_id (the spec's calendar query: providerId or resourceId): that resource only.
 * - zip_code or latitude+longitude, distance, sort_on, page_no, page_size, practice_id,
 *   visit_type ('Resource' only; other kinds find nothing) as in the provider search.
 * - Errors: 400 with the field's message ('Invalid', 'Invalid character length') or 'Invalid zip
 *   code.', 'Latitude and longitude go together.', 'A distance needs a zip code or a location.'
 */
export class ResourceSearchDto {
  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  name?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(100, length)
  text_field?: string;

  @IsOptional()
  @IsIn(RESOURCE_TYPES, invalid)
  resource_type?: ResourceType;

  @IsOptional()
  @IsUUID(undefined, invalid)
  resource_id?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  practice_id?: string;

  @IsOptional()
  @Matches(/^[0-9]{5,9}$/, length)
  zip_code?: string;

  @IsOptional()
  @IsLatitude(invalid)
  latitude?: number | string;

  @IsOptional()
  @IsLongitude(invalid)
  longitude?: number | string;

  /** Miles. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, invalid)
  @Min(0)
  @Max(500)
  distance?: number;

  @IsOptional()
  @IsIn(SEARCH_SORTS, invalid)
  sort_on?: (typeof SEARCH_SORTS)[number];

  @IsOptional()
  @IsIn(['Resource', ...VISIT_TYPES], invalid)
  visit_type?: string;

  @IsOptional()
  @IsCalendarDate({ message: 'Invalid Date' })
  date?: string;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(1_000_000)
  page_no?: number;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(SEARCH_PAGE_SIZE_MAX)
  page_size?: number;
}

/** One resource in the results: what it is, where, and its soonest opening. */
export interface ResourceCardView {
  readonly id: string;
  readonly entity_type: 'Resource';
  /** The spec's resource_type: Room, Lab or Equipment. */
  readonly resource_type: ResourceType;
  readonly name: string;
  readonly practice_id: string;
  readonly practice_name: string;
  readonly primaryFacility: { readonly facility_id: string } | null;
  readonly nearest_facility: {
    readonly facility_id: string;
    readonly name: string;
    readonly practice_id: string;
    readonly distance: number | null;
  } | null;
  readonly facilities: readonly SearchFacilityView[];
  /** Its bookable calendars' first free slot; null when none is open in the next two years. */
  readonly next_availability: NextAvailabilityView | null;
}

export interface ResourceSearchResult {
  readonly count: number;
  readonly page_no: number;
  readonly page_size: number;
  readonly resources: readonly ResourceCardView[];
}

/**
 * GET /search/map-config (public): the search map's tile source, configured on the server
 * (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). Null: no tiles, a blank local style (markers only).
 */
export interface MapConfigView {
  /** A URL template with {z}, {x} and {y} (and optionally {s}). */
  readonly tile_url: string | null;
  readonly attribution: string | null;
}
