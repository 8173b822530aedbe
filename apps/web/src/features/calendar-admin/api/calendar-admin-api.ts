import type {
  CalendarPreviewView,
  CalendarReason,
  CalendarView,
  CommandAccepted,
  CustomFormView,
  DirectoryEntryView,
  MarkedTimeSpan,
  WeekView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;
const after = (position: number | null) => (position === null ? '' : `?min_position=${position}`);

export const calendarAdminApi = {
  /** The week as it was offered at a past instant (folded from the log). */
  weekAsOf: (calendarId: string, startDate: string, asOf: string) =>
    api<WeekView>(
      'GET',
      `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}&as_of=${enc(asOf)}`,
    ),
  /** With `minPosition`, the list reflects that change (read your writes). */
  calendars: (practiceId: string, minPosition: number | null = null) =>
    api<CalendarView[]>('GET', `/practices/${enc(practiceId)}/calendars${after(minPosition)}`),
  /** The week the settings would offer, checked by the API's rules; nothing is saved. */
  preview: (calendarId: string, changes: Record<string, unknown>) =>
    api<CalendarPreviewView>('POST', `/calendars/${enc(calendarId)}/preview`, changes),
  /** The week a new calendar would offer, checked as a creation is; nothing is saved. */
  previewNew: (practiceId: string, settings: Record<string, unknown>) =>
    api<CalendarPreviewView>('POST', `/practices/${enc(practiceId)}/calendars/preview`, settings),
  customForms: (practiceId: string) =>
    api<CustomFormView[]>('GET', `/practices/${enc(practiceId)}/custom-forms`),
  directory: (practiceId: string, kind: 'providers' | 'facilities' | 'resources') =>
    api<DirectoryEntryView[]>('GET', `/practices/${enc(practiceId)}/${kind}`),
  create: (practiceId: string, body: Record<string, unknown>) =>
    api<CommandAccepted>('POST', `/practices/${enc(practiceId)}/calendars`, body),
  update: (calendarId: string, changes: Record<string, unknown>) =>
    api<CommandAccepted>('PUT', `/calendars/${enc(calendarId)}`, changes),
  block: (calendarId: string, span: MarkedTimeSpan) =>
    api<CommandAccepted>('POST', `/calendars/${enc(calendarId)}/blocks`, span),
  unblock: (calendarId: string, span: MarkedTimeSpan) =>
    api<CommandAccepted>('DELETE', `/calendars/${enc(calendarId)}/blocks`, span),
  addReason: (calendarId: string, reason: CalendarReason) =>
    api<CommandAccepted>('POST', `/calendars/${enc(calendarId)}/reasons`, reason),
  changeReason: (calendarId: string, reason: CalendarReason) =>
    api<CommandAccepted>('PUT', `/calendars/${enc(calendarId)}/reasons`, reason),
  removeReason: (calendarId: string, title: string) =>
    api<CommandAccepted>('DELETE', `/calendars/${enc(calendarId)}/reasons`, { title }),
};
