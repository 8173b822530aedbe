import type { AuditEntryView, AuditKind, AuditPage } from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import { userAccessToken } from '../../../shared/session';

const enc = encodeURIComponent;

/** The trail's filters as the page holds them (empty: not filtered). */
export interface AuditFilters {
  readonly kind: AuditKind | '';
  readonly actorId: string;
  readonly patientId: string;
  readonly appointmentId: string;
  readonly calendarId: string;
  /** YYYY-MM-DD, days in the viewer's zone. */
  readonly fromDay: string;
  readonly toDay: string;
}

export const NO_FILTERS: AuditFilters = {
  kind: '',
  actorId: '',
  patientId: '',
  appointmentId: '',
  calendarId: '',
  fromDay: '',
  toDay: '',
};

/** The filters as the API's query (days become the instants of their local midnights). */
export function auditQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.actorId) query.set('actor_id', filters.actorId);
  if (filters.patientId) query.set('patient_id', filters.patientId);
  if (filters.appointmentId) query.set('appointment_id', filters.appointmentId);
  if (filters.calendarId) query.set('calendar_id', filters.calendarId);
  if (filters.fromDay) query.set('from', new Date(`${filters.fromDay}T00:00:00`).toISOString());
  if (filters.toDay) {
    const next = new Date(`${filters.toDay}T00:00:00`);
    next.setDate(next.getDate() + 1);
    query.set('to', next.toISOString());
  }
  return query;
}

export const auditApi = {
  page: (practiceId: string, filters: AuditFilters, cursor: string | null) => {
    const query = auditQuery(filters);
    query.set('limit', '50');
    if (cursor) query.set('cursor', cursor);
    return api<AuditPage>('GET', `/practices/${enc(practiceId)}/audit?${query.toString()}`);
  },
  history: (appointmentId: string) =>
    api<AuditEntryView[]>('GET', `/appointments/${enc(appointmentId)}/history`),
  users: (practiceId: string) =>
    api<{ id: string; type: string; first_name: string; last_name: string }[]>(
      'GET',
      `/practices/${enc(practiceId)}/users`,
    ),
  /** Downloads the filtered trail as the CSV file the API streams. */
  async download(practiceId: string, filters: AuditFilters): Promise<void> {
    const token = await userAccessToken();
    const response = await fetch(
      `/api/v1/practices/${enc(practiceId)}/audit/export?${auditQuery(filters).toString()}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
    if (!response.ok) throw new Error('The export could not be made. Please try again.');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  },
};
