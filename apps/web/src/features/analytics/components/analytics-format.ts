import { DateTime } from 'luxon';
import { formatDate, luxonLocale } from '../../../shared/i18n/dates';

/*
 * How the page writes the report's numbers: rates as percentages, hours as hours or days, in the
 * chosen language's digits (English keeps the page's own: '12.5 %', '36 h', 'Apr 6').
 */

const ENGLISH = 'en-US';

/** A number with exactly `digits` decimals (a rate). */
function fixed(value: number, digits: number): string {
  const locale = luxonLocale();
  return locale === ENGLISH
    ? value.toFixed(digits)
    : value.toLocaleString(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
}

/** A number with at most one decimal (a duration). */
function upToOneDecimal(value: number): string {
  const rounded = Number(value.toFixed(1));
  const locale = luxonLocale();
  return locale === ENGLISH
    ? String(rounded)
    : rounded.toLocaleString(locale, { maximumFractionDigits: 1 });
}

export const percent = (rate: number | null): string =>
  rate === null ? '–' : `${fixed(rate * 100, rate * 100 < 10 ? 1 : 0)} %`;

export function duration(hours: number | null): string {
  if (hours === null) return '–';
  if (Math.abs(hours) < 48) return `${upToOneDecimal(hours)} h`;
  return `${upToOneDecimal(hours / 24)} d`;
}

/** A week's Monday as "Apr 6" ('6 abr' in Spanish). */
export const weekLabel = (weekStart: string): string =>
  formatDate(DateTime.fromISO(weekStart, { zone: 'UTC' }), 'LLL d', {
    month: 'short',
    day: 'numeric',
  });
