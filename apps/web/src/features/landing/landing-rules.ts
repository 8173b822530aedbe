import { LANDING_SECTIONS } from '@medbook/contracts';

/** The marketing-source query marker (a campaign's link) and the section marker (spec 2.6). */
export const MARKETING_MARKER = 'utm_source';
export const SECTION_MARKER = 'section';
export const FIRST_SECTION = 1;
export const LAST_SECTION = LANDING_SECTIONS.length;
/** Spec 7: the wheel moves at most one section a second. */
export const WHEEL_THROTTLE_MS = 1000;

const STATE_KEY = 'medbook.landing';

export const clampSection = (section: number): number =>
  Math.min(LAST_SECTION, Math.max(FIRST_SECTION, Math.round(section)));

/** The section the address asks for (?section=N), clamped to 1..10; none: null. */
export function sectionOf(search: string): number | null {
  const value = new URLSearchParams(search).get(SECTION_MARKER);
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return null;
  return clampSection(Number(value));
}

export const hasLandingMarker = (search: string): boolean => {
  const query = new URLSearchParams(search);
  return query.has(MARKETING_MARKER) || query.has(SECTION_MARKER);
};

/**
 * Spec 2.6: the landing page shows at the root while the landing feature is on and the visit
 * came with a marker (or an earlier page of this visit did: the landing state); 'Find a Top
 * Doctor' turns the state off and the root is the patients' home page again.
 */
export function landingShown(
  enabled: boolean,
  pathname: string,
  search: string,
  state: boolean,
): boolean {
  return enabled && pathname === '/' && (hasLandingMarker(search) || state);
}

export const landingState = {
  read: (): boolean => sessionStorage.getItem(STATE_KEY) === 'on',
  set(on: boolean): void {
    if (on) sessionStorage.setItem(STATE_KEY, 'on');
    else sessionStorage.removeItem(STATE_KEY);
  },
};
