import { randomUUID } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  type BookingPaymentSettings,
  type BookingResult,
  type PaymentView,
  type ScheduleAppointmentDetail,
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

/**
 * A booking carries how the visit is paid for, its screening answers and its visit fee, and the
 * practice sees them on the appointment; the API holds a direct client to the wizard's rules.
 */
let app: TestApp;
let practice: TestPractice;
/** A calendar of a provider charging 75 (25 insured), with a screening form. */
let feeCalendar: { calendarId: string; position: number };
/** A calendar charging nothing, with the same form. */
let freeCalendar: { calendarId: string; position: number };

const card = {
  number: TEST_CARDS.success,
  exp_month: 12,
  exp_year: 2040,
  cvc: '123',
  name_on_card: 'Rosa Diaz',
};

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
  const created = await createCalendar(app, practice, {
    provider_id: provider.userId,
    custom_form_ids: ['covid-screening'],
  });
  await eventually(
    async () =>
      (await app.api.get(`/api/v1/calendars/${created.calendarId}/payment-settings`)).body
        .data as BookingPaymentSettings | null,
    (s) => s?.enable_visit_fee === (fees.enable_visit_fee === true),
  );
  return created;
}

const pay = async (patient: TestUser, calendarId: string, amount: number, insured = false) => {
  const paid = await app.api.as(patient).post('/api/v1/payments/visit-fee', {
    calendar_id: calendarId,
    insured,
    amount,
    card,
    command_id: randomUUID(),
  });
  expect(paid.status).toBe(201);
  return (paid.body.data as PaymentView).payment_id;
};

const screen = async (patient: TestUser, calendarId: string, patientId = patient.userId) => {
  const answered = await app.api.as(patient).post(`/api/v1/calendars/${calendarId}/screening`, {
    patient_id: patientId,
    form_id: 'covid-screening',
    answers: { fever: 'no', cough: 'yes', contact: 'no' },
    command_id: randomUUID(),
  });
  expect(answered.status).toBe(201);
  return (answered.body.data as { screening_id: string }).screening_id;
};

const book = (who: TestUser, calendar: { calendarId: string }, start: string, extra: object) =>
  app.api.as(who).post('/api/v1/appointments', {
    calendar_id: calendar.calendarId,
    start_date: start,
    command_id: randomUUID(),
    ...extra,
  });

/** The practice's appointment detail, once its read model has the appointment. */
const detailOf = async (appointmentId: string) =>
  (
    await eventually(
      () =>
        app.api
          .as(practice.staff)
          .get(`/api/v1/practices/${practice.practiceId}/schedule/appointments/${appointmentId}`),
      (r) => r.status === 200,
    )
  ).body.data as ScheduleAppointmentDetail;

const bookedEvents = async (calendarId: string) =>
  (
    await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
      WHERE event_type = 'AppointmentBooked' AND data->>'calendar_id' = ${calendarId}`.execute(
      app.database.db,
    )
  ).rows[0]!.n;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  const settings = await app.api
    .as(practice.admin)
    .put(`/api/v1/practices/${practice.practiceId}/payment-settings`, {
      online_payment_enabled: true,
      online_payment_gateway: 'Stripe',
      enable_card_on_file: false,
      has_paypal_account: false,
    });
  expect(settings.status).toBe(200);
  feeCalendar = await providerCalendar({
    enable_visit_fee: true,
    visit_amount: 75,
    insured_visit_amount: 25,
  });
  freeCalendar = await providerCalendar({ enable_visit_fee: false });
});

afterAll(async () => {
  await app.close();
});

it('shows the practice the insurance, member id, screening answers and visit fee of a booking', async () => {
  const patient = await createUser(app, 'Patient');
  const slot = await tomorrowsSlot(app, feeCalendar.calendarId, feeCalendar.position);
  const paymentId = await pay(patient, feeCalendar.calendarId, 25, true);
  const screeningId = await screen(patient, feeCalendar.calendarId);
  const booked = await book(patient, feeCalendar, slot.start_date, {
    insurance_choice: 'insurance',
    insurance_name: 'Aetna HMO',
    member_id: ' W123-4567 ',
    screening_ids: [screeningId],
    payment_id: paymentId,
  });
  expect(booked.status).toBe(201);
  const appointmentId = (booked.body.data as BookingResult).appointment_id;

  const data = await detailOf(appointmentId);
  expect(data.insurance).toEqual({
    choice: 'insurance',
    insurance_name: 'Aetna HMO',
    member_id: 'W123-4567',
  });
  expect(data.screenings).toEqual([
    expect.objectContaining({
      screening_id: screeningId,
      form_id: 'covid-screening',
      title: 'COVID-19 screening',
      answers: [
        { question: 'Have you had a fever or chills in the last 14 days?', answer: 'no' },
        { question: 'Do you have a new cough or shortness of breath?', answer: 'yes' },
        {
          question: 'Have you been in close contact with someone who has COVID-19?',
          answer: 'no',
        },
      ],
    }),
  ]);
  expect(data.online_visit_payment).toEqual({
    payment_id: paymentId,
    amount: 25,
    gateway: 'Stripe',
    payment_status: 'authorized',
    card_brand: 'Visa',
    card_last4: '4242',
  });

  // Once the wizard associates the fee, the practice sees it captured.
  const captured = await app.api
    .as(patient)
    .post(`/api/v1/appointments/${appointmentId}/associate-payment`, {
      amount: 25,
      gateway: 'Stripe',
      payment_id: paymentId,
    });
  expect(captured.status).toBe(200);
  const after = await app.api
    .as(practice.staff)
    .get(`/api/v1/practices/${practice.practiceId}/schedule/appointments/${appointmentId}`);
  expect((after.body.data as ScheduleAppointmentDetail).online_visit_payment).toMatchObject({
    payment_status: 'captured',
  });
});

it('refuses a patient booking without the visit fee due, and one paid for another amount', async () => {
  const patient = await createUser(app, 'Patient');
  const slot = await tomorrowsSlot(app, feeCalendar.calendarId, feeCalendar.position, 1);
  const before = await bookedEvents(feeCalendar.calendarId);

  const unpaid = await book(patient, feeCalendar, slot.start_date, {});
  expect(unpaid.status).toBe(400);
  expect(unpaid.body.message).toBe(BOOKING_MESSAGES.visitFeeRequired);

  // Paid the insured 25, then booked as self-paying: 75 was due.
  const insuredFee = await pay(patient, feeCalendar.calendarId, 25, true);
  const underpaid = await book(patient, feeCalendar, slot.start_date, {
    insurance_choice: 'self-pay',
    payment_id: insuredFee,
  });
  expect(underpaid.status).toBe(400);
  expect(underpaid.body.message).toBe(BOOKING_MESSAGES.paymentNotForBooking);

  // Another patient's payment is not this one's.
  const other = await createUser(app, 'Patient');
  const othersFee = await pay(other, feeCalendar.calendarId, 75);
  const borrowed = await book(patient, feeCalendar, slot.start_date, { payment_id: othersFee });
  expect(borrowed.status).toBe(400);
  expect(borrowed.body.message).toBe(BOOKING_MESSAGES.paymentNotForBooking);
  expect(await bookedEvents(feeCalendar.calendarId)).toBe(before);

  // Staff booking at the front desk take the fee at the desk: no online payment is asked.
  const desk = await book(practice.staff, feeCalendar, slot.start_date, {
    patient_id: patient.userId,
  });
  expect(desk.status).toBe(201);
});

it('refuses an insurance not on the list, a member id without one, and screenings not its own', async () => {
  const patient = await createUser(app, 'Patient');
  const other = await createUser(app, 'Patient');
  const slot = await tomorrowsSlot(app, freeCalendar.calendarId, freeCalendar.position);
  const before = await bookedEvents(freeCalendar.calendarId);

  const unknown = await book(patient, freeCalendar, slot.start_date, {
    insurance_choice: 'insurance',
    insurance_name: 'Acme Health',
  });
  expect(unknown.status).toBe(400);
  expect(unknown.body.message).toBe(BOOKING_MESSAGES.insuranceUnknown);

  const loneMember = await book(patient, freeCalendar, slot.start_date, {
    insurance_choice: 'self-pay',
    member_id: 'W123',
  });
  expect(loneMember.status).toBe(400);

  const badMember = await book(patient, freeCalendar, slot.start_date, {
    insurance_choice: 'insurance',
    insurance_name: 'Cigna',
    member_id: 'W1 <script>',
  });
  expect(badMember.status).toBe(400);
  expect((badMember.body.data as { errors: string[] }).errors).toEqual([
    BOOKING_MESSAGES.memberIdInvalid,
  ]);

  const badChoice = await book(patient, freeCalendar, slot.start_date, {
    insurance_choice: 'gold',
  });
  expect(badChoice.status).toBe(400);

  // Another patient's answers, answers for another calendar, and no screening at all.
  const othersAnswers = await screen(other, freeCalendar.calendarId);
  const elsewhere = await screen(patient, feeCalendar.calendarId);
  for (const id of [othersAnswers, elsewhere, randomUUID()]) {
    const refused = await book(patient, freeCalendar, slot.start_date, { screening_ids: [id] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.screeningNotForBooking);
  }
  expect(await bookedEvents(freeCalendar.calendarId)).toBe(before);

  // Self-pay with the patient's own answers books, and says so to the practice.
  const own = await screen(patient, freeCalendar.calendarId);
  const booked = await book(patient, freeCalendar, slot.start_date, {
    insurance_choice: 'self-pay',
    screening_ids: [own],
  });
  expect(booked.status).toBe(201);
  const detail = await detailOf((booked.body.data as BookingResult).appointment_id);
  expect(detail).toMatchObject({
    insurance: { choice: 'self-pay', insurance_name: null, member_id: null },
    online_visit_payment: null,
  });
});

it('reads a booking that carried none (as every booking recorded before them) as having none', async () => {
  const slot = await tomorrowsSlot(app, freeCalendar.calendarId, freeCalendar.position, 1);
  const booked = await book(practice.staff, freeCalendar, slot.start_date, {
    patient_id: (await createUser(app, 'Patient')).userId,
  });
  expect(booked.status).toBe(201);
  const detail = await detailOf((booked.body.data as BookingResult).appointment_id);
  expect(detail).toMatchObject({
    insurance: null,
    screenings: [],
    online_visit_payment: null,
  });
});
