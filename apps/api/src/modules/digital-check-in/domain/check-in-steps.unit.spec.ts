import {
  DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInSettings,
} from '@medbook/contracts';
import { ConflictError, InvalidError } from '../../../domain/domain-error';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { type CheckInCommand, checkInDecider, type Visit } from './digital-check-in.deciders';
import type { CheckInEvent } from './digital-check-in.events';

const NOW = new Date('2026-03-10T14:00:00Z');
const AT = NOW.toISOString();
const base = {
  appointment_id: '00000000-0000-4000-8000-000000000003',
  practice_id: '00000000-0000-4000-8000-000000000001',
};
const PATIENT = '00000000-0000-4000-8000-000000000004';

const visit = (settings: Partial<DigitalCheckInSettings> = {}): Visit => ({
  ...base,
  patient_id: PATIENT,
  settings: { ...DEFAULT_DIGITAL_CHECK_IN_SETTINGS, digital_check_in_enabled: true, ...settings },
});

const given = DeciderSpecification.for(checkInDecider);
const arrive = (v: Visit, checked_in = false): CheckInCommand => ({
  type: 'AnnounceArrival',
  visit: v,
  checked_in,
  by: PATIENT,
  now: NOW,
});
const ready = (v: Visit, checked_in = false): CheckInCommand => ({
  type: 'MarkReady',
  visit: v,
  checked_in,
  by: 'staff',
  now: NOW,
});
const arrived = (awaiting: boolean): CheckInEvent => ({
  type: 'PatientArrived',
  data: {
    ...base,
    patient_id: PATIENT,
    awaiting_entry: awaiting,
    notify_practice: false,
    arrived_by: PATIENT,
    arrived_at: AT,
  },
});

describe('arrival and the word to come in', () => {
  it('records the arrival, waiting for staff when they approve entry, once', () => {
    given([])
      .when(arrive(visit({ staff_approved_entry: true, arrival_notification_enabled: true })))
      .then([
        {
          type: 'PatientArrived',
          data: {
            ...base,
            patient_id: PATIENT,
            awaiting_entry: true,
            notify_practice: true,
            arrived_by: PATIENT,
            arrived_at: AT,
          },
        },
      ]);
    given([arrived(true)])
      .when(arrive(visit({ staff_approved_entry: true })))
      .thenNothing();
    given([]).when(arrive(visit(), true)).thenNothing();
  });

  it("staff mark an arrived patient ready with the provider's text, or ours", () => {
    given([arrived(true)])
      .when(ready(visit({ ready_for_patient_text: '  Room 3 is ready. ' })))
      .thenEvents((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          type: 'PatientMarkedReady',
          data: { text: 'Room 3 is ready.', notify_patient: false },
        });
      });
    given([arrived(false)])
      .when(ready(visit({ arrival_notification_enabled: true })))
      .thenEvents((events) =>
        expect(events[0]?.data).toMatchObject({ text: M.readyForPatient, notify_patient: true }),
      );
    given([]).when(ready(visit())).thenThrows(ConflictError, M.notArrived);
    given([])
      .when(ready(visit(), true))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });

  it('refuses every step while digital check-in is off', () => {
    given([])
      .when(arrive(visit({ digital_check_in_enabled: false })))
      .thenThrows(InvalidError, M.notEnabled);
  });
});

describe('what the payment collects', () => {
  const charged: CheckInEvent = {
    type: 'CheckInChargesSet',
    data: { ...base, outstanding_balance: 40, deductible: 10, set_by: 'staff', set_at: AT },
  };
  const record = (v: Visit, amount: number): CheckInCommand => ({
    type: 'RecordCopay',
    visit: v,
    payment_id: 'p1',
    amount,
    by: PATIENT,
    now: NOW,
  });

  it('takes a part of the balance and deductible, never less than the copay nor more than all', () => {
    const v = visit({ copay_amount: 20 });
    given([charged]).when(record(v, 19.99)).thenThrows(InvalidError, M.partialRange);
    given([charged]).when(record(v, 70.01)).thenThrows(InvalidError, M.partialRange);
    given([charged])
      .when(record(v, 45))
      .thenEvents((events) => expect(events[0]?.data).toMatchObject({ amount: 45, total: 70 }));
  });

  it('takes all of it without partial payment, and only what the settings collect', () => {
    const whole = visit({ copay_amount: 20, allow_partial_payment: false });
    given([charged]).when(record(whole, 45)).thenThrows(InvalidError, M.copayMismatch);
    const noDeductible = visit({ copay_amount: 20, deductible_collection: false });
    given([charged])
      .when(record(noDeductible, 60))
      .thenEvents((events) => expect(events[0]?.data).toMatchObject({ total: 60 }));
    given([])
      .when(record(visit({ payment_collection: false, copay_amount: 20 }), 20))
      .thenThrows(InvalidError, M.noCopay);
  });

  it('the charges stay once the payment is made', () => {
    given([])
      .when({
        type: 'SetCharges',
        visit: visit(),
        charges: { outstanding_balance: 1, deductible: 0 },
        paid: true,
        by: 'staff',
        now: NOW,
      })
      .thenThrows(ConflictError, M.copayAlreadyPaid);
  });
});

describe('the information the settings collect', () => {
  const contact = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    relationship: 'Sister',
    phone: '5550100',
  };

  it('keeps only what is switched on; the same again writes nothing', () => {
    const on = visit({ emergency_contact_collection: true });
    const give: CheckInCommand = {
      type: 'GiveEmergencyContact',
      visit: on,
      contact,
      by: PATIENT,
      now: NOW,
    };
    given([])
      .when({ ...give, visit: visit() })
      .thenThrows(InvalidError, M.notCollected);
    given([])
      .when(give)
      .thenEvents((events) => expect(events[0]?.type).toBe('EmergencyContactGiven'));
    given([
      {
        type: 'EmergencyContactGiven',
        data: { ...base, contact, given_by: PATIENT, given_at: AT },
      },
    ])
      .when(give)
      .thenNothing();
  });

  it('skips the pharmacy only where its skip flag allows', () => {
    const skip = (settings: Partial<DigitalCheckInSettings>): CheckInCommand => ({
      type: 'SkipStep',
      visit: visit(settings),
      step: 'preferred-pharmacy',
      by: PATIENT,
      now: NOW,
    });
    given([])
      .when(skip({ preferred_pharmacy_collection: true }))
      .thenThrows(InvalidError, M.notSkippable);
    given([])
      .when(skip({ preferred_pharmacy_collection: true, skip_preferred_pharmacy_collection: true }))
      .thenEvents((events) => expect(events[0]?.type).toBe('CheckInStepSkipped'));
  });

  it('asks every history switched on, and no other', () => {
    const v = visit({ allergies_history_collection: true, medications_history_collection: true });
    const give = (histories: Record<string, string>): CheckInCommand => ({
      type: 'GiveMedicalHistory',
      visit: v,
      histories,
      by: PATIENT,
      now: NOW,
    });
    given([])
      .when(give({ allergies_history: 'Penicillin' }))
      .thenThrows(InvalidError, 'Required');
    given([])
      .when(
        give({ allergies_history: 'Penicillin', medications_history: 'None', social_history: 'x' }),
      )
      .thenThrows(InvalidError, 'Invalid');
    given([])
      .when(give({ allergies_history: ' Penicillin ', medications_history: 'None' }))
      .thenEvents((events) =>
        expect(events[0]?.data).toMatchObject({
          histories: { allergies_history: 'Penicillin', medications_history: 'None' },
        }),
      );
  });
});
