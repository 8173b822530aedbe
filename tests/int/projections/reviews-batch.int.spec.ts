import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@medbook/event-store';
import { reviewsProjection } from '../../../apps/api/src/modules/reviews/projections/reviews.projection';
import { testMetadata } from '../../support/events';
import { applyInBatches, batchings, projectionOutcome } from '../../support/projection-outcome';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The reviews projection applies a batch folded in memory (reviews.batch.ts), live and in a
// rebuild. Whatever the batches, it must leave the rows and send the messages, in order, that
// the same events applied one at a time do; here over a log where settings change between
// visits, visits are rescheduled, canceled, completed, reviewed and invited, one visit's events
// come before its booking, and a booking is repeated.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ max: 2 });
});

afterAll(async () => {
  await database.drop();
});

const practiceId = randomUUID();
const providerId = randomUUID();
const resourceId = randomUUID();
const at = '2026-11-23T10:00:00.000Z';

function history(): RecordedEvent[] {
  const log: { type: string; data: unknown; streamId: string }[] = [];
  const settings = (ownerId: string, enabled: boolean, base: string | null) =>
    log.push({
      type: 'ProviderSurveySettingsChanged',
      streamId: `survey-settings-${ownerId}`,
      data: {
        provider_id: ownerId,
        practice_id: practiceId,
        post_visit_survey_enabled: enabled,
        post_visit_feedback_enabled: !enabled,
        patient_survey_instructions: enabled ? 'Tell us' : null,
        survey_link_base: base,
        has_reputation_enabled: false,
        reputation_business_id: null,
        changed_by: randomUUID(),
        changed_at: at,
      },
    });
  const book = (owner: 'provider' | 'resource', start: string) => {
    const appointmentId = randomUUID();
    const patientId = randomUUID();
    const booked = {
      type: 'AppointmentBooked',
      streamId: `appointment-${appointmentId}`,
      data: {
        appointment_id: appointmentId,
        calendar_id: randomUUID(),
        practice_id: practiceId,
        provider_id: owner === 'provider' ? providerId : null,
        resource_id: owner === 'resource' ? resourceId : null,
        facility_id: randomUUID(),
        patient_id: patientId,
        booked_by: patientId,
        start_date: start,
        end_date: start,
        visit_schedule_type: 'Scheduled',
        time_zone: 'America/New_York',
        visit_type: 'Office',
        reason: null,
        status: 'Scheduled',
        booked_at: at,
      },
    };
    log.push(booked);
    return { appointmentId, patientId, booked };
  };
  const event = (type: string, appointmentId: string, data: Record<string, unknown>) =>
    log.push({
      type,
      streamId: `appointment-${appointmentId}`,
      data: { appointment_id: appointmentId, ...data },
    });
  const status = (appointmentId: string, to: string) =>
    event('AppointmentStatusChanged', appointmentId, {
      status: to,
      from: 'Scheduled',
      changed_at: at,
    });

  // A visit completed before any settings: no link, no feedback.
  const early = book('provider', '2026-11-24T15:00:00Z');
  status(early.appointmentId, 'Checked-Out');
  settings(providerId, true, 'https://survey.example/start');
  // Completed under the first settings, then reviewed and invited.
  const first = book('provider', '2026-11-24T15:30:00Z');
  event('AppointmentRescheduled', first.appointmentId, {
    start_date: '2026-11-24T16:30:00Z',
    from_start: '2026-11-24T15:30:00Z',
    rescheduled_at: at,
  });
  status(first.appointmentId, 'Checked-In');
  status(first.appointmentId, 'Checked-Out');
  event('VisitReviewed', first.appointmentId, { rating: 4, comment: 'Kind', at });
  event('PatientInvitedToSurvey', first.appointmentId, {
    patient_id: first.patientId,
    booked_by: randomUUID(),
    survey_link: 'https://survey.example/start?appointment_id=x',
    invited_at: at,
  });
  log.push({ type: 'SomethingElse', streamId: 'other-1', data: {} }); // not handled
  // Settings change: a later visit takes the new ones, the first keeps its link.
  settings(providerId, false, null);
  const second = book('provider', '2026-11-25T15:00:00Z');
  status(second.appointmentId, 'Checked-Out');
  // A resource's visit, its owner's settings set after the booking.
  const room = book('resource', '2026-11-25T16:00:00Z');
  settings(resourceId, true, 'https://survey.example/room');
  status(room.appointmentId, 'Checked-Out');
  // Canceled; a repeated booking changes nothing.
  const gone = book('provider', '2026-11-26T15:00:00Z');
  event('AppointmentCanceled', gone.appointmentId, { canceled_at: at, reason: null });
  log.push({ ...gone.booked });
  // Events of a visit with no row (its booking comes later): nothing, as an UPDATE finding none.
  const late = randomUUID();
  event('VisitReviewed', late, { rating: 2, comment: null, at });
  status(late, 'Checked-Out');
  return log.map((e, i) => ({
    id: randomUUID(),
    type: e.type,
    data: e.data,
    metadata: testMetadata(),
    streamId: e.streamId,
    streamRevision: 0,
    globalPosition: i + 1,
    logPosition: { commit: 1, position: i + 1 },
    recordedAt: new Date(at),
  }));
}

it('leaves the rows and sends the messages of the events applied one by one, in any batches', async () => {
  const events = history();
  const oneByOne = await projectionOutcome(
    database,
    reviewsProjection,
    events,
    async (all, context) => {
      for (const event of all) await reviewsProjection.apply(event, context);
    },
  );
  // The whole log as one batch, in batches of 1 to 7 events, and cut after each settings change
  // (so a visit booked and completed in one batch reads its owner's stored settings).
  for (const [batching, ends] of batchings(
    events,
    (e) => e.type === 'ProviderSurveySettingsChanged',
  )) {
    const batched = await projectionOutcome(database, reviewsProjection, events, (all, context) =>
      applyInBatches(reviewsProjection, all, ends, context),
    );
    expect({ batching, ...batched }).toEqual({ batching, ...oneByOne });
  }
  // The log did something worth comparing: links fixed from both owners' settings, a review.
  const visits = oneByOne.rows.rm_visit_feedback as {
    survey_link: string | null;
    rating: number | null;
    status: string;
  }[];
  expect(visits).toHaveLength(5);
  expect(visits.filter((v) => v.survey_link !== null)).toHaveLength(2);
  expect(visits.filter((v) => v.rating === 4)).toHaveLength(1);
  expect(visits.filter((v) => v.status === 'Canceled')).toHaveLength(1);
  expect(oneByOne.rows.rm_survey_settings).toHaveLength(2);
  expect(oneByOne.messages).toHaveLength(2);
});
