import type {
  AppointmentPage,
  AppointmentStatus,
  DoctorCounts,
  NotificationCountsMessage,
  NotificationView,
  PracticeNotifications,
  RequestDecisionStatus,
  RequestDecisionsResult,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import type { ListFilters } from '../workspace-rules';

const enc = encodeURIComponent;
const after = (position?: number) => (position ? `&min_position=${position}` : '');

/** The spec's list filters as its query names; empty ones are left out. */
function listQuery(filters: ListFilters, pageNo: number, pageSize: number): string {
  const query = new URLSearchParams({ pageNo: String(pageNo), pageSize: String(pageSize) });
  if (filters.startDate) query.set('startDate', filters.startDate);
  if (filters.endDate) query.set('endDate', filters.endDate);
  if (filters.status) query.set('status', filters.status);
  if (filters.visitType) query.set('visitType', filters.visitType);
  if (filters.scheduleType) query.set('scheduleType', filters.scheduleType);
  return query.toString();
}

export const workspaceApi = {
  /** A provider's own list; staff and admins see the whole practice's. */
  appointments: (
    scope: 'provider' | 'staff',
    filters: ListFilters,
    pageNo: number,
    pageSize: number,
    position?: number,
  ) =>
    api<AppointmentPage>(
      'GET',
      `/appointments/${scope}?${listQuery(filters, pageNo, pageSize)}${after(position)}`,
    ),
  doctorCounts: (doctorId: string, position?: number) =>
    api<DoctorCounts>(
      'GET',
      `/appointments/doctor-count?doctorId=${enc(doctorId)}${after(position)}`,
    ),
  practiceCounts: (position?: number) =>
    api<DoctorCounts>('GET', `/appointments/practice-count?${after(position).slice(1)}`),
  /** A move along the status table; a rejection carries its reason for the patient. */
  changeStatus: (appointmentId: string, status: AppointmentStatus, reason?: string) =>
    api<{ position: number }>('PUT', `/appointments/${enc(appointmentId)}/status`, {
      status,
      ...(reason === undefined ? {} : { reason }),
    }),
  /** Several requests accepted or rejected at once; each outcome comes back on its own. */
  decideRequests: (
    appointmentIds: readonly string[],
    status: RequestDecisionStatus,
    reason?: string,
  ) =>
    api<RequestDecisionsResult>('POST', '/appointments/requests/decisions', {
      decisions: appointmentIds.map((id) => ({
        appointment_id: id,
        status,
        ...(status === 'Rejected' ? { reason } : {}),
      })),
    }),
  requests: (pageNo: number, pageSize: number, position?: number) =>
    api<AppointmentPage>(
      'POST',
      `/appointments/requests${position ? `?min_position=${position}` : ''}`,
      { page_no: pageNo, page_size: pageSize },
    ),
  notifications: (practiceId: string) =>
    api<PracticeNotifications>('GET', `/practices/${enc(practiceId)}/notifications`),
  notification: (practiceId: string, id: string, position?: number) =>
    api<NotificationView>(
      'GET',
      `/practices/${enc(practiceId)}/notifications/${enc(id)}${position ? `?min_position=${position}` : ''}`,
    ),
  notificationCounts: (practiceId: string) =>
    api<NotificationCountsMessage>('GET', `/practices/${enc(practiceId)}/notifications/counts`),
  markSeen: (practiceId: string, ids: readonly string[]) =>
    api<{ position: number }>(
      'PUT',
      `/practices/${enc(practiceId)}/notifications/status?status=Seen`,
      {
        notification_ids: ids,
      },
    ),
};
