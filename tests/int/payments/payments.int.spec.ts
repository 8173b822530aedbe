import { randomUUID } from 'node:crypto';
import {
  type BookingPaymentSettings,
  type BookingResult,
  type HoldView,
  PAYMENT_MESSAGES,
  type PaymentMethodsView,
  type PaymentView,
  TEST_CARDS,
} from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import {
  createCalendar,
  createPractice,
  registerEntry,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let calendarId: string;
let position: number;

const card = (number: string = TEST_CARDS.success) => ({
  number,
  exp_month: 12,
  exp_year: 2040,
  cvc: '123',
  name_on_card: 'Rosa Diaz',
});

/** A provider of the practice with these fees, and an office calendar for them. */
async function providerCalendar(fees: Record<string, unknown>) {
  const provider = await createUser(app, 'Provider', practice.practiceId);
  await registerEntry(app, practice, 'providers', {
    user_id: provider.userId,
    first_name: 'Maya',
    last_name: 'Chen',
    provider_type: 'local',
    specialties: ['Family Medicine'],
    facility_ids: [],
    ...fees,
  });
  const created = await createCalendar(app, practice, { provider_id: provider.userId });
  await eventually(
    () => settingsOf(created.calendarId),
    (s) => s?.enable_visit_fee === (fees.enable_visit_fee === true),
  );
  return created;
}

async function settingsOf(id: string): Promise<BookingPaymentSettings | null> {
  const response = await app.api.get(`/api/v1/calendars/${id}/payment-settings`);
  return response.body.data as BookingPaymentSettings | null;
}

const pay = (patient: TestUser, body: Record<string, unknown>) =>
  app.api.as(patient).post('/api/v1/payments/visit-fee', {
    calendar_id: calendarId,
    insured: false,
    amount: 75,
    command_id: randomUUID(),
    ...body,
  });

const paymentEvents = async (paymentId: string) =>
  (
    await sql<{ event_type: string }>`SELECT event_type FROM es_events
      WHERE stream_id = ${`payment-${paymentId}`} ORDER BY stream_revision`.execute(app.database.db)
  ).rows.map((r) => r.event_type);

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  const settings = await app.api
    .as(practice.admin)
    .put(`/api/v1/practices/${practice.practiceId}/payment-settings`, {
      online_payment_enabled: true,
      online_payment_gateway: 'Stripe',
      enable_card_on_file: true,
      has_paypal_account: false,
    });
  expect(settings.status).toBe(200);
  ({ calendarId, position } = await providerCalendar({
    enable_visit_fee: true,
    visit_amount: 75,
    insured_visit_amount: 25,
  }));
});

afterAll(async () => {
  await app.close();
});

it("answers the calendar's payment settings: the practice's gateway and the provider's fees", async () => {
  expect(await settingsOf(calendarId)).toEqual({
    online_payment_enabled: true,
    online_payment_gateway: 'Stripe',
    enable_card_on_file: true,
    has_paypal_account: false,
    enable_visit_fee: true,
    visit_amount: 75,
    insured_visit_amount: 25,
  });
  const staff = await app.api
    .as(practice.admin)
    .put(`/api/v1/practices/${practice.practiceId}/payment-settings`, {
      online_payment_enabled: true,
      online_payment_gateway: 'Square',
      enable_card_on_file: true,
    });
  expect(staff.status).toBe(400);
});

it('authorizes the fee with the success card, books, and captures it when associated', async () => {
  const patient = await createUser(app, 'Patient');
  const paid = await pay(patient, { card: card() });
  expect(paid.status).toBe(201);
  expect(paid.body.message).toBe(PAYMENT_MESSAGES.paid);
  const payment = paid.body.data as PaymentView;
  expect(payment).toMatchObject({
    status: 'authorized',
    amount: 75,
    gateway: 'Stripe',
    card_brand: 'Visa',
    card_last6: '424242',
  });
  expect(JSON.stringify(paid.body)).not.toContain(TEST_CARDS.success);

  const slot = await tomorrowsSlot(app, calendarId, position);
  const hold = await app.api
    .as(patient)
    .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: slot.start_date });
  const booked = await app.api.as(patient).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
    hold_id: (hold.body.data as HoldView).hold_id,
    command_id: randomUUID(),
    payment_id: payment.payment_id,
  });
  expect(booked.status).toBe(201);
  const appointmentId = (booked.body.data as BookingResult).appointment_id;
  const associate = (amount: number, gateway = 'Stripe') =>
    app.api.as(patient).post(`/api/v1/appointments/${appointmentId}/associate-payment`, {
      amount,
      gateway,
      payment_id: payment.payment_id,
    });
  const wrongAmount = await associate(50);
  expect(wrongAmount.status).toBe(400);
  expect(wrongAmount.body.message).toBe(PAYMENT_MESSAGES.amountMismatch);
  expect((await associate(75, 'Fortis')).status).toBe(400);

  const captured = await associate(75);
  expect(captured.status).toBe(200);
  expect(captured.body.data).toMatchObject({ status: 'captured', appointment_id: appointmentId });
  // Associating again answers the same and writes nothing.
  expect((await associate(75)).status).toBe(200);
  expect(await paymentEvents(payment.payment_id)).toEqual(['PaymentAuthorized', 'PaymentCaptured']);
  const other = await createUser(app, 'Patient');
  expect((await app.api.as(other).get(`/api/v1/payments/${payment.payment_id}`)).status).toBe(403);
  expect(
    (await app.api.as(practice.staff).get(`/api/v1/payments/${payment.payment_id}`)).body.data,
  ).toMatchObject({ status: 'captured' });
});

it('charges the insured amount when the patient is insured', async () => {
  const patient = await createUser(app, 'Patient');
  expect((await pay(patient, { insured: true, amount: 75, card: card() })).status).toBe(400);
  const paid = await pay(patient, { insured: true, amount: 25, card: card() });
  expect(paid.status).toBe(201);
  expect((paid.body.data as PaymentView).amount).toBe(25);
});

it.each([
  [TEST_CARDS.declined, PAYMENT_MESSAGES.declined],
  [TEST_CARDS.insufficientFunds, PAYMENT_MESSAGES.insufficientFunds],
  ['4242424242424241', PAYMENT_MESSAGES.incorrectNumber],
])('refuses card %s with 402 "%s" and records the failure', async (number, message) => {
  const patient = await createUser(app, 'Patient');
  const refused = await pay(patient, { card: card(number) });
  expect(refused.status).toBe(402);
  expect(refused.body.message).toBe(message);
  const payment = refused.body.data as PaymentView;
  expect(payment.status).toBe('failed');
  expect(await paymentEvents(payment.payment_id)).toEqual(['PaymentFailed']);
});

it('refuses an expired card and a malformed one', async () => {
  const patient = await createUser(app, 'Patient');
  const expired = await pay(patient, { card: { ...card(), exp_year: 2020 } });
  expect(expired.status).toBe(402);
  expect(expired.body.message).toBe(PAYMENT_MESSAGES.expired);
  const malformed = await pay(patient, { card: { ...card(), number: '4242-abc', cvc: '1' } });
  expect(malformed.status).toBe(400);
  expect((malformed.body.data as { errors: string[] }).errors).toHaveLength(2);
});

it('refuses a visit fee below 0.5, on the server as in the wizard', async () => {
  const patient = await createUser(app, 'Patient');
  const small = await providerCalendar({
    enable_visit_fee: true,
    visit_amount: 0.4,
    insured_visit_amount: 0.4,
  });
  const refused = await app.api.as(patient).post('/api/v1/payments/visit-fee', {
    calendar_id: small.calendarId,
    insured: false,
    amount: 0.4,
    card: card(),
    command_id: randomUUID(),
  });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(PAYMENT_MESSAGES.belowMinimum);
  // Nor may a client send a smaller amount than the fee due.
  const less = await pay(patient, { amount: 0.3, card: card() });
  expect(less.status).toBe(400);
  expect(less.body.message).toBe(PAYMENT_MESSAGES.belowMinimum);
  // A provider without the visit fee takes none.
  const free = await providerCalendar({ enable_visit_fee: false, visit_amount: 75 });
  const none = await app.api.as(patient).post('/api/v1/payments/visit-fee', {
    calendar_id: free.calendarId,
    insured: false,
    amount: 75,
    card: card(),
    command_id: randomUUID(),
  });
  expect(none.status).toBe(400);
  expect(none.body.message).toBe(PAYMENT_MESSAGES.noVisitFee);
});

it('charges once for a payment retried with the same key, even at the same time', async () => {
  const patient = await createUser(app, 'Patient');
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => pay(patient, { command_id: key, card: card() })),
  );
  // A retry answers as the first time, whatever card it carries.
  const later = await pay(patient, { command_id: key, card: card(TEST_CARDS.declined) });
  for (const answer of [...answers, later]) expect(answer.status).toBe(201);
  const ids = new Set([...answers, later].map((a) => (a.body.data as PaymentView).payment_id));
  expect(ids.size).toBe(1);
  expect(await paymentEvents([...ids][0]!)).toEqual(['PaymentAuthorized']);
  // The same key from another patient is another payment.
  const other = await createUser(app, 'Patient');
  const theirs = await pay(other, { command_id: key, card: card() });
  expect((theirs.body.data as PaymentView).payment_id).not.toBe([...ids][0]);
});

it("releases the fee when the patient declines a new slot ('Payment not proccessed')", async () => {
  const patient = await createUser(app, 'Patient');
  const payment = (await pay(patient, { card: card() })).body.data as PaymentView;
  const other = await createUser(app, 'Patient');
  const cancel = (user: TestUser) =>
    app.api.as(user).post(`/api/v1/payments/${payment.payment_id}/cancel-visit-fee`, {});
  expect((await cancel(other)).status).toBe(403);
  const released = await cancel(patient);
  expect(released.status).toBe(200);
  expect(released.body.message).toBe(PAYMENT_MESSAGES.notProcessed);
  expect((released.body.data as PaymentView).status).toBe('refunded');
  expect((await cancel(patient)).status).toBe(200);
  expect(await paymentEvents(payment.payment_id)).toEqual(['PaymentAuthorized', 'PaymentRefunded']);
  // A released fee cannot be captured any more.
  const captured = await app.api
    .as(patient)
    .post(`/api/v1/appointments/${randomUUID()}/associate-payment`, {
      amount: 75,
      gateway: 'Stripe',
      payment_id: payment.payment_id,
    });
  expect(captured.status).toBe(404);
});

it('keeps a card on file, lists it as data.data and pays with it', async () => {
  const patient = await createUser(app, 'Patient');
  const methods = async () =>
    (await app.api.as(patient).get(`/api/v1/patients/${patient.userId}/get-payment-methods`)).body
      .data as PaymentMethodsView;
  expect((await methods()).data).toEqual([]);
  const declined = await app.api
    .as(patient)
    .post(`/api/v1/patients/${patient.userId}/payment-methods`, {
      card: card(TEST_CARDS.declined),
    });
  expect(declined.status).toBe(402);
  expect(declined.body.message).toBe(PAYMENT_MESSAGES.declined);
  const saved = await app.api
    .as(patient)
    .post(`/api/v1/patients/${patient.userId}/payment-methods`, { card: card() });
  expect(saved.status).toBe(201);
  const listed = (await methods()).data;
  expect(listed).toEqual([
    expect.objectContaining({ brand: 'Visa', last6: '424242', exp_month: 12, exp_year: 2040 }),
  ]);
  expect(JSON.stringify(listed)).not.toContain('pm_test');
  const other = await createUser(app, 'Patient');
  expect(
    (await app.api.as(other).get(`/api/v1/patients/${patient.userId}/get-payment-methods`)).status,
  ).toBe(403);
  const paid = await pay(patient, { payment_method_id: listed[0]!.payment_method_id });
  expect(paid.status).toBe(201);
  expect((paid.body.data as PaymentView).card_last6).toBe('424242');
});
