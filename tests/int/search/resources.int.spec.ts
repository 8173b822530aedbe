import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type {
  AppointmentPage,
  BookingResult,
  ProviderSearchResult,
  ResourceSearchResult,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { loadConfig } from '../../../apps/api/src/infra/config/app-config';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { zipDirectory } from '../../../apps/api/src/modules/reference/zip-directory';
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
 * Issue 20, item 4: resources (rooms, labs, equipment) are searched like providers, carry their
 * facilities' places (the map's markers) and next availability, are booked like providers (visit
 * kind Resource), and a calendar marked as a lab test makes its bookings lab-test appointments.
 */
let app: TestApp;
let practice: TestPractice;
let other: TestPractice;
let patient: TestUser;
let facilityId: string;
let farFacilityId: string;
let lab: { id: string; position: number };
let room: { id: string; position: number };
let labCalendar: { calendarId: string; position: number };
let roomCalendar: { calendarId: string; position: number };

const LAB_NAME = `Quest Blood Lab ${randomUUID().slice(0, 6)}`;
const ROOM_NAME = `Imaging Room ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  app = await startTestApp();
  [practice, other] = await Promise.all([createPractice(app), createPractice(app)]);
  patient = await createUser(app, 'Patient', null, { first: 'Ada', last: 'Stone' });
  const placed = await Promise.all(
    [
      { name: 'Hoboken Diagnostics', city: 'Hoboken', state: 'NJ', zip_code: '07030' },
      { name: 'Austin Diagnostics', city: 'Austin', state: 'TX', zip_code: '78701' },
    ].map(async ({ name, ...address }) => {
      const { id } = await registerEntry(app, practice, 'facilities', {
        name,
        iana_time_zone: 'America/New_York',
        office_visit: true,
        tele_visit: false,
        address: { address1: '1 River St', ...address },
      });
      return id;
    }),
  );
  [facilityId, farFacilityId] = placed as [string, string];
  lab = await registerEntry(app, practice, 'resources', {
    name: LAB_NAME,
    kind: 'Lab',
    facility_ids: [facilityId!],
  });
  room = await registerEntry(app, practice, 'resources', {
    name: ROOM_NAME,
    kind: 'Room',
    facility_ids: [farFacilityId!],
  });
  labCalendar = await createCalendar(app, practice, {
    name: LAB_NAME,
    resource_id: lab.id,
    facility_id: facilityId,
    visit_type: 'Resource',
    is_lab_test: true,
    enable_insurance: false,
  });
  roomCalendar = await createCalendar(app, practice, {
    name: ROOM_NAME,
    resource_id: room.id,
    facility_id: farFacilityId,
    visit_type: 'Resource',
    enable_insurance: false,
  });
}, 120_000);

afterAll(async () => {
  await app.close();
});

const last = () => Math.max(labCalendar.position, roomCalendar.position, lab.position);

async function search(filter: Record<string, unknown>, position = last()) {
  const response = await app.api.post(`/api/v1/resources/search?min_position=${position}`, filter);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.data as ResourceSearchResult;
}

const names = (result: ResourceSearchResult) => result.resources.map((r) => r.name);

describe('resource search', () => {
  it('finds a lab by its name, a typo of it, and its type', async () => {
    expect(names(await search({ name: LAB_NAME }))).toEqual([LAB_NAME]);
    // The free text of the search box: a word of the name, and a misspelt one.
    expect(names(await search({ text_field: 'quest blood' }))).toContain(LAB_NAME);
    expect(
      names(await search({ text_field: 'Quest Blod Lab', practice_id: practice.practiceId })),
    ).toContain(LAB_NAME);
    const labs = await search({ resource_type: 'Lab', practice_id: practice.practiceId });
    expect(names(labs)).toEqual([LAB_NAME]);
    const rooms = await search({ resource_type: 'Room', practice_id: practice.practiceId });
    expect(names(rooms)).toEqual([ROOM_NAME]);
    expect(rooms.resources[0]).toMatchObject({
      id: room.id,
      entity_type: 'Resource',
      resource_type: 'Room',
      practice_id: practice.practiceId,
    });
    // The facility's name and city are searched words too.
    expect(names(await search({ text_field: 'austin diagnostics' }))).toEqual([ROOM_NAME]);
    // The spec's calendar query by resourceId.
    expect(names(await search({ resource_id: lab.id }))).toEqual([LAB_NAME]);
    // A visit kind no resource has finds none.
    expect((await search({ resource_id: lab.id, visit_type: 'Telehealth' })).count).toBe(0);
  });

  it('narrows and sorts by distance from a zip code', async () => {
    const near = await search({
      practice_id: practice.practiceId,
      zip_code: '07030',
      distance: 25,
    });
    expect(names(near)).toEqual([LAB_NAME]);
    expect(near.resources[0]!.nearest_facility).toMatchObject({
      facility_id: facilityId,
      name: 'Hoboken Diagnostics',
      distance: 0,
    });
    const both = await search({ practice_id: practice.practiceId, zip_code: '07030' });
    expect(names(both)).toEqual([LAB_NAME, ROOM_NAME]);
    expect(both.resources[1]!.nearest_facility!.distance).toBeGreaterThan(1000);
  });

  it('sorts by availability as providers are: the soonest opening first, none last', async () => {
    const own = await createPractice(app);
    const { id: place } = await registerEntry(app, own, 'facilities', {
      name: 'Sorting Clinic',
      iana_time_zone: 'America/New_York',
      office_visit: true,
      tele_visit: false,
      address: { address1: '2 River St', city: 'Hoboken', state: 'NJ', zip_code: '07030' },
    });
    const entry = (name: string, kind: string) =>
      registerEntry(app, own, 'resources', { name, kind, facility_ids: [place] });
    const [alpha, beta, gamma] = await Promise.all([
      entry('Alpha Room', 'Room'),
      entry('Beta Lab', 'Lab'),
      entry('Gamma Scanner', 'Equipment'),
    ]);
    const later = await createCalendar(app, own, {
      name: 'Beta Lab',
      resource_id: beta.id,
      facility_id: place,
      visit_type: 'Resource',
      enable_insurance: false,
      date_from: DateTime.now().setZone('America/New_York').plus({ days: 30 }).toISODate()!,
    });
    const now = await createCalendar(app, own, {
      name: 'Gamma Scanner',
      resource_id: gamma.id,
      facility_id: place,
      visit_type: 'Resource',
      enable_insurance: false,
    });
    const at = Math.max(later.position, now.position, alpha.position);
    const sorted = (sort_on: string) =>
      search({ practice_id: own.practiceId, sort_on }, at).then(names);
    expect(await sorted('availability')).toEqual(['Gamma Scanner', 'Beta Lab', 'Alpha Room']);
    expect(await sorted('name')).toEqual(['Alpha Room', 'Beta Lab', 'Gamma Scanner']);
    // From a place, the same openings are ordered the same; paging keeps the order.
    const page2 = await search(
      {
        practice_id: own.practiceId,
        zip_code: '07030',
        sort_on: 'availability',
        page_size: 1,
        page_no: 2,
      },
      at,
    );
    expect(names(page2)).toEqual(['Beta Lab']);
    expect(page2.count).toBe(3);
  });

  it("gives each card its facilities' places (the map's markers) and next availability", async () => {
    const [card] = (await search({ resource_id: lab.id })).resources;
    const hoboken = zipDirectory.byCode('07030')!;
    expect(card!.facilities).toEqual([
      expect.objectContaining({
        facility_id: facilityId,
        name: 'Hoboken Diagnostics',
        latitude: hoboken.latitude,
        longitude: hoboken.longitude,
      }),
    ]);
    expect(card!.facilities[0]!.address).toMatchObject({ city: 'Hoboken', zip_code: '07030' });
    expect(card!.next_availability).toMatchObject({
      calendar_id: labCalendar.calendarId,
      facility_id: facilityId,
      visit_type: 'Resource',
    });
    expect(Date.parse(card!.next_availability!.start_date)).toBeGreaterThan(Date.now());
    // Provider cards carry the same places for the map.
    const providers = (await app.api.post('/api/v1/providers/search', {})).body
      .data as ProviderSearchResult;
    for (const provider of providers.providers) {
      for (const f of provider.facilities) {
        expect(typeof f.latitude === 'number' || f.latitude === null).toBe(true);
      }
    }
    // Resources never appear among providers.
    const asProviders = (await app.api.post('/api/v1/providers/search', { text_field: LAB_NAME }))
      .body.data as ProviderSearchResult;
    expect(asProviders.providers.map((p) => p.id)).not.toContain(lab.id);
  });

  it("serves the map's tile source from configuration: none in tests (a blank local style)", async () => {
    const response = await app.api.get('/api/v1/search/map-config');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ tile_url: null, attribution: null });
    const configured = loadConfig({
      NODE_ENV: 'test',
      MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example contributors',
    });
    expect(configured).toMatchObject({
      mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© Example contributors',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: 'javascript:alert(1)' })).toThrow(
      'MAP_TILE_URL',
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: 'https://tiles.example.org/a.png' }),
    ).toThrow('MAP_TILE_URL');
  });

  it('refuses hostile filters with 400 and the field message', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const response = await app.api.post('/api/v1/resources/search', body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    };
    await bad({ name: 'x'.repeat(5000) }, 'Invalid character length');
    await bad({ name: 'lab\u0000' }, 'must not contain control characters');
    await bad({ resource_type: 'Spaceship' }, 'Invalid');
    await bad({ zip_code: '00000' }, 'Invalid zip code.');
    await bad({ distance: 10 }, 'A distance needs a zip code or a location.');
    await bad({ latitude: 40 }, 'Latitude and longitude go together.');
    await bad({ resource_id: 'not-a-uuid' }, 'Invalid');
    await bad({ date: '2026-02-31' }, 'Invalid Date');
    await bad({ unknown_field: 1 }, 'unknown_field');
  });
});

describe('booking a resource', () => {
  const book = (calendarId: string, start: string) =>
    app.api.as(patient).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: start,
      command_id: randomUUID(),
    });

  it('books a lab slot: a Resource visit, named by the resource, a lab test through to the lists', async () => {
    const slot = await tomorrowsSlot(app, labCalendar.calendarId, labCalendar.position);
    const booked = await book(labCalendar.calendarId, slot.start_date);
    expect(booked.status).toBe(201);
    const { appointment_id, position } = booked.body.data as BookingResult;
    const mine = await app.api
      .as(patient)
      .get(`/api/v1/appointments/patient?min_position=${position}`);
    expect(mine.status).toBe(200);
    const view = (mine.body.data as AppointmentPage).appointments.find(
      (a) => a.appointment_id === appointment_id,
    );
    expect(view).toMatchObject({
      resource_id: lab.id,
      resource_name: LAB_NAME,
      provider_id: null,
      visit_type: 'Resource',
      is_lab_test_appointment: true,
      facility_name: 'Hoboken Diagnostics',
    });
    const staff = await app.api
      .as(practice.staff)
      .get(`/api/v1/appointments/staff?min_position=${position}&pageSize=50`);
    expect(staff.status).toBe(200);
    expect(
      (staff.body.data as AppointmentPage).appointments.find(
        (a) => a.appointment_id === appointment_id,
      ),
    ).toMatchObject({ resource_name: LAB_NAME, is_lab_test_appointment: true });
    // The event carries the flag.
    const store = app.app.get<EventStore>(EVENT_STORE);
    const events = await store.readStream(`appointment-${appointment_id}`);
    expect(events[0]!.data).toMatchObject({ is_lab_test_appointment: true, resource_id: lab.id });
    // The slot was taken live: the search's next availability moves past it (capacity 1).
    const [card] = (await search({ resource_id: lab.id }, position)).resources;
    expect(card!.next_availability!.start_date).not.toBe(slot.start_date);
  });

  it('a calendar not marked as a lab test books plain visits; marking it later makes new ones lab tests', async () => {
    const slot = await tomorrowsSlot(app, roomCalendar.calendarId, roomCalendar.position);
    const booked = await book(roomCalendar.calendarId, slot.start_date);
    expect(booked.status).toBe(201);
    const first = booked.body.data as BookingResult;
    // Old shape: the event has no flag at all, and reads false.
    const store = app.app.get<EventStore>(EVENT_STORE);
    const events = await store.readStream(`appointment-${first.appointment_id}`);
    expect(events[0]!.data).not.toHaveProperty('is_lab_test_appointment');
    const marked: { status: number; body: { data: { position: number } } } = await app.api
      .as(practice.admin)
      .put(`/api/v1/calendars/${roomCalendar.calendarId}`, { is_lab_test: true });
    expect(marked.status).toBe(200);
    const calendar = await app.api.get(
      `/api/v1/calendars/${roomCalendar.calendarId}?min_position=${marked.body.data.position}`,
    );
    expect(calendar.body.data).toMatchObject({ is_lab_test: true, resource_id: room.id });
    const next = await tomorrowsSlot(app, roomCalendar.calendarId, marked.body.data.position, 1);
    const second = await book(roomCalendar.calendarId, next.start_date);
    expect(second.status).toBe(201);
    const secondResult = second.body.data as BookingResult;
    const list = await eventually(
      async () =>
        (
          await app.api
            .as(patient)
            .get(`/api/v1/appointments/patient?min_position=${secondResult.position}&pageSize=50`)
        ).body.data as AppointmentPage,
      (page) => page.appointments.length >= 3,
    );
    const flag = (id: string) =>
      list.appointments.find((a) => a.appointment_id === id)?.is_lab_test_appointment;
    expect(flag(first.appointment_id)).toBe(false);
    expect(flag(secondResult.appointment_id)).toBe(true);
  });
});

describe('resource calendars: who may edit them', () => {
  it("only the resource's practice creates and edits its calendars", async () => {
    const body = {
      name: 'Stolen lab',
      resource_id: lab.id,
      facility_id: facilityId,
      time_zone: 'America/New_York',
      visit_type: 'Resource',
      first_hour: 8,
      last_hour: 17,
      time_step: 30,
      date_from: new Date().toISOString().slice(0, 10),
      booking_capacity: 1,
    };
    // Another practice cannot give our lab a calendar of its own, even at its own facility.
    const theirFacility = (
      await registerEntry(app, other, 'facilities', {
        name: 'Their Clinic',
        iana_time_zone: 'America/New_York',
        office_visit: true,
        tele_visit: false,
        address: { address1: '2 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
      })
    ).id;
    const elsewhere = await app.api
      .as(other.admin)
      .post(`/api/v1/practices/${other.practiceId}/calendars`, {
        ...body,
        facility_id: theirFacility,
      });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('This resource belongs to another practice.');
    const intoTheirs = await app.api
      .as(other.admin)
      .post(`/api/v1/practices/${practice.practiceId}/calendars`, body);
    expect(intoTheirs.status).toBe(403);
    const edit = await app.api
      .as(other.admin)
      .put(`/api/v1/calendars/${labCalendar.calendarId}`, { is_lab_test: false });
    expect(edit.status).toBe(403);
    const byPatient = await app.api
      .as(patient)
      .put(`/api/v1/calendars/${labCalendar.calendarId}`, { is_lab_test: false });
    expect(byPatient.status).toBe(403);
    const anonymous = await app.api.put(`/api/v1/calendars/${labCalendar.calendarId}`, {
      is_lab_test: false,
    });
    expect(anonymous.status).toBe(401);
    const notABoolean = await app.api
      .as(practice.admin)
      .put(`/api/v1/calendars/${labCalendar.calendarId}`, { is_lab_test: 'yes' });
    expect(notABoolean.status).toBe(400);
    // Its own practice's staff may.
    const own = await app.api
      .as(practice.admin)
      .put(`/api/v1/calendars/${labCalendar.calendarId}`, { name: `${LAB_NAME} (draws)` });
    expect(own.status).toBe(200);
  });
});
