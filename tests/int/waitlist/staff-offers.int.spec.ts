import {
  type AuditEntryView,
  type BookingResult,
  WAITLIST_MESSAGES,
  type WaitlistActionResult,
  type WaitlistItemView,
  type WaitlistOfferView,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { waitlistStreamId } from '../../../apps/api/src/modules/waitlist/domain/waitlist.events';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp({ config: { holdExpiryIntervalMs: 200 } });
  practice = await createPractice(app);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

const join = async (user: TestUser, calendarId: string): Promise<number> => {
  const joined = await app.api.as(user).post('/api/v1/waitlist', { calendar_id: calendarId });
  expect(joined.status).toBe(201);
  return (joined.body.data as { event_position: number }).event_position;
};

async function practiceList(user: TestUser, position: number): Promise<WaitlistItemView[]> {
  const response = await app.api
    .as(user)
    .get(`/api/v1/practices/${practice.practiceId}/waitlist?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as WaitlistItemView[];
}

/** The messages the dev outbox holds for this address. */
const mailTo = (email: string) =>
  app.database.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', email)
    .execute();

const offer = (user: TestUser, calendarId: string, body: Record<string, unknown>) =>
  app.api.as(user).post(`/api/v1/calendars/${calendarId}/waitlist/offers`, body);

/** A calendar with its waiting list on, and two patients in line (Ann first, then Ben). */
async function lineOfTwo() {
  const { calendarId, position } = await createCalendar(app, practice, { wait_list_enabled: true });
  const ann = await createUser(app, 'Patient', null, { first: 'Ann', last: 'Lee' });
  const ben = await createUser(app, 'Patient', null, { first: 'Ben', last: 'Ortiz' });
  await join(ann, calendarId);
  const joined = await join(ben, calendarId);
  return { calendarId, position: Math.max(position, joined), ann, ben };
}

it("lists the practice's lines with who waits, in order, for its users only", async () => {
  const { calendarId, position, ann, ben } = await lineOfTwo();
  const list = (await practiceList(practice.staff, position)).filter(
    (i) => i.calendar_id === calendarId,
  );
  expect(list.map((i) => [i.patient_name, i.position])).toEqual([
    ['Ann Lee', 1],
    ['Ben Ortiz', 2],
  ]);
  expect(list.map((i) => i.patient_id)).toEqual([ann.userId, ben.userId]);
  const byCalendar = await app.api
    .as(practice.provider)
    .get(`/api/v1/calendars/${calendarId}/waitlist`);
  expect((byCalendar.body.data as WaitlistItemView[]).map((i) => i.patient_name)).toEqual([
    'Ann Lee',
    'Ben Ortiz',
  ]);

  const stranger = await createUser(app, 'Staff', crypto.randomUUID());
  for (const user of [stranger, ann]) {
    const refused = await app.api.as(user).get(`/api/v1/practices/${practice.practiceId}/waitlist`);
    expect(refused.status).toBe(403);
  }
});

it('offers a free slot to the patient staff choose: held for them, recorded with the staff actor, live', async () => {
  const { calendarId, position, ann, ben } = await lineOfTwo();
  const slot = await tomorrowsSlot(app, calendarId, position, 3);
  const benLive = await watch(app, ben);
  const desk = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);

  // Ben is second in line; the desk chooses him all the same.
  const made = await offer(practice.staff, calendarId, {
    patient_id: ben.userId,
    start_date: slot.start_date,
  });
  expect(made.status).toBe(201);
  expect(made.body.message).toBe(WAITLIST_MESSAGES.offered);
  const result = made.body.data as WaitlistActionResult;
  expect(result.offer_id).toEqual(expect.any(String));

  const events = await app.app
    .get<EventStore>(EVENT_STORE)
    .readStream(waitlistStreamId(calendarId));
  const recorded = events.find((e) => e.type === 'WaitlistOfferMade')!;
  expect(recorded.data).toEqual(
    expect.objectContaining({
      offer_id: result.offer_id,
      patient_id: ben.userId,
      start: slot.start_date,
      offered_by: practice.staff.userId,
    }),
  );
  expect(recorded.metadata).toEqual(
    expect.objectContaining({
      actorId: practice.staff.userId,
      actorRole: 'Staff',
      onBehalfOf: ben.userId,
    }),
  );

  // The slot is held for Ben (its last place), nobody else can take it meanwhile.
  const taken = await app.api
    .as(ann)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  expect(taken.status).toBe(409);

  // Ben hears it on his own room, the desk on the practice's; the list shows the open offer.
  await benLive.eventually('waitlist.offer', (m) =>
    m.some((o) => o.offer.offer_id === result.offer_id && o.offer.status === 'Offered'),
  );
  await desk.eventually('waitlist.changed', (m) =>
    m.some((c) => c.change === 'offered' && c.patient_id === ben.userId),
  );
  const listed = (await practiceList(practice.staff, result.position)).find(
    (i) => i.patient_id === ben.userId && i.calendar_id === calendarId,
  );
  expect(listed?.offer).toEqual(
    expect.objectContaining<Partial<WaitlistOfferView>>({
      offer_id: result.offer_id,
      status: 'Offered',
      start_date: slot.start_date,
    }),
  );

  // A second offer to Ben while his is open: 409; he accepts the first and books it.
  const other = await tomorrowsSlot(app, calendarId, position, 4);
  const twice = await offer(practice.staff, calendarId, {
    patient_id: ben.userId,
    start_date: other.start_date,
  });
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe(WAITLIST_MESSAGES.patientHasOffer);
  const accepted = await app.api.as(ben).put(`/api/v1/waitlist/offers/${result.offer_id}/accept`);
  expect(accepted.status).toBe(200);
  const booked = accepted.body.data as BookingResult;
  const appointment = await app.api.as(ben).get(`/api/v1/appointments/${booked.appointment_id}`);
  expect(appointment.body.data).toEqual(
    expect.objectContaining({ start_date: slot.start_date, patient_id: ben.userId }),
  );
  const after = await eventually(
    () => practiceList(practice.staff, booked.position),
    (list) => !list.some((i) => i.patient_id === ben.userId && i.calendar_id === calendarId),
  );
  expect(after.filter((i) => i.calendar_id === calendarId).map((i) => i.patient_name)).toEqual([
    'Ann Lee',
  ]);
});

it('refuses offers that break the rules: 400, 403, 404, 409', async () => {
  const { calendarId, position, ann } = await lineOfTwo();
  const slot = await tomorrowsSlot(app, calendarId, position, 5);
  const invalid = await offer(practice.staff, calendarId, {
    patient_id: 'not-a-uuid',
    start_date: 'tomorrow',
  });
  expect(invalid.status).toBe(400);
  const extra = await offer(practice.staff, calendarId, {
    patient_id: ann.userId,
    start_date: slot.start_date,
    note: 'x',
  });
  expect(extra.status).toBe(400);

  // Patients and other practices' staff may not offer.
  const stranger = await createUser(app, 'Staff', crypto.randomUUID());
  for (const user of [ann, stranger]) {
    const refused = await offer(user, calendarId, {
      patient_id: ann.userId,
      start_date: slot.start_date,
    });
    expect(refused.status).toBe(403);
  }

  // Someone not on the list: 404, and no slot was held for them.
  const outsider = await createUser(app, 'Patient');
  const notListed = await offer(practice.staff, calendarId, {
    patient_id: outsider.userId,
    start_date: slot.start_date,
  });
  expect(notListed.status).toBe(404);
  expect(notListed.body.message).toBe(WAITLIST_MESSAGES.patientNotOnList);
  const free = await app.api
    .as(outsider)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  expect(free.status).toBe(201);

  // That slot is full now: an offer of it is refused, and nothing is recorded on the line.
  const full = await offer(practice.staff, calendarId, {
    patient_id: ann.userId,
    start_date: slot.start_date,
  });
  expect(full.status).toBe(409);
  const events = await app.app
    .get<EventStore>(EVENT_STORE)
    .readStream(waitlistStreamId(calendarId));
  expect(events.filter((e) => e.type === 'WaitlistOfferMade')).toEqual([]);
});

it('removes a patient from the list: their open offer ends, its place goes back, they are told', async () => {
  const { calendarId, position, ann, ben } = await lineOfTwo();
  const slot = await tomorrowsSlot(app, calendarId, position, 6);
  const annLive = await watch(app, ann);
  const made = await offer(practice.staff, calendarId, {
    patient_id: ann.userId,
    start_date: slot.start_date,
  });
  expect(made.status).toBe(201);

  // Only the practice's staff may remove; a patient on the list is not one of them.
  const byPatient = await app.api
    .as(ben)
    .delete(`/api/v1/calendars/${calendarId}/waitlist/${ann.userId}`);
  expect(byPatient.status).toBe(403);

  const removed = await app.api
    .as(practice.admin)
    .delete(`/api/v1/calendars/${calendarId}/waitlist/${ann.userId}`);
  expect(removed.status).toBe(200);
  expect(removed.body.message).toBe(WAITLIST_MESSAGES.removed);
  const { position: at } = removed.body.data as WaitlistActionResult;

  const events = await app.app
    .get<EventStore>(EVENT_STORE)
    .readStream(waitlistStreamId(calendarId));
  const left = events.find((e) => e.type === 'WaitlistLeft')!;
  expect(left.data).toEqual(
    expect.objectContaining({
      patient_id: ann.userId,
      reason: 'removed',
      removed_by: practice.admin.userId,
    }),
  );
  expect(events.find((e) => e.type === 'WaitlistOfferEnded')?.data).toEqual(
    expect.objectContaining({ patient_id: ann.userId, status: 'Declined' }),
  );

  // Ann hears it live and gets an email; the line is Ben alone, and the freed place goes to him.
  await annLive.eventually('waitlist.changed', (m) =>
    m.some((c) => c.change === 'removed' && c.calendar_id === calendarId),
  );
  const mail = await eventually(
    () => mailTo(ann.email),
    (rows) => rows.length > 0,
  );
  expect(mail[0]?.body).toMatch(/removed Ann Lee from the waiting list of Dr\. Test/);
  const line = (await practiceList(practice.staff, at)).filter((i) => i.calendar_id === calendarId);
  expect(line.map((i) => [i.patient_name, i.position])).toEqual([['Ben Ortiz', 1]]);
  await eventually(
    () => practiceList(practice.staff, at),
    (list) =>
      list.some(
        (i) =>
          i.patient_id === ben.userId &&
          i.calendar_id === calendarId &&
          i.offer?.start_date === slot.start_date,
      ),
  );

  // Removing her again: 404 with the practice's text.
  const again = await app.api
    .as(practice.admin)
    .delete(`/api/v1/calendars/${calendarId}/waitlist/${ann.userId}`);
  expect(again.status).toBe(404);
  expect(again.body.message).toBe(WAITLIST_MESSAGES.patientNotOnList);
});

it("removes with the practice's reason: the email says it, the trail keeps it, and the account that put a family member on the list hears it live", async () => {
  const { calendarId, position } = await createCalendar(app, practice, { wait_list_enabled: true });
  const parent = await createUser(app, 'Patient', null, { first: 'Rosa', last: 'Diaz' });
  const added = await app.api.as(parent).post(`/api/v1/patients/${parent.userId}/family-members`, {
    first_name: 'Leo',
    last_name: 'Diaz',
    relationship: 'Child',
  });
  expect(added.status).toBe(201);
  const childId = (added.body.data as { id: string }).id;
  const joined = await app.api
    .as(parent)
    .post('/api/v1/waitlist', { calendar_id: calendarId, patient_id: childId });
  expect(joined.status).toBe(201);
  const parentLive = await watch(app, parent);

  // A reason over 500 characters is refused with the practice's words, and nothing changes.
  const tooLong = await app.api
    .as(practice.staff)
    .delete(`/api/v1/calendars/${calendarId}/waitlist/${childId}`, { reason: 'x'.repeat(501) });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.data).toEqual({ errors: [WAITLIST_MESSAGES.removalReasonTooLong] });
  const joinedAt = (joined.body.data as { event_position: number }).event_position;
  const still = await practiceList(practice.staff, Math.max(position, joinedAt));
  expect(still.some((i) => i.calendar_id === calendarId && i.patient_id === childId)).toBe(true);

  const reason = 'Seen at another clinic this week.';
  const removed = await app.api
    .as(practice.staff)
    .delete(`/api/v1/calendars/${calendarId}/waitlist/${childId}`, { reason: `  ${reason} ` });
  expect(removed.status).toBe(200);
  const { position: at } = removed.body.data as WaitlistActionResult;

  // The account holder's room hears the removal (the child has no account of its own).
  await parentLive.eventually('waitlist.changed', (m) =>
    m.some((c) => c.change === 'removed' && c.patient_id === childId),
  );
  const left = (
    await app.app.get<EventStore>(EVENT_STORE).readStream(waitlistStreamId(calendarId))
  ).find((e) => e.type === 'WaitlistLeft')!;
  expect(left.data).toEqual(
    expect.objectContaining({ reason: 'removed', removed_by: practice.staff.userId, note: reason }),
  );
  const mail = await eventually(
    () => mailTo(parent.email),
    (rows) => rows.some((r) => r.body.includes('removed Leo Diaz')),
  );
  expect(mail.find((r) => r.body.includes('removed Leo Diaz'))?.body).toContain(
    `Reason: ${reason} Contact the practice`,
  );

  // The practice's trail says who removed whom, and why.
  const trail = await app.api
    .as(practice.admin)
    .get(
      `/api/v1/practices/${practice.practiceId}/audit?min_position=${at}&kind=waitlist&patient_id=${childId}`,
    );
  expect(trail.status).toBe(200);
  const entries = (trail.body.data as { entries: AuditEntryView[] }).entries;
  expect(entries[0]).toMatchObject({
    summary: 'Removed from the waiting list',
    changes: [{ field: 'reason', before: null, after: reason }],
    actor: { id: practice.staff.userId },
  });
  expect(entries.map((e) => e.summary)).toContain('Joined the waiting list');
});
