import {
  APPOINTMENT_STATUSES,
  REJECT_REASON_MAX_LENGTH,
  REQUEST_MESSAGES,
} from '@medbook/contracts';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, InvalidError } from '../../../domain/domain-error';
import { STATUS_TRANSITIONS } from './appointment-status';
import { type AppointmentCommand, appointmentDecider } from './appointment.decider';
import type { AppointmentEvent } from './appointment.events';

const now = new Date('2026-11-23T09:00:00Z');
const details = {
  appointment_id: 'a1',
  calendar_id: 'c1',
  practice_id: 'pr1',
  provider_id: 'doc1',
  resource_id: null,
  facility_id: 'f1',
  patient_id: 'p1',
  booked_by: 'p1',
  start_date: '2026-11-24T14:00:00Z',
  end_date: '2026-11-24T14:30:00Z',
  time_zone: 'America/New_York',
  visit_type: 'Office' as const,
  visit_schedule_type: 'Scheduled' as const,
  reason: null,
};
const given = DeciderSpecification.for(appointmentDecider);
const book = (accept: boolean): AppointmentCommand => ({
  type: 'BookAppointment',
  details,
  acceptRejectEnabled: accept,
  now,
});
/** A booked appointment's history, as the decider records it. */
const bookedAs = (accept: boolean): AppointmentEvent[] => [
  ...appointmentDecider.decide(book(accept), appointmentDecider.initialState()),
];

describe('appointment', () => {
  it('is Scheduled, or Pending when the calendar asks for accept/reject', () => {
    given([])
      .when(book(false))
      .thenEvents((events) => {
        expect(events[0]!.data).toEqual(expect.objectContaining({ status: 'Scheduled' }));
      });
    given([])
      .when(book(true))
      .thenEvents((events) => {
        expect(events[0]!.data).toEqual(expect.objectContaining({ status: 'Pending' }));
      });
  });

  it('records who rejected a request and why, trimmed', () => {
    given(bookedAs(true))
      .when({
        type: 'ChangeAppointmentStatus',
        status: 'Rejected',
        by: 'staff1',
        reason: '  Dr Kim is away that week.  ',
        now,
      })
      .then([
        {
          type: 'AppointmentStatusChanged',
          data: {
            appointment_id: 'a1',
            from: 'Pending',
            status: 'Rejected',
            changed_by: 'staff1',
            rejected_by: 'staff1',
            reason: 'Dr Kim is away that week.',
            changed_at: now.toISOString(),
          },
        },
      ]);
  });

  it('refuses to reject a request without a reason, or with one too long to read', () => {
    const reject = (reason: string | undefined) =>
      ({ type: 'ChangeAppointmentStatus', status: 'Rejected', by: 'staff1', reason, now }) as const;
    given(bookedAs(true))
      .when(reject(undefined))
      .thenThrows(InvalidError, REQUEST_MESSAGES.reasonRequired);
    given(bookedAs(true))
      .when(reject('   '))
      .thenThrows(InvalidError, REQUEST_MESSAGES.reasonRequired);
    given(bookedAs(true))
      .when(reject('x'.repeat(REJECT_REASON_MAX_LENGTH + 1)))
      .thenThrows(InvalidError, REQUEST_MESSAGES.reasonTooLong);
    given(bookedAs(true))
      .when(reject('x'.repeat(REJECT_REASON_MAX_LENGTH)))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });

  it('refuses an illegal transition with a 409 naming both statuses', () => {
    given(bookedAs(false))
      .when({ type: 'ChangeAppointmentStatus', status: 'Accepted', by: 's', now })
      .thenThrows(ConflictError, 'An appointment that is Scheduled cannot become Accepted.');
  });

  it('cannot cancel a canceled appointment', () => {
    const canceled: AppointmentEvent[] = [];
    given(bookedAs(false))
      .when({ type: 'CancelAppointment', reason: 'sick', by: 'p1', now })
      .thenEvents((events) => {
        expect(events).toHaveLength(1);
        canceled.push(...events);
      });
    given([...bookedAs(false), ...canceled])
      .when({ type: 'CancelAppointment', reason: null, by: 'p1', now })
      .thenThrows(ConflictError);
  });

  it('has a transition row for every status of the spec, and final statuses lead nowhere', () => {
    expect(Object.keys(STATUS_TRANSITIONS).sort()).toEqual([...APPOINTMENT_STATUSES].sort());
    for (const final of ['Canceled', 'Rejected', 'Checked-Out', 'No-Show'] as const) {
      expect(STATUS_TRANSITIONS[final]).toEqual([]);
    }
  });
});
