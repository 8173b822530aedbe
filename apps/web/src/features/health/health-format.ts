import { luxonLocale } from '../../shared/i18n/dates';

/** English keeps the browser's own numbers and dates, as the page always had; the others theirs. */
const locale = (): string | undefined => {
  const chosen = luxonLocale();
  return chosen === 'en-US' ? undefined : chosen;
};

export const localeNumber = (value: number): string => value.toLocaleString(locale());

export const localeStamp = (iso: string): string => new Date(iso).toLocaleString(locale());
