import type { TeleAppointmentView } from '@medbook/contracts';
import type { AppointmentDetails } from '../domain/appointment.events';

/** The spec's tele appointment: its patient and provider as participants, no meetings yet. */
export function teleAppointmentView(details: AppointmentDetails): TeleAppointmentView {
  const participants = [
    { participant_id: details.patient_id, participant_type: 'Patient' as const },
    ...(details.provider_id
      ? [{ participant_id: details.provider_id, participant_type: 'Provider' as const }]
      : []),
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
    meeting_history: [],
  };
}
