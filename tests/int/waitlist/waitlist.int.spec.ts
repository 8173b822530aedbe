import {
  type BookingResult,
  WAITLIST_MESSAGES,
  type WaitlistExistsView,
  type WaitlistItemView,
  type WaitlistJoined,
  type WaitlistOfferMessage,
  type WaitlistOfferView,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { waitlistStreamId } from '../../../apps/api/src/modules/waitlist/domain/waitlist.events';
import { WaitlistOfferExpiryScheduler } from '../../../apps/api/src/modules/waitlist/waitlist-offer-expiry.scheduler';
import { WaitlistOffersProcessManager } from '../../../apps/api/src/modules/waitlist/waitlist-offers.process-manager';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
  week,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const OFFER_TTL_MS = 2_500;

let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp({
    config: { waitlistOfferTtlMs: OFFER_TTL_MS, holdExpiryIntervalMs: 200 },
  });
  practice = await createPractice(app);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

/** A patient with a browser open: the waitlist offers pushed to their own room. */
async function patientWithSocket(): Promise<{ user: TestUser; offers: WaitlistOfferMessage[] }> {
  const user = await createUser(app, 'Patient');
  const live = await watch(app, user);
  return { user, offers: live.heard('waitlist.offer') };
}

const join = (user: TestUser, calendarId: string) =>
  app.api.as(user).post('/api/v1/waitlist', { calendar_id: calendarId });

async function items(user: TestUser, position = 0): Promise<WaitlistItemView[]> {
  const response = await app.api
    .as(user)
    .get(`/api/v1/waitlist/patients/${user.userId}${position ? `?min_position=${position}` : ''}`);
  expect(response.status).toBe(200);
  return response.body.data as WaitlistItemView[];
}

async function book(calendarId: string, start: string, patient: TestUser): Promise<BookingResult> {
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start });
  if (booked.status !== 201) throw new Error(`book: ${JSON.stringify(booked.body)}`);
  return booked.body.data as BookingResult;
}

async function cancel(appointmentId: string, patient: TestUser): Promise<void> {
  const canceled = await app.api.as(patient).delete(`/api/v1/appointments/${appointmentId}`, {});
  expect(canceled.status).toBe(200);
}

async function offerOf(user: TestUser): Promise<WaitlistOfferView> {
  const [item] = await eventually(
    () => items(user),
    (list) => list.some((i) => i.offer !== null),
  );
  return item!.offer!;
}

/** Every offer made on a calendar's line, straight from its stream. */
async function offersMade(calendarId: string): Promise<{ patient_id: string; start: string }[]> {
  const events = await app.app
    .get<EventStore>(EVENT_STORE)
    .readStream(waitlistStreamId(calendarId));
  return events
    .filter((e) => e.type === 'WaitlistOfferMade')
    .map((e) => e.data as { patient_id: string; start: string });
}

/** A capacity-1 calendar with its waiting list on, and tomorrow's first slot booked by someone. */
async function fullSlot(): Promise<{
  calendarId: string;
  start: string;
  holder: TestUser;
  appointmentId: string;
}> {
  const { calendarId, position } = await createCalendar(app, practice, { wait_list_enabled: true });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const holder = await createUser(app, 'Patient');
  const booked = await book(calendarId, slot.start_date, holder);
  return { calendarId, start: slot.start_date, holder, appointmentId: booked.appointment_id };
}

describe('joining', () => {
  it('answers 201, 409, 403 and 404/400 with the spec texts, and the exists check follows', async () => {
    const { calendarId, position } = await createCalendar(app, practice, {
      wait_list_enabled: true,
    });
    const patient = await createUser(app, 'Patient');

    const staffTry = await join(practice.staff, calendarId);
    expect(staffTry.status).toBe(403);
    expect(staffTry.body.message).toBe('Only patient can be added into waitlist');
    const providerTry = await join(practice.provider, calendarId);
    expect(providerTry.body.message).toBe('Only patient can be added into waitlist');

    const unknown = await join(patient, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const closed = await createCalendar(app, practice, { wait_list_enabled: false });
    const noList = await join(patient, closed.calendarId);
    expect(noList.status).toBe(400);
    expect(noList.body.message).toBe(WAITLIST_MESSAGES.notEnabled);
    const malformed = await app.api.as(patient).post('/api/v1/waitlist', { calendar_id: 'x' });
    expect(malformed.status).toBe(400);

    const before = await app.api
      .as(patient)
      .get(`/api/v1/waitlist/exists?calendar_id=${calendarId}&min_position=${position}`);
    expect((before.body.data as WaitlistExistsView).exists).toBe(false);

    const joined = await join(patient, calendarId);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ status_code: 201, message: 'Added to waitlist' });
    const data = joined.body.data as WaitlistJoined;
    expect(data).toMatchObject({
      calendar_id: calendarId,
      patient_id: patient.userId,
      position: 1,
    });

    const again = await join(patient, calendarId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You're already on the waitlist");

    const after = await app.api
      .as(patient)
      .get(`/api/v1/waitlist/exists?calendar_id=${calendarId}&min_position=${data.event_position}`);
    const exists = after.body.data as WaitlistExistsView;
    expect(exists.exists).toBe(true);
    expect(exists.item).toMatchObject({
      calendar_id: calendarId,
      patient_id: patient.userId,
      provider_id: practice.provider.userId,
      practice_id: practice.practiceId,
      type: 'appointment-unavailable',
      position: 1,
      offer: null,
    });

    // Own list only; the practice sees its calendar's line; another practice does not.
    const other = await createUser(app, 'Patient');
    const peek = await app.api.as(other).get(`/api/v1/waitlist/patients/${patient.userId}`);
    expect(peek.status).toBe(403);
    const line = await app.api.as(practice.staff).get(`/api/v1/calendars/${calendarId}/waitlist`);
    expect(line.status).toBe(200);
    expect((line.body.data as WaitlistItemView[]).map((i) => i.patient_id)).toEqual([
      patient.userId,
    ]);
    const stranger = await createPractice(app);
    const foreign = await app.api
      .as(stranger.staff)
      .get(`/api/v1/calendars/${calendarId}/waitlist`);
    expect(foreign.status).toBe(403);

    const left = await app.api.as(patient).delete(`/api/v1/waitlist/calendars/${calendarId}`);
    expect(left.status).toBe(200);
    const gone = await app.api
      .as(patient)
      .get(
        `/api/v1/waitlist/exists?calendar_id=${calendarId}&min_position=${(left.body.data as { position: number }).position}`,
      );
    expect((gone.body.data as WaitlistExistsView).exists).toBe(false);
    const leftTwice = await app.api.as(patient).delete(`/api/v1/waitlist/calendars/${calendarId}`);
    expect(leftTwice.status).toBe(404);
  });

  it('keeps first come, first served order; two patients joining at once get distinct places', async () => {
    const { calendarId } = await createCalendar(app, practice, { wait_list_enabled: true });
    const [a, b, c] = await Promise.all([
      createUser(app, 'Patient'),
      createUser(app, 'Patient'),
      createUser(app, 'Patient'),
    ]);
    const first = await join(a, calendarId);
    expect((first.body.data as WaitlistJoined).position).toBe(1);
    const [rb, rc] = await Promise.all([join(b, calendarId), join(c, calendarId)]);
    expect([rb.status, rc.status]).toEqual([201, 201]);
    const places = [rb, rc].map((r) => (r.body.data as WaitlistJoined).position).sort();
    expect(places).toEqual([2, 3]);
    const last = Math.max(
      ...[first, rb, rc].map((r) => (r.body.data as WaitlistJoined).event_position),
    );
    const line = await app.api
      .as(practice.admin)
      .get(`/api/v1/calendars/${calendarId}/waitlist?min_position=${last}`);
    const listed = line.body.data as WaitlistItemView[];
    expect(listed.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(listed[0]!.patient_id).toBe(a.userId);
    expect(new Set(listed.map((i) => i.patient_id))).toEqual(
      new Set([a.userId, b.userId, c.userId]),
    );
  });

  it('lets the same patient joining five times at once in once: one 201, four 409', async () => {
    const { calendarId } = await createCalendar(app, practice, { wait_list_enabled: true });
    const patient = await createUser(app, 'Patient');
    const answers = await Promise.all(Array.from({ length: 5 }, () => join(patient, calendarId)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.status === 409))
      expect(refused.body.message).toBe("You're already on the waitlist");
    const events = await app.app
      .get<EventStore>(EVENT_STORE)
      .readStream(waitlistStreamId(calendarId));
    expect(events.filter((e) => e.type === 'WaitlistJoined')).toHaveLength(1);
  });
});

describe('offers', () => {
  it('offers a freed slot to the first in line only, live; expiry passes it on; accepting books it once', async () => {
    const { calendarId, start, holder, appointmentId } = await fullSlot();
    const first = await patientWithSocket();
    const second = await patientWithSocket();
    expect((await join(first.user, calendarId)).status).toBe(201);
    expect((await join(second.user, calendarId)).status).toBe(201);

    await cancel(appointmentId, holder);

    // The first in line gets it on their socket, with the slot held for them.
    const offered = await eventually(
      () => first.offers,
      (m) => m.some((o) => o.offer.status === 'Offered'),
    );
    const offer = offered.find((o) => o.offer.status === 'Offered')!.offer;
    expect(offer).toMatchObject({
      calendar_id: calendarId,
      patient_id: first.user.userId,
      start_date: start,
    });
    expect(Date.parse(offer.expires_at) - Date.parse(offer.offered_at)).toBeLessThanOrEqual(
      OFFER_TTL_MS + 50,
    );
    expect((await offerOf(first.user)).offer_id).toBe(offer.offer_id);
    // Nobody else can take it meanwhile.
    const intruder = await createUser(app, 'Patient');
    const taken = await app.api
      .as(intruder)
      .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start });
    expect(taken.status).toBe(409);
    const view = await week(app, calendarId, `?start_date=${start.slice(0, 10)}`);
    expect(view.days.flatMap((d) => d.time_slots).some((s) => s.start_date === start)).toBe(false);
    expect(second.offers).toHaveLength(0);
    expect(await offersMade(calendarId)).toHaveLength(1);

    // The first lets it expire: it passes to the second, live.
    const passed = await eventually(
      () => second.offers,
      (m) => m.some((o) => o.offer.status === 'Offered'),
      OFFER_TTL_MS + 10_000,
    );
    const secondOffer = passed.find((o) => o.offer.status === 'Offered')!.offer;
    expect(secondOffer.start_date).toBe(start);
    await eventually(
      () => first.offers,
      (m) => m.some((o) => o.offer.offer_id === offer.offer_id && o.offer.status === 'Expired'),
    );
    const lateAccept = await app.api
      .as(first.user)
      .put(`/api/v1/waitlist/offers/${offer.offer_id}/accept`);
    expect(lateAccept.status).toBe(409);

    // The second accepts: one booking, the slot full again, off the list.
    const accepted = await app.api
      .as(second.user)
      .put(`/api/v1/waitlist/offers/${secondOffer.offer_id}/accept`);
    expect(accepted.status).toBe(200);
    const booking = accepted.body.data as BookingResult;
    const again = await app.api
      .as(second.user)
      .put(`/api/v1/waitlist/offers/${secondOffer.offer_id}/accept`);
    expect(again.status).toBe(409);
    const appointment = await app.api
      .as(second.user)
      .get(`/api/v1/appointments/${booking.appointment_id}`);
    expect(appointment.status).toBe(200);
    expect(appointment.body.data).toMatchObject({
      patient_id: second.user.userId,
      start_date: start,
    });
    await eventually(
      () => second.offers,
      (m) =>
        m.some((o) => o.offer.offer_id === secondOffer.offer_id && o.offer.status === 'Accepted'),
    );
    expect(await items(second.user, booking.position)).toEqual([]);
    // The first stays in line (they let the slot go, not the list).
    expect((await items(first.user)).map((i) => i.calendar_id)).toEqual([calendarId]);
    const slotEvents = await app.app
      .get<EventStore>(EVENT_STORE)
      .readStream(`slot-${calendarId}-${start}`);
    const booked = slotEvents.filter((e) => e.type === 'SlotBooked').length;
    const canceled = slotEvents.filter((e) => e.type === 'SlotBookingCanceled').length;
    expect(booked - canceled).toBe(1);
    expect(await offersMade(calendarId)).toHaveLength(2);
  });

  it('a decline passes the slot to the next patient at once; reacting to the same event again changes nothing', async () => {
    const { calendarId, start, holder, appointmentId } = await fullSlot();
    const first = await patientWithSocket();
    const second = await patientWithSocket();
    await join(first.user, calendarId);
    await join(second.user, calendarId);
    await cancel(appointmentId, holder);
    const offer = await offerOf(first.user);

    // A restart that reacts to the cancel again makes no second offer.
    const store = app.app.get<EventStore>(EVENT_STORE);
    const slotEvents = await store.readStream(`slot-${calendarId}-${start}`);
    const freed = slotEvents.find((e) => e.type === 'SlotBookingCanceled')!;
    await app.app.get(WaitlistOffersProcessManager).react(freed);
    expect(await offersMade(calendarId)).toHaveLength(1);

    const declined = await app.api
      .as(first.user)
      .put(`/api/v1/waitlist/offers/${offer.offer_id}/decline`);
    expect(declined.status).toBe(200);
    const next = await offerOf(second.user);
    expect(next.start_date).toBe(start);
    expect(Date.parse(next.expires_at)).toBeGreaterThan(Date.now());
    expect(await offersMade(calendarId)).toHaveLength(2);
  });

  it('two waiters and one freed place: exactly one offer', async () => {
    const { calendarId, holder, appointmentId } = await fullSlot();
    const a = await patientWithSocket();
    const b = await patientWithSocket();
    await Promise.all([join(a.user, calendarId), join(b.user, calendarId)]);
    await cancel(appointmentId, holder);
    await eventually(
      () => offersMade(calendarId),
      (made) => made.length >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const made = await offersMade(calendarId);
    expect(made).toHaveLength(1);
    const live = [...a.offers, ...b.offers].filter((m) => m.offer.status === 'Offered');
    expect(live).toHaveLength(1);
  });

  it('accept racing the expiry has exactly one outcome, and capacity stays within its limit', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const { calendarId, start, holder, appointmentId } = await fullSlot();
      const waiter = await createUser(app, 'Patient');
      await join(waiter, calendarId);
      await cancel(appointmentId, holder);
      const offer = await offerOf(waiter);
      // Fire both at the offer's last moment.
      const wait = Date.parse(offer.expires_at) - Date.now() - 5 + round * 5;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      const [accept] = await Promise.all([
        app.api.as(waiter).put(`/api/v1/waitlist/offers/${offer.offer_id}/accept`),
        app.app.get(WaitlistOfferExpiryScheduler).expireDue(),
      ]);
      const ended = await eventually(
        async () => {
          const events = await app.app
            .get<EventStore>(EVENT_STORE)
            .readStream(waitlistStreamId(calendarId));
          return events
            .filter((e) => e.type === 'WaitlistOfferEnded')
            .map((e) => (e.data as { status: string }).status);
        },
        (s) => s.length >= 1,
      );
      expect(ended).toHaveLength(1);
      const slot = await app.app
        .get<EventStore>(EVENT_STORE)
        .readStream(`slot-${calendarId}-${start}`);
      const booked = slot.filter((e) => e.type === 'SlotBooked').length;
      const canceled = slot.filter((e) => e.type === 'SlotBookingCanceled').length;
      if (accept.status === 200) {
        expect(ended).toEqual(['Accepted']);
        expect(booked - canceled).toBe(1);
      } else {
        expect(accept.status).toBe(409);
        expect(ended).toEqual(['Expired']);
        expect(booked - canceled).toBe(0);
      }
      expect(booked - canceled).toBeLessThanOrEqual(1);
      outcomes.push(ended[0]!);
    }
    expect(outcomes).toHaveLength(3);
  });
});
