import type { CommandAccepted, DirectoryEntryView } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

export interface BlockedSpan {
  readonly start: string;
  readonly end: string;
}

export interface CalendarReasonRules {
  readonly title: string;
  readonly week_time_frame?: readonly number[];
  readonly allow_immediate_checkin?: boolean;
}

/** A calendar's settings as the API returns them (GET practices/{id}/calendars). */
export interface AdminCalendar {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly name: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  readonly time_zone: string;
  readonly visit_type: 'Office' | 'Telehealth' | 'Resource';
  readonly first_hour: number;
  readonly last_hour: number;
  readonly time_step: number;
  readonly working_days: readonly number[];
  readonly date_from: string;
  readonly date_to: string | null;
  readonly booking_capacity: number;
  readonly marked_time_spans: readonly BlockedSpan[];
  readonly minutes_before_showing_slots: number;
  readonly slots_hide_hours: number;
  readonly online_booking_disabled: boolean;
  readonly wait_list_enabled: boolean;
  readonly can_check_in: boolean;
  readonly accept_reject_enabled: boolean;
  readonly reasons: readonly string[];
  readonly associated_reasons: readonly CalendarReasonRules[];
  readonly custom_form_ids: readonly string[];
  readonly collect_patient_demographics: boolean;
  readonly enable_insurance: boolean;
  readonly enable_insurance_eligibility: boolean;
}

const enc = encodeURIComponent;
const after = (position: number | null) => (position === null ? '' : `?min_position=${position}`);

export const calendarAdminApi = {
  /** With `minPosition`, the list reflects that change (read your writes). */
  calendars: (practiceId: string, minPosition: number | null = null) =>
    api<AdminCalendar[]>('GET', `/practices/${enc(practiceId)}/calendars${after(minPosition)}`),
  directory: (practiceId: string, kind: 'providers' | 'facilities' | 'resources') =>
    api<DirectoryEntryView[]>('GET', `/practices/${enc(practiceId)}/${kind}`),
  create: (practiceId: string, body: Record<string, unknown>) =>
    api<CommandAccepted>('POST', `/practices/${enc(practiceId)}/calendars`, body),
  update: (calendarId: string, changes: Record<string, unknown>) =>
    api<CommandAccepted>('PUT', `/calendars/${enc(calendarId)}`, changes),
  block: (calendarId: string, span: BlockedSpan) =>
    api<CommandAccepted>('POST', `/calendars/${enc(calendarId)}/blocks`, span),
  unblock: (calendarId: string, span: BlockedSpan) =>
    api<CommandAccepted>('DELETE', `/calendars/${enc(calendarId)}/blocks`, span),
  addReason: (calendarId: string, reason: CalendarReasonRules) =>
    api<CommandAccepted>('POST', `/calendars/${enc(calendarId)}/reasons`, reason),
  changeReason: (calendarId: string, reason: CalendarReasonRules) =>
    api<CommandAccepted>('PUT', `/calendars/${enc(calendarId)}/reasons`, reason),
  removeReason: (calendarId: string, title: string) =>
    api<CommandAccepted>('DELETE', `/calendars/${enc(calendarId)}/reasons`, { title }),
};
