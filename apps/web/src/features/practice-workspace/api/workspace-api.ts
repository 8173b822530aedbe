import type {
  AppointmentPage,
  AppointmentView,
  AppointmentStatus,
  DoctorCounts,
  NotificationCountsMessage,
  NotificationView,
  PracticeNotifications,
  RequestDecisionStatus,
  RequestDecisionsResult,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import { visitsOf } from '../patient-page-rules';
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

/** The most pages of 100 read for one patient's visits. */
const PATIENT_PAGES = 20;

export const workspaceApi = {
  /**
   * One patient's visits with the caller's practice: the practice's list narrowed by the API to
   * `patientId`, page by page (rows of another patient, from an older API, are left out).
   */
  patientVisits: async (patientId: string, position?: number): Promise<AppointmentView[]> => {
    const found: AppointmentView[] = [];
    for (let pageNo = 1; pageNo <= PATIENT_PAGES; pageNo += 1) {
      const query = new URLSearchParams({
        patientId,
        pageNo: String(pageNo),
        pageSize: '100',
      });
      const page = await api<AppointmentPage>(
        'GET',
        `/appointments/staff?${query.toString()}${after(position)}`,
      );
      found.push(...visitsOf(patientId, page.appointments));
      if (page.appointments.length === 0 || pageNo * page.page_size >= page.total_records) break;
    }
    return found;
  },
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
