import type { BookingResult } from '@medbook/contracts';
import { MEETING_MESSAGES } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, FAKE_MEDIA, shoot, signIn, expectAccessible } from '../../support/browser';
import { meterMoves, previewPlays, seesAndHears } from '../../support/meeting-media';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
/** Two Chromium instances with fake cameras and microphones, and a third for the front desk. */
const patientSide = browserSuite(FAKE_MEDIA);
const providerSide = browserSuite(FAKE_MEDIA);
const deskSide = browserSuite();

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

/** No serious or critical accessibility violation on the page as it stands. */
async function signedIn(
  suite: ReturnType<typeof browserSuite>,
  user: TestUser,
  lands: string,
): Promise<Page> {
  const page = await suite.open();
  await signIn(page, app, user, lands);
  return page;
}

it('a patient passes readiness and waits, the provider admits, both see and hear each other, chat, end visit, the desk sees Checked-Out live', async () => {
  const practice: TestPractice = await createPractice(app);
  // Open around the clock, so tomorrow's first visit is less than a day away whenever this runs.
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Test Provider (video)',
    visit_type: 'Telehealth',
    first_hour: 0,
    last_hour: 24,
  });
  const patient = await createUser(app, 'Patient', null, { first: 'Pat', last: 'Rivera' });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  expect(booked.status).toBe(201);
  const appointmentId = (booked.body.data as BookingResult).appointment_id;

  // The front desk watches the practice's list; the provider their dashboard.
  const desk = await signedIn(deskSide, practice.staff, '/dashboard/practice-staff');
  const deskRow = desk
    .locator(`[data-testid="appointment-row"][data-appointment="${appointmentId}"]`)
    .first();
  await deskRow.waitFor();
  const providerPage = await signedIn(providerSide, practice.provider, '/dashboard/doctor');
  await providerPage.getByTestId('virtual-waiting-empty').waitFor();

  // The patient: dashboard, join, readiness (preview and microphone meter), waiting room.
  const patientPage = await signedIn(patientSide, patient, '/dashboard/patient');
  await patientPage
    .locator(`[data-appointment-id="${appointmentId}"]`)
    .getByTestId('join-video-visit')
    .click();
  await patientPage.waitForURL(`**/meeting/readiness/${appointmentId}`);
  // The camera's preview plays and the microphone's meter moves (the fake microphone beeps).
  await previewPlays(patientPage);
  await meterMoves(patientPage);
  await shoot(patientPage, 'telehealth-readiness');
  await expectAccessible(patientPage);
  await patientPage.getByTestId('readiness-ready').click();
  await patientPage.waitForURL(`**/meeting/waiting-room/${appointmentId}`);
  expect(await patientPage.getByTestId('waiting-message').innerText()).toBe(
    MEETING_MESSAGES.notAdmitted,
  );
  await shoot(patientPage, 'telehealth-waiting-room');
  await expectAccessible(patientPage);

  // Live on the provider's dashboard, with how long they waited; the desk sees Waiting-Room.
  const waiting = providerPage.getByTestId('virtual-waiting');
  await waiting.getByText('Pat Rivera').waitFor();
  expect(await waiting.innerText()).toContain('waiting less than a minute');
  await deskRow.getByText('Waiting-Room').waitFor();
  await shoot(providerPage, 'telehealth-provider-waiting-list');
  await providerPage.getByRole('button', { name: 'Admit Pat Rivera' }).click();
  await providerPage.waitForURL(`**/meeting/${appointmentId}`);

  // The patient is let in by themselves; each side receives the other's video and audio.
  await patientPage.waitForURL(`**/meeting/${appointmentId}`);
  await Promise.all([seesAndHears(patientPage), seesAndHears(providerPage)]);
  await deskRow.getByText('In Progress').waitFor();

  // A short network drop on the patient's side: the call says so, then rejoins by itself.
  await patientPage.context().setOffline(true);
  await patientPage.getByTestId('call-state').filter({ hasText: 'Reconnecting…' }).waitFor();
  await patientPage.context().setOffline(false);
  await patientPage
    .getByTestId('call-state')
    .filter({ hasText: 'Connected' })
    .waitFor({ timeout: 20_000 });
  await Promise.all([seesAndHears(patientPage), seesAndHears(providerPage)]);

  // Chat both ways.
  await patientPage.getByTestId('chat-input').fill('Hello doctor, I can see you.');
  await patientPage.getByRole('button', { name: 'Send message' }).click();
  await providerPage
    .getByTestId('chat-messages')
    .getByText('Hello doctor, I can see you.')
    .waitFor();
  await providerPage.getByTestId('chat-input').fill('Hi Pat, I can hear you well.');
  await providerPage.getByRole('button', { name: 'Send message' }).click();
  await patientPage
    .getByTestId('chat-messages')
    .getByText('Hi Pat, I can hear you well.')
    .waitFor();

  // The provider's notes, beside the call.
  await providerPage.getByRole('tab', { name: 'Notes' }).click();
  await providerPage.getByTestId('notes-input').fill('Sore throat for 3 days, no fever.');
  await providerPage.getByRole('button', { name: 'Save notes' }).click();
  await providerPage.getByRole('button', { name: 'Saved' }).waitFor();
  await providerPage.getByRole('tab', { name: /People/ }).click();
  await shoot(providerPage, 'telehealth-call-provider');
  await shoot(patientPage, 'telehealth-call-patient');
  await expectAccessible(providerPage);
  await expectAccessible(patientPage);

  // Leaving while the meeting is in progress asks first, with the spec's text.
  await patientPage
    .getByRole('link', { name: /find a top doctor|home|medbook/i })
    .first()
    .click();
  expect(await patientPage.getByTestId('leave-guard').innerText()).toBe(
    MEETING_MESSAGES.inProgress,
  );
  await patientPage.getByRole('button', { name: 'Stay in the visit' }).click();
  expect(patientPage.url()).toContain(`/meeting/${appointmentId}`);

  // The provider ends the visit: Checked-Out for the desk, live; the patient is asked to review.
  await providerPage.getByTestId('call-end').click();
  await providerPage.getByRole('dialog').getByRole('button', { name: 'End visit' }).click();
  await providerPage.getByTestId('visit-ended').waitFor();
  await deskRow.getByText('Checked-Out').waitFor();
  await patientPage.getByTestId('visit-ended').waitFor();
  // The stars' radio inputs are visually hidden (MUI Rating): a click on one is what a tap does.
  await patientPage.getByRole('radio', { name: '5 Stars' }).dispatchEvent('click');
  await patientPage.getByLabel('Comment (optional)').fill('Quick and kind.');
  await shoot(patientPage, 'telehealth-review');
  await expectAccessible(patientPage);
  await patientPage.getByRole('button', { name: 'Send review' }).click();
  await patientPage.getByTestId('review-thanks').waitFor();
}, 180_000);

it('lets a guest in through a single-use link after the provider admits them, and refuses the link a second time', async () => {
  const practice: TestPractice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, {
    visit_type: 'Telehealth',
    first_hour: 0,
    last_hour: 24,
  });
  const patient = await createUser(app, 'Patient');
  const slot = await tomorrowsSlot(app, calendarId, position);
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  const appointmentId = (booked.body.data as BookingResult).appointment_id;

  // The provider starts the visit and invites an interpreter from the People panel.
  const providerPage = await signedIn(providerSide, practice.provider, '/dashboard/doctor');
  await providerPage.goto(`${app.url}/meeting/readiness/${appointmentId}`);
  await providerPage.getByTestId('readiness-ready').click();
  await providerPage.waitForURL(`**/meeting/${appointmentId}`);
  await providerPage.getByRole('tab', { name: /People/ }).click();
  await providerPage.getByLabel("Guest's name").fill('Ana Interpreter');
  await providerPage.getByRole('button', { name: 'Invite' }).click();
  const link = await providerPage.getByTestId('invitation-link').innerText();
  expect(link).toMatch(/\/validate\?token=/);

  // The guest opens the link without an account, passes readiness and waits.
  const guestPage = await patientSide.open({ width: 375, height: 800 });
  await guestPage.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
  await guestPage.waitForURL(`**/meeting/readiness/${appointmentId}`);
  await guestPage.getByTestId('readiness-ready').click();
  await guestPage.waitForURL(`**/meeting/waiting-room/${appointmentId}`);

  // The provider sees them waiting and admits them: they see and hear each other.
  await providerPage.getByRole('button', { name: 'Admit Ana Interpreter' }).click();
  await guestPage.waitForURL(`**/meeting/${appointmentId}`);
  await Promise.all([seesAndHears(guestPage), seesAndHears(providerPage)]);

  // The link works once: opened again elsewhere, it is refused with the spec-like message.
  const again = await deskSide.open();
  await again.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
  expect(await again.getByTestId('invitation-error').innerText()).toBe(
    MEETING_MESSAGES.invitationUsed,
  );
  await expectAccessible(again);

  // The provider removes the guest: the guest's call ends.
  await providerPage.getByRole('button', { name: 'Remove Ana Interpreter' }).click();
  await guestPage.getByText(MEETING_MESSAGES.removed).waitFor();
}, 120_000);
