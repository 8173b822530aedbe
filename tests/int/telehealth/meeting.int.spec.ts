import { randomUUID } from 'node:crypto';
import type {
  BookingResult,
  MeetingInvitationResult,
  MeetingJoinAck,
  MeetingView,
  ProviderSearchResult,
  RedeemedInvitation,
} from '@medbook/contracts';
import { MEETING_MESSAGES } from '@medbook/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import type { Caller } from '../../support/api-client';
import { eventually } from '../../support/events';
import {
  closeLiveClients,
  type LiveClient,
  type LiveSocket,
  watch,
} from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let calendarId: string;
let calendarPosition: number;
let providerLastName: string;
/** The API's clock runs this far ahead of the wall clock (to expire invitations). */
let clockAhead = 0;
let slotIndex = 0;

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => new Date(Date.now() + clockAhead) } });
  practice = await createPractice(app);
  providerLastName = `Video${randomUUID().slice(0, 6)}`;
  const registered = await app.api
    .as(practice.admin)
    .post(`/api/v1/practices/${practice.practiceId}/providers`, {
      user_id: practice.provider.userId,
      first_name: 'Vera',
      last_name: providerLastName,
      provider_type: 'local',
      specialties: ['Family Medicine'],
      facility_ids: [],
    });
  expect(registered.status).toBe(201);
  ({ calendarId, position: calendarPosition } = await createCalendar(app, practice, {
    visit_type: 'Telehealth',
    booking_capacity: 20,
  }));
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

/** A video visit tomorrow, booked by the patient. */
async function book(patient: TestUser): Promise<string> {
  const slot = await tomorrowsSlot(app, calendarId, calendarPosition, slotIndex++ % 10);
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  return (response.body.data as BookingResult).appointment_id;
}

async function meeting(caller: Caller, appointmentId: string): Promise<MeetingView> {
  const response = await app.api.as(caller).get(`/api/v1/appointments/${appointmentId}/meeting`);
  if (response.status !== 200) throw new Error(`meeting: ${JSON.stringify(response.body)}`);
  return response.body.data as MeetingView;
}

async function appointment(caller: Caller, appointmentId: string): Promise<{ status: string }> {
  const response = await app.api.as(caller).get(`/api/v1/appointments/${appointmentId}`);
  expect(response.status).toBe(200);
  return response.body.data as { status: string };
}

const joinCall = (socket: LiveSocket, appointmentId: string) =>
  new Promise<MeetingJoinAck>((resolve) =>
    socket.emit('meeting.join', { appointment_id: appointmentId }, resolve),
  );

async function invite(appointmentId: string, name = 'Ana Interpreter') {
  const response = await app.api
    .as(practice.provider)
    .post(`/api/v1/appointments/${appointmentId}/meeting/invitations`, { kind: 'guest', name });
  expect(response.status).toBe(201);
  return response.body.data as MeetingInvitationResult;
}

const redeem = (token: string) => app.api.post('/api/v1/meeting-invitations/redeem', { token });

describe('a video visit, end to end', () => {
  it('waits, is admitted, signals and chats, ends Checked-Out and is reviewed', async () => {
    const patient = await createUser(app, 'Patient', null, { first: 'Pat', last: 'Video' });
    const appointmentId = await book(patient);

    const first = await meeting(patient, appointmentId);
    expect(first).toMatchObject({
      status: 'not_started',
      me: { participant_id: patient.userId, role: 'Patient', state: null },
      provider_name: 'Test Provider',
      participants: [],
    });

    // The practice's room sees the status move live; the patient's meeting room sees the admit.
    const desk: LiveClient = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);
    const patientLive = await watch(app, patient, [`meeting:${appointmentId}`]);

    const ready = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/meeting/ready`, {});
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'Waiting-Room' });
    await desk.eventually('appointment.status', (m) =>
      m.some((s) => s.appointmentId === appointmentId && s.status === 'Waiting-Room'),
    );

    const seen = await meeting(practice.provider, appointmentId);
    expect(seen.me.role).toBe('Provider');
    const waiting = seen.participants.find((p) => p.participant_id === patient.userId);
    expect(waiting).toMatchObject({ role: 'Patient', name: 'Pat Video', state: 'waiting' });
    expect(Date.parse(waiting!.waiting_since!)).toBeGreaterThan(Date.now() - 60_000);

    // Not admitted yet: the call is closed to the patient.
    const patientSocket = patientLive.socket;
    expect(await joinCall(patientSocket, appointmentId)).toMatchObject({ ok: false });

    const admitted = await app.api
      .as(practice.provider)
      .post(
        `/api/v1/appointments/${appointmentId}/meeting/participants/${patient.userId}/admit`,
        {},
      );
    expect(admitted.status).toBe(200);
    expect(admitted.body.data).toMatchObject({ status: 'In Progress' });
    await patientLive.eventually('meeting.changed', (m) =>
      m.some((c) => c.kind === 'MeetingParticipantAdmitted'),
    );
    await desk.eventually('appointment.status', (m) =>
      m.some((s) => s.appointmentId === appointmentId && s.status === 'In Progress'),
    );

    // The patient joins the call, then the provider: the patient hears of the provider's socket,
    // and an offer from it reaches the patient's socket alone.
    const joinedPatient = await joinCall(patientSocket, appointmentId);
    expect(joinedPatient).toMatchObject({ ok: true, socket_id: patientSocket.id });
    const providerLive = await watch(app, practice.provider);
    const joinedProvider = await joinCall(providerLive.socket, appointmentId);
    expect(joinedProvider.ok).toBe(true);
    const [peer] = await patientLive.eventually('meeting.peer-joined', (m) => m.length > 0);
    expect(peer).toMatchObject({ participant_id: practice.provider.userId, role: 'Provider' });
    providerLive.socket.emit('meeting.signal', {
      appointment_id: appointmentId,
      to: patientSocket.id!,
      description: { type: 'offer', sdp: 'v=0 fake' },
    });
    const [signal] = await patientLive.eventually('meeting.signal', (m) => m.length > 0);
    expect(signal).toMatchObject({
      from: providerLive.socket.id,
      description: { type: 'offer', sdp: 'v=0 fake' },
    });

    const inCall = await meeting(practice.provider, appointmentId);
    expect(inCall.participants.find((p) => p.participant_id === patient.userId)?.connections).toBe(
      1,
    );
    expect(inCall.meeting_history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['waiting', 'started', 'admitted', 'joined']),
    );
    // The spec's tele appointment carries the meeting's fields.
    const tele = await app.api.as(patient).get(`/api/v1/tele/appointments/${appointmentId}/get`);
    expect(tele.status).toBe(200);
    expect(tele.body.data).toMatchObject({
      join_meeting_id: appointmentId,
      tele_meeting_status: 'started',
      visit_status: 'started',
      visit_started_by: practice.provider.userId,
      status: 'In Progress',
      session_notes: null,
    });

    // Chat both ways; notes for the provider's eyes only.
    for (const [who, text] of [
      [patient, 'Hello doctor'],
      [practice.provider, 'Hello Pat'],
    ] as const) {
      const sent = await app.api
        .as(who)
        .post(`/api/v1/appointments/${appointmentId}/meeting/messages`, { text });
      expect(sent.status).toBe(201);
    }
    const notes = await app.api
      .as(practice.provider)
      .put(`/api/v1/appointments/${appointmentId}/visit-notes`, { value: 'Mild cough, 3 days.' });
    expect(notes.status).toBe(200);
    const patientView = await meeting(patient, appointmentId);
    expect(patientView.chat.map((c) => c.text)).toEqual(['Hello doctor', 'Hello Pat']);
    expect(patientView.chat_started).toBe(true);
    expect(patientView.session_notes).toBeNull();
    expect((await meeting(practice.provider, appointmentId)).session_notes).toBe(
      'Mild cough, 3 days.',
    );

    // The patient may not end the visit; the provider does, and it is Checked-Out.
    const refused = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/meeting/end`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MEETING_MESSAGES.hostOnly);
    const ended = await app.api
      .as(practice.provider)
      .post(`/api/v1/appointments/${appointmentId}/meeting/end`, {});
    expect(ended.status).toBe(200);
    expect((await appointment(patient, appointmentId)).status).toBe('Checked-Out');
    await desk.eventually('appointment.status', (m) =>
      m.some((s) => s.appointmentId === appointmentId && s.status === 'Checked-Out'),
    );
    expect(await joinCall(providerLive.socket, appointmentId)).toMatchObject({
      ok: false,
      message: MEETING_MESSAGES.ended,
    });

    // The review: once, by the patient, on the provider's card as an average.
    const bad = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/review`, { rating: 6 });
    expect(bad.status).toBe(400);
    const reviewed = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/review`, { rating: 4, comment: 'Very kind.' });
    expect(reviewed.status).toBe(201);
    const again = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/review`, { rating: 5 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MEETING_MESSAGES.reviewedAlready);
    const at = (reviewed.body.data as { position: number }).position;
    const found = await app.api.post(`/api/v1/providers/search?min_position=${at}`, {
      text_field: providerLastName.toLowerCase(),
    });
    expect(found.status).toBe(200);
    const card = (found.body.data as ProviderSearchResult).providers.find(
      (p) => p.id === practice.provider.userId,
    );
    expect(card?.rating).toEqual({ average: 4, count: 1 });
  });

  it('refuses a visit that is not a video visit, and a review before the visit', async () => {
    const patient = await createUser(app, 'Patient');
    const office = await createCalendar(app, practice, { visit_type: 'Office' });
    const slot = await tomorrowsSlot(app, office.calendarId, office.position);
    const booked = await app.api.as(patient).post('/api/v1/appointments', {
      calendar_id: office.calendarId,
      start_date: slot.start_date,
    });
    expect(booked.status).toBe(201);
    const officeId = (booked.body.data as BookingResult).appointment_id;
    const response = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${officeId}/meeting/ready`, {});
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MEETING_MESSAGES.notTelehealth);

    const videoId = await book(patient);
    const early = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${videoId}/review`, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MEETING_MESSAGES.reviewNotYet);
  });
});

describe('who may be in the room', () => {
  it('keeps out another patient, another practice and a stranger guest: no view, room, call or signal', async () => {
    const patient = await createUser(app, 'Patient');
    const appointmentId = await book(patient);
    await app.api.as(patient).post(`/api/v1/appointments/${appointmentId}/meeting/ready`, {});
    await app.api
      .as(practice.provider)
      .post(
        `/api/v1/appointments/${appointmentId}/meeting/participants/${patient.userId}/admit`,
        {},
      );

    const patientLive = await watch(app, patient);
    const providerLive = await watch(app, practice.provider);
    expect((await joinCall(patientLive.socket, appointmentId)).ok).toBe(true);
    expect((await joinCall(providerLive.socket, appointmentId)).ok).toBe(true);

    const otherPatient = await createUser(app, 'Patient');
    const otherPractice = await createPractice(app);
    const stranger = (await app.api.post('/api/v1/auth/guest', {})).body.data as {
      access_token: string;
    };
    const outsiders: [string, Caller][] = [
      ['another patient', otherPatient],
      ["another practice's staff", otherPractice.staff],
      ["another practice's provider", otherPractice.provider],
      ['a guest without an invitation', stranger.access_token],
      ['staff of this practice not invited', practice.staff],
    ];
    for (const [who, caller] of outsiders) {
      const view = await app.api.as(caller).get(`/api/v1/appointments/${appointmentId}/meeting`);
      expect({ who, status: view.status }).toEqual({ who, status: 403 });
      const live = await watch(app, caller);
      expect({ who, room: await live.join(`meeting:${appointmentId}`) }).toMatchObject({
        who,
        room: { ok: false },
      });
      expect({ who, call: await joinCall(live.socket, appointmentId) }).toMatchObject({
        who,
        call: { ok: false },
      });
      // Signals to and from the outsider go nowhere.
      live.socket.emit('meeting.signal', {
        appointment_id: appointmentId,
        to: patientLive.socket.id!,
        description: { type: 'offer', sdp: 'intruder' },
      });
      providerLive.socket.emit('meeting.signal', {
        appointment_id: appointmentId,
        to: live.socket.id!,
        description: { type: 'offer', sdp: 'for the outsider' },
      });
      // A real signal after them arrives: had the intruder's gone through, it would be first.
      providerLive.socket.emit('meeting.signal', {
        appointment_id: appointmentId,
        to: patientLive.socket.id!,
        candidate: { candidate: `marker ${who}` },
      });
      await patientLive.eventually('meeting.signal', (m) =>
        m.some((s) => s.candidate?.candidate === `marker ${who}`),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(live.heard('meeting.signal')).toEqual([]);
      expect(live.heard('meeting.peer-joined')).toEqual([]);
      expect(live.heard('meeting.changed')).toEqual([]);
    }
    expect(patientLive.heard('meeting.signal').some((s) => s.description?.sdp === 'intruder')).toBe(
      false,
    );
  });

  it('lets a guest in once with a valid invitation, never with an expired or reused one, and the provider removes them', async () => {
    const patient = await createUser(app, 'Patient');
    const appointmentId = await book(patient);
    await app.api
      .as(practice.provider)
      .post(`/api/v1/appointments/${appointmentId}/meeting/start`, {});

    // Expired: the clock moves past the link's day.
    const expiring = await invite(appointmentId, 'Late Guest');
    clockAhead = 25 * 60 * 60_000;
    try {
      const expired = await redeem(expiring.token!);
      expect(expired.status).toBe(410);
      expect(expired.body.message).toBe(MEETING_MESSAGES.invitationExpired);
    } finally {
      clockAhead = 0;
    }

    // Forged: a changed token is not an invitation.
    const valid = await invite(appointmentId, 'Ana Interpreter');
    const forged = await redeem(`${valid.token!.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe(MEETING_MESSAGES.invitationInvalid);

    const used = await redeem(valid.token!);
    expect(used.status).toBe(200);
    const guest = used.body.data as RedeemedInvitation;
    expect(guest).toMatchObject({ appointment_id: appointmentId, name: 'Ana Interpreter' });
    const reused = await redeem(valid.token!);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(MEETING_MESSAGES.invitationUsed);

    // The guest waits, is admitted, joins; then is removed and cannot come back.
    const guestLive = await watch(app, guest.access_token, [`meeting:${appointmentId}`]);
    expect(
      (
        await app.api
          .as(guest.access_token)
          .post(`/api/v1/appointments/${appointmentId}/meeting/ready`, {})
      ).status,
    ).toBe(200);
    expect((await meeting(guest.access_token, appointmentId)).me).toMatchObject({
      role: 'Guest',
      state: 'waiting',
    });
    expect((await joinCall(guestLive.socket, appointmentId)).ok).toBe(false);
    await app.api
      .as(practice.provider)
      .post(
        `/api/v1/appointments/${appointmentId}/meeting/participants/${guest.participant_id}/admit`,
        {},
      );
    expect((await joinCall(guestLive.socket, appointmentId)).ok).toBe(true);
    const providerView = await meeting(practice.provider, appointmentId);
    expect(providerView.invitations.filter((i) => i.redeemed).map((i) => i.name)).toEqual([
      'Ana Interpreter',
    ]);

    const disconnected = new Promise<void>((resolve) =>
      guestLive.socket.once('disconnect', () => resolve()),
    );
    const removed = await app.api
      .as(practice.provider)
      .delete(`/api/v1/appointments/${appointmentId}/meeting/participants/${guest.participant_id}`);
    expect(removed.status).toBe(200);
    await disconnected;
    const back = await watch(app, guest.access_token);
    expect(await back.join(`meeting:${appointmentId}`)).toMatchObject({ ok: false });
    expect(await joinCall(back.socket, appointmentId)).toMatchObject({
      ok: false,
      message: MEETING_MESSAGES.removed,
    });
    const view = await app.api
      .as(guest.access_token)
      .post(`/api/v1/appointments/${appointmentId}/meeting/ready`, {});
    expect(view.status).toBe(403);
    const after = await eventually(
      () => meeting(practice.provider, appointmentId),
      (view) =>
        view.participants.some(
          (p) => p.participant_id === guest.participant_id && p.connections === 0,
        ),
    );
    expect(after.participants.find((p) => p.participant_id === guest.participant_id)).toMatchObject(
      {
        state: 'removed',
        connections: 0,
      },
    );
  });
});
