/**
 * A slot's id: its UTC start as ISO without milliseconds, e.g. 2026-11-24T14:00:00Z (luxon's
 * `toISO({ suppressMilliseconds: true })` in UTC; an instant with milliseconds keeps them). A
 * string with an explicit offset or Z is read exactly, one without is read as UTC; what is no
 * instant answers 'Invalid DateTime'.
 */
export function slotId(instant: string | Date | number): string {
  const ms =
    typeof instant === 'number'
      ? instant
      : typeof instant === 'string'
        ? instantMs(instant)
        : instant.getTime();
  return Number.isFinite(ms) ? isoInstant(ms) : 'Invalid DateTime';
}

const EXPLICIT_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const UTC_UNSAID = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?)?$/;

function instantMs(iso: string): number {
  if (EXPLICIT_OFFSET.test(iso)) return Date.parse(iso);
  if (!UTC_UNSAID.test(iso)) return Number.NaN;
  return Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : `${iso}Z`);
}

function isoInstant(ms: number): string {
  if (ms % 1000 !== 0 || ms < 0 || ms >= LAST_FOUR_DIGIT_YEAR_MS) {
    return new Date(ms).toISOString().replace('.000Z', 'Z');
  }
  // A week view formats thousands: the date part once per day, the time by table look-ups.
  const dayNumber = Math.floor(ms / DAY_MS);
  let prefix = utcDayPrefixes.get(dayNumber);
  if (prefix === undefined) {
    prefix = new Date(dayNumber * DAY_MS).toISOString().slice(0, 11);
    if (utcDayPrefixes.size >= PREFIX_LIMIT) utcDayPrefixes.clear();
    utcDayPrefixes.set(dayNumber, prefix);
  }
  const seconds = (ms - dayNumber * DAY_MS) / 1000;
  return `${prefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}Z`;
}

const DAY_MS = 86_400_000;
const LAST_FOUR_DIGIT_YEAR_MS = Date.UTC(10000, 0, 1);
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/** Days formatted so far, up to a bound, across requests. */
const PREFIX_LIMIT = 20_000;
const utcDayPrefixes = new Map<number, string>();
