import type {
  AppointmentPage,
  MeetingInvitationResult,
  MeetingView,
  RedeemedInvitation,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;
const base = (appointmentId: string) => `/appointments/${enc(appointmentId)}`;

type Moved = { position: number; status: string };

export const meetingApi = {
  /** The provider's video patients in the waiting room (the practice's list, filtered). */
  waiting: (position?: number) =>
    api<AppointmentPage>(
      'GET',
      `/appointments/provider?status=Waiting-Room&visitType=Telehealth&pageNo=1&pageSize=50${position ? `&min_position=${position}` : ''}`,
    ),
  view: (appointmentId: string) => api<MeetingView>('GET', `${base(appointmentId)}/meeting`),
  ready: (appointmentId: string) => api<Moved>('POST', `${base(appointmentId)}/meeting/ready`, {}),
  admit: (appointmentId: string, participantId: string) =>
    api<Moved>(
      'POST',
      `${base(appointmentId)}/meeting/participants/${enc(participantId)}/admit`,
      {},
    ),
  remove: (appointmentId: string, participantId: string) =>
    api<Moved>('DELETE', `${base(appointmentId)}/meeting/participants/${enc(participantId)}`),
  chat: (appointmentId: string, text: string) =>
    api<Moved>('POST', `${base(appointmentId)}/meeting/messages`, { text }),
  notes: (appointmentId: string, value: string) =>
    api<Moved>('PUT', `${base(appointmentId)}/visit-notes`, { value }),
  inviteGuest: (appointmentId: string, name: string) =>
    api<MeetingInvitationResult>('POST', `${base(appointmentId)}/meeting/invitations`, {
      kind: 'guest',
      name,
    }),
  inviteStaff: (appointmentId: string, userId: string) =>
    api<MeetingInvitationResult>('POST', `${base(appointmentId)}/meeting/invitations`, {
      kind: 'staff',
      user_id: userId,
    }),
  /** The practice's users a provider can invite into a visit. */
  colleagues: (practiceId: string) =>
    api<{ id: string; type: string; first_name: string; last_name: string; disabled: boolean }[]>(
      'GET',
      `/practices/${enc(practiceId)}/users`,
    ),
  end: (appointmentId: string) => api<Moved>('POST', `${base(appointmentId)}/meeting/end`, {}),
  review: (appointmentId: string, rating: number, comment: string) =>
    api<{ position: number }>('POST', `${base(appointmentId)}/review`, {
      rating,
      ...(comment.trim() ? { comment } : {}),
    }),
  redeem: (token: string) =>
    api<RedeemedInvitation>('POST', '/meeting-invitations/redeem', { token }),
};
