import { WAITLIST_MESSAGES } from '@medbook/contracts';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/domain-error';
import { LineChanged, type WaitlistCommand, waitlistDecider } from './waitlist.decider';
import type { WaitlistEvent } from './waitlist.events';

const given = DeciderSpecification.for(waitlistDecider);
const now = new Date('2026-11-23T09:00:00Z');
const at = now.toISOString();
const CALENDAR = 'c1';
const ANN = 'p-ann';
const BO = 'p-bo';
const OFFER = 'o1';

const join = (patientId: string): WaitlistCommand => ({
  type: 'JoinWaitlist',
  calendarId: CALENDAR,
  practiceId: 'pr1',
  providerId: 'doc1',
  resourceId: null,
  patientId,
  joinedBy: patientId,
  listType: 'appointment-unavailable',
  now,
});
const joined = (patientId: string, seq: number): WaitlistEvent => ({
  type: 'WaitlistJoined',
  data: {
    calendar_id: CALENDAR,
    patient_id: patientId,
    joined_by: patientId,
    provider_id: 'doc1',
    resource_id: null,
    practice_id: 'pr1',
    type: 'appointment-unavailable',
    seq,
    joined_at: at,
  },
});
const left = (patientId: string, reason: 'left' | 'booked'): WaitlistEvent => ({
  type: 'WaitlistLeft',
  data: { calendar_id: CALENDAR, patient_id: patientId, reason, left_at: at },
});
const makeOffer = (patientId: string, offerId = OFFER): WaitlistCommand => ({
  type: 'MakeOffer',
  calendarId: CALENDAR,
  offerId,
  patientId,
  start: '2026-11-24T14:00:00Z',
  holdId: `hold-${offerId}`,
  expiresAt: '2026-11-23T09:15:00.000Z',
  triggerId: 'e1',
  now,
});
const offered = (patientId: string, offerId = OFFER): WaitlistEvent => ({
  type: 'WaitlistOfferMade',
  data: {
    offer_id: offerId,
    calendar_id: CALENDAR,
    patient_id: patientId,
    start: '2026-11-24T14:00:00Z',
    hold_id: `hold-${offerId}`,
    expires_at: '2026-11-23T09:15:00.000Z',
    offered_at: at,
    trigger_id: 'e1',
  },
});
const endOffer = (
  status: 'Accepted' | 'Declined' | 'Expired',
  appointmentId: string | null = null,
): WaitlistCommand => ({
  type: 'EndOffer',
  calendarId: CALENDAR,
  offerId: OFFER,
  status,
  appointmentId,
  now,
});
const ended = (
  patientId: string,
  status: 'Accepted' | 'Declined' | 'Expired',
  appointmentId: string | null = null,
): WaitlistEvent => ({
  type: 'WaitlistOfferEnded',
  data: {
    offer_id: OFFER,
    calendar_id: CALENDAR,
    patient_id: patientId,
    status,
    appointment_id: appointmentId,
    ended_at: at,
  },
});

describe('joining the waitlist', () => {
  it('puts the patient in line, after those already waiting', () => {
    given([])
      .when(join(ANN))
      .then([joined(ANN, 1)]);
    given([joined(ANN, 1)])
      .when(join(BO))
      .then([joined(BO, 2)]);
  });

  it('keeps counting after someone leaves: order in line never repeats', () => {
    given([joined(ANN, 1), left(ANN, 'left')])
      .when(join(BO))
      .then([joined(BO, 2)]);
  });

  it('refuses a patient already on the list', () => {
    given([joined(ANN, 1)])
      .when(join(ANN))
      .thenThrows(ConflictError, WAITLIST_MESSAGES.alreadyOnList);
  });
});

describe('leaving the waitlist', () => {
  const leave: WaitlistCommand = {
    type: 'LeaveWaitlist',
    calendarId: CALENDAR,
    patientId: ANN,
    now,
  };

  it('takes the patient out of line', () => {
    given([joined(ANN, 1)])
      .when(leave)
      .then([left(ANN, 'left')]);
  });

  it('declines the open offer of a patient who leaves', () => {
    given([joined(ANN, 1), offered(ANN)])
      .when(leave)
      .then([ended(ANN, 'Declined'), left(ANN, 'left')]);
  });

  it('refuses a patient not on the list', () => {
    given([]).when(leave).thenThrows(NotFoundError, WAITLIST_MESSAGES.notOnList);
  });
});

describe('offering a freed slot', () => {
  it('offers the slot to a patient in line', () => {
    given([joined(ANN, 1)])
      .when(makeOffer(ANN))
      .then([offered(ANN)]);
  });

  it('makes an offer once: the same offer again changes nothing', () => {
    given([joined(ANN, 1), offered(ANN)])
      .when(makeOffer(ANN))
      .thenNothing();
  });

  it('decides again when the patient left the line or holds an open offer already', () => {
    given([]).when(makeOffer(ANN)).thenThrows(LineChanged, 'The waiting list changed meanwhile.');
    given([joined(ANN, 1), offered(ANN)])
      .when(makeOffer(ANN, 'o2'))
      .thenThrows(LineChanged, 'The waiting list changed meanwhile.');
  });
});

describe('ending an offer', () => {
  it('takes a patient who booked the offered slot out of line', () => {
    given([joined(ANN, 1), offered(ANN)])
      .when(endOffer('Accepted', 'a1'))
      .then([ended(ANN, 'Accepted', 'a1'), left(ANN, 'booked')]);
  });

  it('keeps a patient in line who declined or let the offer expire', () => {
    given([joined(ANN, 1), offered(ANN)])
      .when(endOffer('Declined'))
      .then([ended(ANN, 'Declined')]);
    given([joined(ANN, 1), offered(ANN)])
      .when(endOffer('Expired'))
      .then([ended(ANN, 'Expired')]);
  });

  it('records an accepted offer of a patient no longer in line without a second leave', () => {
    given([joined(ANN, 1), offered(ANN), left(ANN, 'left')])
      .when(endOffer('Accepted', 'a1'))
      .then([ended(ANN, 'Accepted', 'a1')]);
  });

  it('ends an offer once, and ignores one never made', () => {
    given([joined(ANN, 1), offered(ANN), ended(ANN, 'Expired')])
      .when(endOffer('Accepted', 'a1'))
      .thenNothing();
    given([joined(ANN, 1)])
      .when(endOffer('Declined'))
      .thenNothing();
  });
});

describe("the practice's own actions on its list", () => {
  const offerTo = (patientId: string, offerId = 'o-staff'): WaitlistCommand => ({
    type: 'OfferSlotToPatient',
    calendarId: CALENDAR,
    offerId,
    patientId,
    start: '2026-11-24T15:00:00Z',
    holdId: `hold-${offerId}`,
    expiresAt: '2026-11-23T09:15:00.000Z',
    by: 'staff1',
    now,
  });
  const remove = (patientId: string): WaitlistCommand => ({
    type: 'RemoveFromWaitlist',
    calendarId: CALENDAR,
    patientId,
    by: 'staff1',
    now,
  });

  it('offers a place to the patient staff chose, whatever their place in line, as staff', () => {
    given([joined(ANN, 1), joined(BO, 2)])
      .when(offerTo(BO))
      .then([
        {
          type: 'WaitlistOfferMade',
          data: {
            offer_id: 'o-staff',
            calendar_id: CALENDAR,
            patient_id: BO,
            start: '2026-11-24T15:00:00Z',
            hold_id: 'hold-o-staff',
            expires_at: '2026-11-23T09:15:00.000Z',
            offered_at: at,
            trigger_id: 'o-staff',
            offered_by: 'staff1',
          },
        },
      ]);
  });

  it('refuses an offer to someone not in line (404) or who holds an open offer (409)', () => {
    given([joined(ANN, 1)])
      .when(offerTo(BO))
      .thenThrows(NotFoundError, WAITLIST_MESSAGES.patientNotOnList);
    given([joined(ANN, 1), offered(ANN)])
      .when(offerTo(ANN))
      .thenThrows(ConflictError, WAITLIST_MESSAGES.patientHasOffer);
    given([joined(ANN, 1), offered(ANN), left(ANN, 'left')])
      .when(offerTo(ANN))
      .thenThrows(NotFoundError, WAITLIST_MESSAGES.patientNotOnList);
  });

  it('makes an offer once for one id', () => {
    given([joined(ANN, 1), offered(ANN, 'o-staff')])
      .when(offerTo(ANN))
      .thenNothing();
  });

  it('removes a patient, ending their open offer first, and says who removed them', () => {
    given([joined(ANN, 1), offered(ANN)])
      .when(remove(ANN))
      .then([
        ended(ANN, 'Declined'),
        {
          type: 'WaitlistLeft',
          data: {
            calendar_id: CALENDAR,
            patient_id: ANN,
            reason: 'removed',
            removed_by: 'staff1',
            left_at: at,
          },
        },
      ]);
    given([joined(ANN, 1), left(ANN, 'left')])
      .when(remove(ANN))
      .thenThrows(NotFoundError, WAITLIST_MESSAGES.patientNotOnList);
  });

  it("keeps the practice's reason for a removal, trimmed, and refuses one over 500 characters", () => {
    given([joined(ANN, 1)])
      .when({ ...remove(ANN), note: '  Moved out of the area. ' } as WaitlistCommand)
      .then([
        {
          type: 'WaitlistLeft',
          data: {
            calendar_id: CALENDAR,
            patient_id: ANN,
            reason: 'removed',
            removed_by: 'staff1',
            note: 'Moved out of the area.',
            left_at: at,
          },
        },
      ]);
    given([joined(ANN, 1)])
      .when({ ...remove(ANN), note: 'x'.repeat(501) } as WaitlistCommand)
      .thenThrows(InvalidError, WAITLIST_MESSAGES.removalReasonTooLong);
  });
});
