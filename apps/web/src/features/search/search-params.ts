/** Spec 2.2: every filter value travels as a query parameter of provider-search. */
export const SEARCH_PARAMS = [
  'specialty',
  'location',
  'insurance_name',
  'insurance_plane_name',
  'date',
  'walk_in_tele_visit_enabled',
  'sort_on',
  'condition',
  'gender_code',
  'zip_code',
  'city',
  'county_id',
  'county_name',
  'latitude',
  'longitude',
  'state_name',
  'text_field',
  'calender_start_date',
  'distance',
  'visit_type',
  'page_no',
  'page_size',
  'page_changed',
  // Ours (issue 19), beyond the spec's list: the search page's other filters.
  'language',
  'available_within_days',
  'accepts_insurance',
  // Issue 20: what is searched ('resource' for rooms, labs and equipment) and which kind.
  'entity_type',
  'resource_type',
] as const;

export type SearchParam = (typeof SEARCH_PARAMS)[number];
export type SearchFilter = Partial<Record<SearchParam, string>> & {
  /** Chosen plan, kept with the filter but not in the address. */
  readonly insurance_plan_ids?: readonly number[];
};

/** Spec 3: the default search state. */
export const DEFAULT_FILTER: SearchFilter = {
  sort_on: 'distance',
  page_no: '1',
  page_size: '5',
  walk_in_tele_visit_enabled: 'true',
};

export function filterFromQuery(query: URLSearchParams): SearchFilter {
  const filter: Partial<Record<SearchParam, string>> = {};
  for (const name of SEARCH_PARAMS) {
    const value = query.get(name);
    if (value !== null && value !== '') filter[name] = value;
  }
  return filter;
}

export function searchPath(filter: SearchFilter): string {
  const query = new URLSearchParams();
  for (const name of SEARCH_PARAMS) {
    const value = filter[name];
    if (value !== undefined && value !== '') query.set(name, value);
  }
  return `/provider-search?${query.toString()}`;
}

/**
 * Spec 4.2: a search starts at page 1 and resets sort, gender, condition, distance and visit
 * type; a normal search is not a walk-in one.
 */
export function newSearch(filter: SearchFilter, changes: SearchFilter): SearchFilter {
  const {
    sort_on: _sort,
    gender_code: _gender,
    condition: _condition,
    distance: _distance,
    visit_type: _visit,
    ...kept
  } = filter;
  return {
    ...kept,
    walk_in_tele_visit_enabled: 'false',
    ...(filter.zip_code || changes.zip_code ? { sort_on: 'distance' } : {}),
    ...changes,
    page_no: '1',
  };
}

/** Spec 2.4: 'See Doctor Now' searches walk-in tele visits open now. */
export const walkInSearch = (filter: SearchFilter): SearchFilter => ({
  ...newSearch(filter, {}),
  walk_in_tele_visit_enabled: 'true',
  visit_type: 'Online Now',
});

const STORAGE_KEY = 'medbook.search';

/** Spec 2.2: the filter (and the last result) are kept in session storage. */
export function storedSearch<T>(): { filter: SearchFilter; result: T | null } {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw) return JSON.parse(raw) as { filter: SearchFilter; result: T | null };
  } catch {
    // Storage unavailable or corrupt: start afresh.
  }
  return { filter: DEFAULT_FILTER, result: null };
}

export function storeSearch<T>(filter: SearchFilter, result: T | null): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ filter, result }));
  } catch {
    // A full or disabled storage only loses the remembered search.
  }
}
