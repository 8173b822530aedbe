import { randomUUID } from 'node:crypto';
import type {
  AuditEntryView,
  BookingResult,
  ProviderReviewsView,
  VisitFeedbackView,
} from '@medbook/contracts';
import { REVIEW_MESSAGES, startSurveyPath } from '@medbook/contracts';
import type { EventStore, RecordedEvent } from '@medbook/event-store';
import { APP_CONFIG, type AppConfig } from '../../../apps/api/src/infra/config/app-config';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import {
  SURVEY_INVITATION_WINDOW_MS,
  SurveyInvitationsProcessManager,
} from '../../../apps/api/src/modules/reviews/survey-invitations.process-manager';
import { createUser, signInAsGuest, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Surveys sent after the visit (PatientInvitedToSurvey: an email in the outbox and `survey.invited`
 * on the patient's own room) and ratings pushed live to `provider:<id>`, heard on real sockets.
 */
let app: TestApp;
let practice: TestPractice;
let calendarId: string;
let calendarPosition: number;
let slotIndex = 0;

const SURVEY = 'https://surveys.example.com/s/live';
const SETTINGS = {
  post_visit_survey_enabled: true,
  post_visit_feedback_enabled: true,
  patient_survey_instructions: 'Three questions.',
  survey_link_base: SURVEY,
  has_reputation_enabled: false,
};

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  const registered = await app.api
    .as(practice.admin)
    .post(`/api/v1/practices/${practice.practiceId}/providers`, {
      user_id: practice.provider.userId,
      first_name: 'Lena',
      last_name: `Live${randomUUID().slice(0, 6)}`,
      provider_type: 'local',
      specialties: ['Family Medicine'],
      facility_ids: [],
    });
  expect(registered.status).toBe(201);
  ({ calendarId, position: calendarPosition } = await createCalendar(app, practice, {
    booking_capacity: 20,
  }));
  const saved = await app.api
    .as(practice.admin)
    .put(`/api/v1/providers/${practice.provider.userId}/survey-settings`, SETTINGS);
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

async function book(patient: TestUser): Promise<string> {
  const slot = await tomorrowsSlot(app, calendarId, calendarPosition, slotIndex++ % 10);
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  return (response.body.data as BookingResult).appointment_id;
}

/** Booked, checked in and checked out; the checkout's position. */
async function checkOut(appointmentId: string): Promise<number> {
  let position = 0;
  for (const status of ['Checked-In', 'Checked-Out']) {
    const response = await app.api
      .as(practice.provider)
      .put(`/api/v1/appointments/${appointmentId}/status`, { status });
    if (response.status !== 200) throw new Error(`status: ${JSON.stringify(response.body)}`);
    position = (response.body.data as { position: number }).position;
  }
  return position;
}

const store = (): EventStore => app.app.get<EventStore>(EVENT_STORE);
const invitations = (appointmentId: string) =>
  store().readStream(`survey-invitation-${appointmentId}`);
const mailTo = (email: string) =>
  app.database.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', email)
    .where('channel', '=', 'email')
    .execute();

async function checkoutEvent(appointmentId: string): Promise<RecordedEvent> {
  const events = await store().readStream(`appointment-${appointmentId}`);
  const found = events.find(
    (e) =>
      e.type === 'AppointmentStatusChanged' &&
      (e.data as { status: string }).status === 'Checked-Out',
  );
  if (!found) throw new Error('no checkout');
  return found;
}

describe('the survey after the visit', () => {
  it('is sent to the patient once: an email and a live notice on their own room', async () => {
    const patient = await createUser(app, 'Patient', null, { first: 'Sue', last: 'Survey' });
    const live = await watch(app, patient);
    const appointmentId = await book(patient);
    const link = `${SURVEY}?appointment_id=${appointmentId}`;
    const at = await checkOut(appointmentId);

    const heard = await live.eventually('survey.invited', (messages) =>
      messages.some((m) => m.appointment_id === appointmentId),
    );
    const notice = heard.find((m) => m.appointment_id === appointmentId)!;
    expect(notice).toEqual({
      appointment_id: appointmentId,
      patient_id: patient.userId,
      survey_link: link,
      position: notice.position,
    });
    expect(notice.position).toBeGreaterThan(at);

    const mail = await eventually(
      () => mailTo(patient.email),
      (rows) => rows.length > 0,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(REVIEW_MESSAGES.takeSurvey);
    expect(mail[0]!.body).toContain(`${REVIEW_MESSAGES.welcome} Sue`);
    // The link is the survey welcome page (spec 2.7), which leads on to the survey.
    const { publicUrl } = app.app.get<AppConfig>(APP_CONFIG);
    expect(mail[0]!.body).toContain(
      `${REVIEW_MESSAGES.startSurvey}: ${publicUrl}${startSurveyPath(appointmentId)}`,
    );

    const [invited] = await invitations(appointmentId);
    expect(invited).toMatchObject({
      type: 'PatientInvitedToSurvey',
      data: {
        appointment_id: appointmentId,
        practice_id: practice.practiceId,
        provider_id: practice.provider.userId,
        patient_id: patient.userId,
        booked_by: patient.userId,
        survey_link: link,
      },
    });
    const visits = await app.api
      .as(patient)
      .get(`/api/v1/me/visit-feedback?min_position=${notice.position}`);
    const visit = (visits.body.data as VisitFeedbackView[]).find(
      (v) => v.appointment_id === appointmentId,
    );
    expect(visit).toMatchObject({ survey_link: link });
    expect(visit?.survey_invited_at).toBe((invited!.data as { invited_at: string }).invited_at);

    // The practice's trail tells it.
    const history = await app.api
      .as(practice.admin)
      .get(`/api/v1/appointments/${appointmentId}/history?min_position=${notice.position}`);
    expect(history.status).toBe(200);
    expect((history.body.data as AuditEntryView[]).map((e) => e.summary)).toContain(
      'Sent the post-visit survey to the patient',
    );

    // Reacting to the same checkout again (a restart) records and sends nothing more.
    await app.app.get(SurveyInvitationsProcessManager).react(await checkoutEvent(appointmentId));
    expect(await invitations(appointmentId)).toHaveLength(1);
    expect(await mailTo(patient.email)).toHaveLength(1);
    // Nobody else hears it.
    const stranger = await createUser(app, 'Patient');
    const strangerLive = await watch(app, stranger);
    expect((await strangerLive.join(`user:${patient.userId}`)).ok).toBe(false);
    expect(strangerLive.heard('survey.invited')).toEqual([]);
  });

  it('is not sent while the survey is off, nor for a checkout long past', async () => {
    const off = await app.api
      .as(practice.admin)
      .put(`/api/v1/providers/${practice.provider.userId}/survey-settings`, {
        ...SETTINGS,
        post_visit_survey_enabled: false,
      });
    expect(off.status).toBe(200);
    const patient = await createUser(app, 'Patient');
    const appointmentId = await book(patient);
    await checkOut(appointmentId);
    const manager = app.app.get(SurveyInvitationsProcessManager);
    await manager.react(await checkoutEvent(appointmentId));
    expect(await invitations(appointmentId)).toEqual([]);
    expect(await mailTo(patient.email)).toEqual([]);

    const on = await app.api
      .as(practice.admin)
      .put(`/api/v1/providers/${practice.provider.userId}/survey-settings`, SETTINGS);
    expect(on.status).toBe(200);
    // A checkout recorded long ago (a log followed afresh) sends nothing.
    const later = await book(patient);
    const old = new Date(Date.now() - 2 * SURVEY_INVITATION_WINDOW_MS).toISOString();
    const booked = (await store().readStream(`appointment-${later}`))[0]!;
    await manager.react({
      ...booked,
      id: randomUUID(),
      type: 'AppointmentStatusChanged',
      data: {
        appointment_id: later,
        from: 'Checked-In',
        status: 'Checked-Out',
        changed_by: practice.provider.userId,
        rejected_by: null,
        changed_at: old,
      },
    });
    expect(await invitations(later)).toEqual([]);
  });
});

describe('ratings pushed live', () => {
  it("reach the provider's public room after each review, and only that room", async () => {
    const visitor = await signInAsGuest(app);
    const watching = await watch(app, visitor, [`provider:${practice.provider.userId}`]);
    const elsewhere = await watch(app, visitor, [`provider:${randomUUID()}`]);
    expect(await watching.join('provider:not-a-provider')).toEqual({
      ok: false,
      message: 'Unknown room',
    });

    for (const rating of [5, 2]) {
      const patient = await createUser(app, 'Patient');
      const appointmentId = await book(patient);
      await checkOut(appointmentId);
      const reviewed = await app.api
        .as(patient)
        .post(`/api/v1/appointments/${appointmentId}/review`, { rating });
      expect(reviewed.status).toBe(201);
      const position = (reviewed.body.data as { position: number }).position;
      const heard = await watching.eventually('provider.rating', (messages) =>
        messages.some((m) => m.position === position),
      );
      const pushed = heard.find((m) => m.position === position)!;
      const profile = await app.api.get(
        `/api/v1/providers/${practice.provider.userId}/reviews?min_position=${position}`,
      );
      const view = profile.body.data as ProviderReviewsView;
      expect(pushed).toEqual({
        provider_id: practice.provider.userId,
        rating: view.rating,
        user_ratings_total: view.user_ratings_total,
        position,
      });
    }
    const all = watching.heard('provider.rating');
    expect(all.map((m) => m.user_ratings_total)).toEqual([1, 2]);
    expect(all.map((m) => m.rating)).toEqual([5, 3.5]);
    expect(elsewhere.heard('provider.rating')).toEqual([]);
  });
});
