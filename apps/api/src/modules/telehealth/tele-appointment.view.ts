import type { TeleAppointmentView } from '@medbook/contracts';
import type { AppointmentDetails } from '../scheduling/domain/appointment.events';
import type { MeetingState } from './domain/meeting.decider';

/**
 * The spec's tele appointment: its patient and provider as participants (and the staff and
 * guests let into its meeting), with the meeting's fields; session notes for the practice only.
 */
export function teleAppointmentView(
  details: AppointmentDetails,
  meeting: MeetingState,
  forPractice: boolean,
): TeleAppointmentView {
  const participants = [
    { participant_id: details.patient_id, participant_type: 'Patient' as const },
    ...(details.provider_id
      ? [{ participant_id: details.provider_id, participant_type: 'Provider' as const }]
      : []),
    ...Object.values(meeting.participants)
      .filter((p) => (p.role === 'Staff' || p.role === 'Guest') && p.state === 'admitted')
      .map((p) => ({
        participant_id: p.participant_id,
        participant_type: p.role as 'Staff' | 'Guest',
      })),
  ];
  return {
    appointment_id: details.appointment_id,
    status: details.status,
    start_date: details.start_date,
    end_date: details.end_date,
    system_type: 'Internal',
    consents: [],
    is_lab_test_appointment: false,
    participant_ids: participants.map((p) => p.participant_id),
    participants,
    meeting_history: meeting.history,
    join_meeting_id: details.appointment_id,
    tele_meeting_status: meeting.status,
    visit_status: meeting.status,
    visit_started_by: meeting.startedBy,
    visit_start_time: meeting.startedAt,
    chat_started: meeting.chat.length > 0,
    session_notes: forPractice ? meeting.notes : null,
  };
}
