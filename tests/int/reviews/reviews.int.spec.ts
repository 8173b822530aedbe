import { randomUUID } from 'node:crypto';
import type {
  AppointmentView,
  BookingResult,
  LoginResult,
  PracticeReviewView,
  ProviderReviewsView,
  ProviderSearchResult,
  ReputationSsoView,
  SurveyInfoView,
  SurveySettingsView,
  VisitFeedbackView,
} from '@medbook/contracts';
import { MEETING_MESSAGES, REPUTATION_REDIRECT_PATH, REVIEW_MESSAGES } from '@medbook/contracts';
import { jwtVerify } from 'jose';
import { createUser, signIn, type TestUser } from '../../support/accounts';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const SSO_URL = 'https://reputation.example.com/sso';
const SSO_KEY = 'reputation-test-key-0123456789abcdef';

let app: TestApp;
let practice: TestPractice;
let other: TestPractice;
let calendarId: string;
let calendarPosition: number;
let providerLastName: string;
let registeredAt: number;
let slotIndex = 0;

const SETTINGS = {
  post_visit_survey_enabled: true,
  post_visit_feedback_enabled: true,
  patient_survey_instructions: 'Five short questions about your visit; it takes two minutes.',
  survey_link_base: 'https://surveys.example.com/s/medbook',
  has_reputation_enabled: true,
  reputation_business_id: 'BIZ-42',
  place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  reviews_url: 'https://reviews.example.com/biz-42',
};

beforeAll(async () => {
  app = await startTestApp({ config: { reputationSsoUrl: SSO_URL, reputationSsoKey: SSO_KEY } });
  [practice, other] = await Promise.all([createPractice(app), createPractice(app)]);
  providerLastName = `Review${randomUUID().slice(0, 6)}`;
  const registered = await app.api
    .as(practice.admin)
    .post(`/api/v1/practices/${practice.practiceId}/providers`, {
      user_id: practice.provider.userId,
      first_name: 'Rita',
      last_name: providerLastName,
      provider_type: 'local',
      specialties: ['Family Medicine'],
      facility_ids: [],
    });
  expect(registered.status).toBe(201);
  registeredAt = (registered.body.data as { position: number }).position;
  ({ calendarId, position: calendarPosition } = await createCalendar(app, practice, {
    booking_capacity: 20,
  }));
});

afterAll(async () => {
  await app.close();
});

const settingsPath = (providerId = practice.provider.userId) =>
  `/api/v1/providers/${providerId}/survey-settings`;

async function book(patient: TestUser): Promise<string> {
  const slot = await tomorrowsSlot(app, calendarId, calendarPosition, slotIndex++ % 10);
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  return (response.body.data as BookingResult).appointment_id;
}

async function setStatus(appointmentId: string, status: string): Promise<number> {
  const response = await app.api
    .as(practice.provider)
    .put(`/api/v1/appointments/${appointmentId}/status`, { status });
  if (response.status !== 200) throw new Error(`status: ${JSON.stringify(response.body)}`);
  return (response.body.data as { position: number }).position;
}

/** Booked, checked in and checked out: a visit that took place. */
async function completedVisit(patient: TestUser): Promise<{ id: string; position: number }> {
  const id = await book(patient);
  await setStatus(id, 'Checked-In');
  return { id, position: await setStatus(id, 'Checked-Out') };
}

describe('survey settings', () => {
  it('are set by the practice admin, read by its users, refused to others', async () => {
    const before = await app.api
      .as(practice.staff)
      .get(`${settingsPath()}?min_position=${registeredAt}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      post_visit_survey_enabled: false,
      has_reputation_enabled: false,
      survey_link_base: null,
    });

    const saved = await app.api.as(practice.admin).put(settingsPath(), SETTINGS);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(REVIEW_MESSAGES.saved);
    const at = (saved.body.data as { position: number }).position;
    const read = await app.api.as(practice.staff).get(`${settingsPath()}?min_position=${at}`);
    const view = read.body.data as SurveySettingsView;
    expect(view.provider_name).toContain(providerLastName);
    expect(view).toEqual({
      provider_id: practice.provider.userId,
      practice_id: practice.practiceId,
      provider_name: view.provider_name,
      ...SETTINGS,
    });
    const list = await app.api
      .as(practice.admin)
      .get(`/api/v1/practices/${practice.practiceId}/survey-settings?min_position=${at}`);
    expect(list.status).toBe(200);
    expect((list.body.data as SurveySettingsView[]).map((s) => s.provider_id)).toContain(
      practice.provider.userId,
    );

    // Staff read but do not change; another practice neither reads nor changes.
    expect((await app.api.as(practice.staff).put(settingsPath(), SETTINGS)).status).toBe(403);
    expect((await app.api.as(other.admin).put(settingsPath(), SETTINGS)).status).toBe(403);
    expect((await app.api.as(other.staff).get(settingsPath())).status).toBe(403);
    expect(
      (
        await app.api
          .as(other.admin)
          .get(`/api/v1/practices/${practice.practiceId}/survey-settings`)
      ).status,
    ).toBe(403);
    const patient = await createUser(app, 'Patient');
    expect((await app.api.as(patient).get(settingsPath())).status).toBe(403);
    expect(
      (await app.api.as(practice.admin).put(settingsPath(randomUUID()), SETTINGS)).status,
    ).toBe(404);
  });

  it('refuses hostile and inconsistent input without writing', async () => {
    const cases: Record<string, unknown>[] = [
      { ...SETTINGS, survey_link_base: 'javascript:alert(1)' },
      { ...SETTINGS, survey_link_base: 'not a link' },
      { ...SETTINGS, patient_survey_instructions: 'a\u0000b' },
      { ...SETTINGS, patient_survey_instructions: 'x'.repeat(2001) },
      { ...SETTINGS, reputation_business_id: 'B'.repeat(16) },
      { ...SETTINGS, reputation_business_id: '<script>' },
      { ...SETTINGS, place_id: '<script>' },
      { ...SETTINGS, place_id: 'P'.repeat(256) },
      { ...SETTINGS, reviews_url: 'javascript:alert(1)' },
      { ...SETTINGS, reviews_url: `https://reviews.example.com/${'x'.repeat(500)}` },
      { ...SETTINGS, post_visit_survey_enabled: 'yes' },
      { ...SETTINGS, has_reputation_enabled: undefined },
    ];
    for (const body of cases) {
      const response = await app.api.as(practice.admin).put(settingsPath(), body);
      expect([response.status, body]).toEqual([400, body]);
    }
    const noLink = await app.api
      .as(practice.admin)
      .put(settingsPath(), { ...SETTINGS, survey_link_base: '' });
    expect(noLink.status).toBe(400);
    expect(noLink.body.message).toBe(REVIEW_MESSAGES.linkNeeded);
    const noBusiness = await app.api
      .as(practice.admin)
      .put(settingsPath(), { ...SETTINGS, reputation_business_id: ' ' });
    expect(noBusiness.status).toBe(400);
    expect(noBusiness.body.message).toBe(REVIEW_MESSAGES.businessIdNeeded);
    const read = await app.api.as(practice.admin).get(settingsPath());
    expect(read.body.data).toMatchObject(SETTINGS);
  });
});

describe('after the visit', () => {
  it('gives the patient a survey link and the welcome page its facts', async () => {
    await app.api.as(practice.admin).put(settingsPath(), SETTINGS);
    const patient = await createUser(app, 'Patient', null, { first: 'Sue', last: 'Survey' });
    const booked = await book(patient);
    // Not completed yet: no survey, no link.
    expect((await app.api.get(`/api/v1/appointments/${booked}/survey`)).status).toBe(404);

    const { id, position } = await completedVisit(patient);
    const mine = await app.api
      .as(patient)
      .get(`/api/v1/me/visit-feedback?min_position=${position}`);
    expect(mine.status).toBe(200);
    const visit = (mine.body.data as VisitFeedbackView[]).find((v) => v.appointment_id === id);
    expect(visit).toMatchObject({
      completed: true,
      survey_link: `${SETTINGS.survey_link_base}?appointment_id=${id}`,
      feedback_enabled: true,
      review_given: false,
    });
    expect((mine.body.data as VisitFeedbackView[]).some((v) => v.appointment_id === booked)).toBe(
      false,
    );
    // The appointment itself carries the spec's survey_link and review_given in the lists.
    const listed = await app.api
      .as(patient)
      .get(`/api/v1/appointments/patient?pageNo=1&pageSize=50&min_position=${position}`);
    expect(listed.status).toBe(200);
    const rows = (listed.body.data as { appointments: AppointmentView[] }).appointments;
    expect(rows.find((a) => a.appointment_id === id)).toMatchObject({
      survey_link: visit!.survey_link,
      review_given: false,
    });
    expect(rows.find((a) => a.appointment_id === booked)).toMatchObject({
      survey_link: null,
      review_given: false,
    });

    // Public (the welcome page signs out first), as the spec's survey info.
    const info = await app.api.get(`/api/v1/appointments/${id}/survey?min_position=${position}`);
    expect(info.status).toBe(200);
    expect(info.body.data as SurveyInfoView).toMatchObject({
      appointment_id: id,
      survey_link: visit!.survey_link,
      patient: { name: { first_name: 'Sue' } },
      provider: {
        id: practice.provider.userId,
        patient_survey_instructions: SETTINGS.patient_survey_instructions,
      },
      facility: { address: '1 Main St, New York, NY 10001' },
    });
    expect((await app.api.get(`/api/v1/appointments/${randomUUID()}/survey`)).status).toBe(404);
    expect((await app.api.get('/api/v1/appointments/not-an-id/survey')).status).toBe(400);

    // A visit completed while the survey is off gets no link.
    const off = await app.api
      .as(practice.admin)
      .put(settingsPath(), { ...SETTINGS, post_visit_survey_enabled: false });
    expect(off.status).toBe(200);
    const later = await completedVisit(patient);
    const again = await app.api
      .as(patient)
      .get(`/api/v1/appointments/${later.id}/feedback?min_position=${later.position}`);
    expect(again.body.data).toMatchObject({ completed: true, survey_link: null });
    expect((await app.api.get(`/api/v1/appointments/${later.id}/survey`)).status).toBe(404);
    await app.api.as(practice.admin).put(settingsPath(), SETTINGS);
  });
});

describe('reviews', () => {
  it('only the visit patient reviews, once, a completed visit, within bounds', async () => {
    const patient = await createUser(app, 'Patient', null, { first: 'Rev', last: 'Iewer' });
    const stranger = await createUser(app, 'Patient');
    const early = await book(patient);
    const notYet = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${early}/review`, { rating: 5 });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(MEETING_MESSAGES.reviewNotYet);

    const { id, position } = await completedVisit(patient);
    const review = (who: TestUser, body: unknown) =>
      app.api.as(who).post(`/api/v1/appointments/${id}/review`, body);
    expect((await review(stranger, { rating: 5 })).status).toBe(403);
    expect((await review(practice.provider, { rating: 5 })).status).toBe(403);
    expect((await review(other.staff, { rating: 5 })).status).toBe(403);
    expect(
      (
        await app.api
          .as(stranger)
          .get(`/api/v1/appointments/${id}/feedback?min_position=${position}`)
      ).status,
    ).toBe(403);
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      {},
      { rating: 5, comment: 'nice\u0000' },
      { rating: 5, comment: 'x'.repeat(2001) },
      { rating: 5, comment: 42 },
    ]) {
      const response = await review(patient, body);
      expect([response.status, body]).toEqual([400, body]);
    }
    const given = await review(patient, { rating: 2, comment: '  Long wait, kind doctor.  ' });
    expect(given.status).toBe(201);
    const twice = await review(patient, { rating: 5 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MEETING_MESSAGES.reviewedAlready);
    const at = (given.body.data as { position: number }).position;

    const mine = await app.api
      .as(patient)
      .get(`/api/v1/appointments/${id}/feedback?min_position=${at}`);
    expect(mine.body.data).toMatchObject({
      review_given: true,
      review: { rating: 2, comment: 'Long wait, kind doctor.' },
    });

    // The practice's users read it; another practice does not.
    const list = await app.api
      .as(practice.staff)
      .get(`/api/v1/practices/${practice.practiceId}/reviews?min_position=${at}`);
    expect(list.status).toBe(200);
    expect(
      (list.body.data as PracticeReviewView[]).find((r) => r.appointment_id === id),
    ).toMatchObject({ rating: 2, comment: 'Long wait, kind doctor.', patient_name: 'Rev Iewer' });
    expect(
      (await app.api.as(other.staff).get(`/api/v1/practices/${practice.practiceId}/reviews`))
        .status,
    ).toBe(403);
    expect(
      (await app.api.as(patient).get(`/api/v1/practices/${practice.practiceId}/reviews`)).status,
    ).toBe(403);
  });

  it('sum up per provider on the search card and the profile', async () => {
    const before = await app.api.get(`/api/v1/providers/${practice.provider.userId}/reviews`);
    expect(before.status).toBe(200);
    const start = before.body.data as ProviderReviewsView;
    let position = 0;
    const ratings = [5, 4];
    for (const rating of ratings) {
      const patient = await createUser(app, 'Patient');
      const { id } = await completedVisit(patient);
      const response = await app.api
        .as(patient)
        .post(`/api/v1/appointments/${id}/review`, { rating });
      expect(response.status).toBe(201);
      position = (response.body.data as { position: number }).position;
    }
    const total = start.user_ratings_total + ratings.length;
    const sum = (start.rating ?? 0) * start.user_ratings_total + 9;
    const profile = await app.api.get(
      `/api/v1/providers/${practice.provider.userId}/reviews?min_position=${position}`,
    );
    const view = profile.body.data as ProviderReviewsView;
    expect(view.user_ratings_total).toBe(total);
    expect(view.rating).toBeCloseTo(Math.round((sum / total) * 10) / 10, 1);
    expect(view.reviews[0]).toMatchObject({ rating: 4 });
    // The spec's provider_reviews names: the listing on the review site set in the settings.
    expect(view).toMatchObject({ place_id: SETTINGS.place_id, url: SETTINGS.reviews_url });
    expect(view.provider_name).toContain(providerLastName);
    expect(view.specialty).toBe('Family Medicine');
    expect((await app.api.get(`/api/v1/providers/${randomUUID()}/reviews`)).status).toBe(404);
    expect(JSON.stringify(view)).not.toContain('patient');

    const found = await app.api.post(`/api/v1/providers/search?min_position=${position}`, {
      text_field: providerLastName.toLowerCase(),
    });
    expect(found.status).toBe(200);
    const card = (found.body.data as ProviderSearchResult).providers.find(
      (p) => p.id === practice.provider.userId,
    );
    expect(card?.rating).toEqual({ average: view.rating, count: total });
  });
});

describe("the login response's reputation_setting", () => {
  it('is enabled for the practice that set it up, with its business id and no key', async () => {
    const saved = await app.api.as(practice.admin).put(settingsPath(), SETTINGS);
    expect(saved.status).toBe(200);
    const at = (saved.body.data as { position: number }).position;
    await app.api.as(practice.admin).get(`${settingsPath()}?min_position=${at}`);
    const staff = await signIn(app, practice.staff.email, practice.staff.password);
    expect(staff.reputation_setting).toEqual({
      enabled: true,
      api_key: null,
      business_id: 'BIZ-42',
    });
    // The refreshed session says it again.
    const refreshed = await app.api.post(`/api/v1/auth/refresh`, {
      refresh_token: staff.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect((refreshed.body.data as LoginResult).reputation_setting.enabled).toBe(true);
    // Another practice, and a patient, have none.
    const otherAdmin = await signIn(app, other.admin.email, other.admin.password);
    expect(otherAdmin.reputation_setting).toEqual({
      enabled: false,
      api_key: null,
      business_id: null,
    });
    const patient = await createUser(app, 'Patient');
    expect(patient.login.reputation_setting.enabled).toBe(false);
    // Turned off, it is off at the next sign-in.
    const off = await app.api
      .as(practice.admin)
      .put(settingsPath(), { ...SETTINGS, has_reputation_enabled: false });
    const offAt = (off.body.data as { position: number }).position;
    await app.api.as(practice.admin).get(`${settingsPath()}?min_position=${offAt}`);
    expect(
      (await signIn(app, practice.staff.email, practice.staff.password)).reputation_setting,
    ).toEqual({ enabled: false, api_key: null, business_id: null });
    const on = await app.api.as(practice.admin).put(settingsPath(), SETTINGS);
    const onAt = (on.body.data as { position: number }).position;
    await app.api.as(practice.admin).get(`${settingsPath()}?min_position=${onAt}`);
  });
});

describe('reputation management single sign-on', () => {
  it('sends the practice user to the service with a short-lived signed token', async () => {
    await app.api.as(practice.admin).put(settingsPath(), SETTINGS);
    const response = await app.api
      .as(practice.staff)
      .get('/api/v1/reputation-management/single-sign-on');
    expect(response.status).toBe(200);
    const { redirect_url: url, expires_in: ttl } = response.body.data as ReputationSsoView;
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(SSO_URL);
    expect(target.searchParams.get('redirectURL')).toBe(REPUTATION_REDIRECT_PATH);
    const { payload } = await jwtVerify(
      target.searchParams.get('token')!,
      new TextEncoder().encode(SSO_KEY),
    );
    expect(payload).toMatchObject({
      sub: practice.staff.userId,
      email: practice.staff.email,
      business_id: 'BIZ-42',
      practice_id: practice.practiceId,
      redirect: REPUTATION_REDIRECT_PATH,
    });
    expect(payload.exp! - payload.iat!).toBe(ttl);
    expect(ttl).toBeLessThanOrEqual(300);
    // Signed with another key, or changed, it does not verify.
    await expect(
      jwtVerify(target.searchParams.get('token')!, new TextEncoder().encode('another key')),
    ).rejects.toThrow();

    const patient = await createUser(app, 'Patient');
    expect(
      (await app.api.as(patient).get('/api/v1/reputation-management/single-sign-on')).status,
    ).toBe(403);
  });

  it('says so when the practice has not set it up, or the service has no key', async () => {
    const unset = await app.api.as(other.admin).get('/api/v1/reputation-management/single-sign-on');
    expect(unset.status).toBe(404);
    expect(unset.body.message).toBe(REVIEW_MESSAGES.reputationNotSetUp);

    const bare = await startTestApp({
      config: { reputationSsoUrl: undefined, reputationSsoKey: undefined },
    });
    try {
      const admin = await createUser(bare, 'PracticeAdmin', randomUUID());
      const response = await bare.api.as(admin).get('/api/v1/reputation-management/single-sign-on');
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(REVIEW_MESSAGES.reputationNotSetUp);
      // Without the service's key the login says it is not enabled.
      expect(admin.login.reputation_setting.enabled).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
