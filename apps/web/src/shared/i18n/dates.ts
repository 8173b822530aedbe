import { DateTime, type DateTimeFormatOptions } from 'luxon';
import { i18n } from './index';
import { isLanguage, languageInfo } from './languages';

/** Luxon's locale for the chosen language ('en-US', 'es', 'zh-CN', 'vi', 'ko'). */
export const luxonLocale = (): string => {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return languageInfo(isLanguage(lng) ? lng : 'en').luxon;
};

/**
 * A date or time in the chosen language. English keeps the spec's own pattern verbatim
 * ('EEEE, MMMM d'); the other languages get their own natural order from Intl through luxon
 * ('lunes, 30 de noviembre', '11月30日星期一'). The time zone stays the DateTime's own.
 */
export function formatDate(dt: DateTime, english: string, options: DateTimeFormatOptions): string {
  const locale = luxonLocale();
  if (locale === 'en-US') return dt.setLocale('en-US').toFormat(english);
  return dt.setLocale(locale).toLocaleString(options);
}

/** Common shapes. */
export const DATE_FORMATS = {
  weekdayMonthDay: { weekday: 'long', month: 'long', day: 'numeric' },
  weekdayMonthDayYear: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  monthDay: { month: 'long', day: 'numeric' },
  shortWeekdayMonthDay: { weekday: 'short', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  monthDayTime: { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  weekdayMonthDayTime: {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
} as const satisfies Record<string, DateTimeFormatOptions>;

export { DateTime };
