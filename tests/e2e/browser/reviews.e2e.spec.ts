import type { BookingResult, ProviderReviewsView } from '@medbook/contracts';
import { REVIEW_MESSAGES } from '@medbook/contracts';
import { call, createUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import {
  createCalendar,
  registerFacility,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let calendarId: string;
let calendarPosition: number;
const browser = browserSuite();

const INSTRUCTIONS = 'Five short questions about your visit. It takes about two minutes.';
const SURVEY = 'https://surveys.example.com/s/medbook';

beforeAll(async () => {
  // The reputation service is configured; whether a practice uses it is its own setting.
  app = await startTestApp({
    config: {
      reputationSsoUrl: 'https://reputation.example.com/sso',
      reputationSsoKey: 'reputation-test-key-0123456789abcdef',
    },
  });
  // A registered practice (its name is on the survey page), with an account of each role.
  const superUser = await createUser(app, 'SuperUser');
  const registeredPractice = await call(
    app,
    'POST',
    '/api/v1/practices',
    { name: 'Lakeside Family Practice', time_zone: 'America/New_York' },
    superUser.auth,
  );
  expect(registeredPractice.status).toBe(201);
  const practiceId = (registeredPractice.body.data as { id: string }).id;
  const [admin, staff, provider] = await Promise.all([
    createUser(app, 'PracticeAdmin', practiceId),
    createUser(app, 'Staff', practiceId),
    createUser(app, 'Provider', practiceId),
  ]);
  practice = { practiceId, admin, staff, provider };
  const facilityId = await registerFacility(app, practice);
  const registered = await call(
    app,
    'POST',
    `/api/v1/practices/${practice.practiceId}/providers`,
    {
      user_id: practice.provider.userId,
      first_name: 'Rosa',
      last_name: 'Lindqvist',
      provider_type: 'local',
      specialties: ['Family Medicine'],
      facility_ids: [facilityId],
    },
    practice.admin.auth,
  );
  expect(registered.status).toBe(201);
  ({ calendarId, position: calendarPosition } = await createCalendar(app, practice, {
    facility_id: facilityId,
    booking_capacity: 5,
  }));
  const saved = await call(
    app,
    'PUT',
    `/api/v1/providers/${practice.provider.userId}/survey-settings`,
    {
      post_visit_survey_enabled: true,
      post_visit_feedback_enabled: true,
      patient_survey_instructions: INSTRUCTIONS,
      survey_link_base: SURVEY,
      has_reputation_enabled: false,
    },
    practice.admin.auth,
  );
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await app.close();
});

/** A visit of tomorrow, booked by the patient, checked in and out by the provider. */
async function completedVisit(patient: { auth: { authorization: string } }): Promise<string> {
  const slot = await tomorrowsSlot(app, calendarId, calendarPosition);
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  expect(booked.status).toBe(201);
  const id = (booked.body.data as BookingResult).appointment_id;
  for (const status of ['Checked-In', 'Checked-Out']) {
    const moved = await call(
      app,
      'PUT',
      `/api/v1/appointments/${id}/status`,
      { status },
      practice.provider.auth,
    );
    expect(moved.status).toBe(200);
  }
  return id;
}

it('shows the survey welcome page, takes a review and shows the rating on the card', async () => {
  const patient = await createUser(app, 'Patient', null, { first: 'Sue', last: 'Survey' });
  const appointmentId = await completedVisit(patient);

  // The survey link signs out whoever is signed in, then welcomes the visit's patient.
  const page = await browser.open(undefined, { timezoneId: 'America/Chicago' });
  await signIn(page, app, practice.staff);
  await page.goto(`${app.url}/appointments/${appointmentId}/start-survey`);
  await page.getByRole('heading', { name: 'Welcome, Sue' }).waitFor();
  await page.getByText(REVIEW_MESSAGES.takeSurvey).waitFor();
  await page.getByRole('heading', { name: REVIEW_MESSAGES.whatToExpect }).waitFor();
  await page.getByText(INSTRUCTIONS).waitFor();
  await page.getByTestId('survey-practice').getByText('Lakeside Family Practice').waitFor();
  expect(await page.locator('address').innerText()).toBe('1 Main St, New York, NY 10001');
  const start = page.getByRole('link', { name: /^Start Survey/ });
  expect(await start.getAttribute('href')).toBe(`${SURVEY}?appointment_id=${appointmentId}`);
  expect(await start.getAttribute('target')).toBe('_blank');
  // In the patient's zone (Sue's account has none: the visit's own, New York), not the browser's.
  expect(await page.getByTestId('survey-when').innerText()).toMatch(/(AM|PM) E[SD]T$/);
  // Signed out: no session is kept, and the dashboard asks to log in.
  expect(await page.evaluate<string | null>("localStorage.getItem('medbook.session')")).toBeNull();
  await shoot(page, 'survey-welcome');
  await expectAccessible(page);

  // The patient-review login variant: log in, then the review form of that visit.
  await page.goto(`${app.url}/patient-review?appointmentId=${appointmentId}`);
  await page.getByTestId('review-login-intro').waitFor();
  await page.getByRole('heading', { name: 'Log In' }).waitFor();
  await page.getByTestId('login-email').fill(patient.email);
  await page.getByTestId('login-password').fill(`Secret-${patient.email}`);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**/patient-review/appointments/${appointmentId}`);
  await page.getByRole('heading', { name: 'How was your visit?' }).waitFor();
  await page
    .getByTestId('review-visit')
    .getByText(/Rosa Lindqvist/)
    .waitFor();
  await page.getByTestId('review-send').click();
  await page.getByText('Please choose from 1 to 5 stars.').waitFor();
  await page.getByRole('radio', { name: '4 Stars' }).dispatchEvent('click');
  await page.getByTestId('review-comment').fill('Kind and on time.');
  await shoot(page, 'review-form');
  await expectAccessible(page);
  await page.getByTestId('review-send').click();
  await page.getByTestId('review-thanks').getByText('you rated this visit 4 of 5').waitFor();

  // The dashboard's past visit: the survey link and the rating given.
  await page.goto(`${app.url}/dashboard/patient`);
  const card = page.locator(`[data-appointment-id="${appointmentId}"]`);
  await card.getByTestId('visit-rated').getByText('You rated this visit 4 of 5').waitFor();
  expect(await card.getByTestId('visit-survey-link').getAttribute('href')).toBe(
    `${SURVEY}?appointment_id=${appointmentId}`,
  );
  await shoot(page, 'reviews-dashboard-past');
  await expectAccessible(page);

  // The provider's card in search results carries the rating.
  await page.goto(`${app.url}/provider-search?specialty=Family%20Medicine&page_no=1`);
  const rating = page
    .getByRole('article', { name: /Rosa Lindqvist/ })
    .getByTestId('provider-rating');
  await rating.getByText('4.0 of 5 (1 review)').waitFor();
  await shoot(page, 'reviews-search-card');

  // The rating opens the provider's profile of reviews.
  await rating.getByRole('link', { name: '4.0 of 5 (1 review)' }).click();
  await page.waitForURL(`**/providers/${practice.provider.userId}/reviews`);
  await page.getByRole('heading', { name: 'Rosa Lindqvist', level: 1 }).waitFor();
  await page.getByTestId('profile-rating').getByText('4.0 of 5 (1 review)').waitFor();
  await page.getByTestId('profile-review').getByText('Kind and on time.').waitFor();
  expect(await page.getByTestId('profile-review').innerText()).not.toContain('Sue');
  await shoot(page, 'provider-reviews-profile');
  await expectAccessible(page);
}, 120_000);

it("lets the practice's admin set surveys and staff read the reviews", async () => {
  const patient = await createUser(app, 'Patient', null, { first: 'Ola', last: 'Berg' });
  const appointmentId = await completedVisit(patient);
  const reviewed = await call(
    app,
    'POST',
    `/api/v1/appointments/${appointmentId}/review`,
    { rating: 5, comment: 'Excellent care.' },
    patient.auth,
  );
  expect(reviewed.status).toBe(201);

  const admin = await browser.open();
  await signIn(admin, app, practice.admin);
  await admin.goto(`${app.url}/practice-admin/surveys`);
  await admin.getByRole('heading', { name: 'Surveys', level: 1 }).waitFor();
  const form = admin.getByTestId('survey-settings-form').first();
  expect(await form.getByTestId('survey-link-base').inputValue()).toBe(SURVEY);
  await form.getByTestId('survey-instructions-field').fill('Three questions, one minute.');
  await form.getByTestId('survey-settings-save').click();
  await admin.getByText('Survey settings saved.').waitFor();
  await admin.getByText('Excellent care.').waitFor();
  await shoot(admin, 'surveys-admin');
  await expectAccessible(admin);

  const staff = await browser.open();
  await signIn(staff, app, practice.staff);
  await staff.goto(`${app.url}/staff-member/surveys`);
  await staff.getByText('Excellent care.').waitFor();
  expect(await staff.getByTestId('survey-settings-form').count()).toBe(0);
  await shoot(staff, 'surveys-staff');
  await expectAccessible(staff);

  // The patient-review flow's own login and password reset addresses.
  const visitor = await browser.open();
  await visitor.goto(`${app.url}/patient-review/appointments/${appointmentId}/login`);
  await visitor.getByTestId('review-login-intro').waitFor();
  await visitor.getByRole('heading', { name: 'Log In' }).waitFor();
  await visitor.goto(`${app.url}/patient-review/appointments/${appointmentId}/forgot-password`);
  await visitor.getByRole('heading', { name: /Forgot/ }).waitFor();

  // Reputation management is not set up for this practice (no provider of it has it on).
  await staff.goto(`${app.url}/reputation-management/single-sign-on`);
  await staff.getByText(REVIEW_MESSAGES.reputationNotSetUp).waitFor();
  await shoot(staff, 'reputation-not-set-up');
  await expectAccessible(staff);
}, 120_000);

it('sends the survey at checkout, pushes ratings live, and gates Reputation Management', async () => {
  // The patient on their dashboard when the visit is checked out: the survey notice appears.
  const patient = await createUser(app, 'Patient', null, { first: 'Liv', last: 'Notice' });
  const patientPage = await browser.open();
  await signIn(patientPage, app, patient, '/dashboard/patient');
  await patientPage.getByTestId('dashboard-greeting').waitFor();
  const appointmentId = await completedVisit(patient);
  const notice = patientPage.locator(
    `[data-testid="survey-invitation"][data-survey-for="${appointmentId}"]`,
  );
  await notice.getByText(REVIEW_MESSAGES.takeSurvey).waitFor();
  await notice.getByText(/Rosa Lindqvist/).waitFor();
  const start = notice.getByTestId('survey-invitation-start');
  expect(await start.getAttribute('href')).toBe(`${SURVEY}?appointment_id=${appointmentId}`);
  expect(await start.getAttribute('target')).toBe('_blank');
  // The past visit's card has the survey link too, without a reload.
  await patientPage
    .locator(`[data-appointment-id="${appointmentId}"]`)
    .getByTestId('visit-survey-link')
    .waitFor();
  await expectAccessible(patientPage);
  await shoot(patientPage, 'survey-invitation');
  // Put away, it stays away.
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await notice.waitFor({ state: 'detached' });
  await patientPage.reload();
  // Read again (the card's survey link is from the same list): the notice stays away.
  await patientPage
    .locator(`[data-appointment-id="${appointmentId}"]`)
    .getByTestId('visit-survey-link')
    .waitFor();
  expect(await notice.count()).toBe(0);

  // A visitor on the search page and on the provider's reviews: a new review shows on both live.
  const reviewsOf = async (position?: number) =>
    (
      await call(
        app,
        'GET',
        `/api/v1/providers/${practice.provider.userId}/reviews${position ? `?min_position=${position}` : ''}`,
      )
    ).body.data as ProviderReviewsView;
  const before = await reviewsOf();
  const searchPage = await browser.open();
  await searchPage.goto(`${app.url}/provider-search?specialty=Family%20Medicine&page_no=1`);
  const rating = searchPage
    .getByRole('article', { name: /Rosa Lindqvist/ })
    .getByTestId('provider-rating');
  await rating.waitFor();
  const profilePage = await browser.open();
  await profilePage.goto(`${app.url}/providers/${practice.provider.userId}/reviews`);
  await profilePage.getByTestId('profile-rating').waitFor();
  for (const page of [searchPage, profilePage]) {
    await page.evaluate('window.stillTheSamePage = true');
  }
  const reviewed = await call(
    app,
    'POST',
    `/api/v1/appointments/${appointmentId}/review`,
    { rating: 1, comment: 'Live on every page.' },
    patient.auth,
  );
  expect(reviewed.status).toBe(201);
  const now = await reviewsOf((reviewed.body.data as { position: number }).position);
  expect(now.user_ratings_total).toBe(before.user_ratings_total + 1);
  const expected = `${now.rating!.toFixed(1)} of 5 (${now.user_ratings_total} reviews)`;
  await rating.getByText(expected).waitFor();
  await profilePage.getByTestId('profile-rating').getByText(expected).waitFor();
  await profilePage.getByTestId('profile-review').getByText('Live on every page.').waitFor();
  for (const page of [searchPage, profilePage]) {
    expect(await page.evaluate('window.stillTheSamePage')).toBe(true);
  }
  await shoot(searchPage, 'reviews-search-card-live');
  await expectAccessible(profilePage);
  await shoot(profilePage, 'provider-reviews-live');

  // Reputation Management: not in the navigation until the practice sets it up, then it is.
  const nav = (page: typeof searchPage) => page.getByRole('navigation', { name: 'Workspace' });
  const notSetUp = await browser.open();
  await signIn(notSetUp, app, practice.admin, '/practice-admin/dashboard');
  await nav(notSetUp).getByRole('link', { name: 'Surveys' }).waitFor();
  expect(await nav(notSetUp).getByRole('link', { name: 'Reputation Management' }).count()).toBe(0);
  const saved = await call(
    app,
    'PUT',
    `/api/v1/providers/${practice.provider.userId}/survey-settings`,
    {
      post_visit_survey_enabled: true,
      post_visit_feedback_enabled: true,
      patient_survey_instructions: INSTRUCTIONS,
      survey_link_base: SURVEY,
      has_reputation_enabled: true,
      reputation_business_id: 'LAKESIDE-1',
      place_id: 'ChIJlakeside',
      reviews_url: 'https://reviews.example.com/lakeside',
    },
    practice.admin.auth,
  );
  expect(saved.status).toBe(200);
  const position = (saved.body.data as { position: number }).position;
  await call(
    app,
    'GET',
    `/api/v1/providers/${practice.provider.userId}/survey-settings?min_position=${position}`,
    undefined,
    practice.admin.auth,
  );
  const after = await browser.open();
  await signIn(after, app, practice.admin, '/practice-admin/dashboard');
  await nav(after).getByRole('link', { name: 'Reputation Management' }).waitFor();
  await expectAccessible(after);
  await shoot(after, 'reputation-in-navigation');
  // The provider's profile links to their listing on the review site.
  await profilePage.reload();
  const listing = profilePage.getByTestId('profile-review-site');
  expect(await listing.getAttribute('href')).toBe('https://reviews.example.com/lakeside');
  expect(await listing.getAttribute('data-place-id')).toBe('ChIJlakeside');
}, 180_000);
