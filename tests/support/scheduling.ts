import { randomUUID } from 'node:crypto';
import type { CreateCalendarDto, TimeSlotView, WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { createUser, type TestUser } from './accounts';
import type { TestApp } from './test-app';

export interface TestPractice {
  readonly practiceId: string;
  readonly admin: TestUser;
  readonly staff: TestUser;
  readonly provider: TestUser;
}

export async function createPractice(app: TestApp): Promise<TestPractice> {
  const practiceId = randomUUID();
  const [admin, staff, provider] = await Promise.all([
    createUser(app, 'PracticeAdmin', practiceId),
    createUser(app, 'Staff', practiceId),
    createUser(app, 'Provider', practiceId),
  ]);
  return { practiceId, admin, staff, provider };
}

/** Registers a practice's facility, provider or resource; its id. */
export async function registerEntry(
  app: TestApp,
  practice: Pick<TestPractice, 'practiceId' | 'admin'>,
  kind: 'facilities' | 'providers' | 'resources',
  body: Record<string, unknown>,
): Promise<{ id: string; position: number }> {
  const response = await app.api
    .as(practice.admin)
    .post(`/api/v1/practices/${practice.practiceId}/${kind}`, body);
  if (response.status !== 201) throw new Error(`${kind}: ${JSON.stringify(response.body)}`);
  return response.body.data as { id: string; position: number };
}

/** A facility of the practice in this zone, registered in its directory. */
export async function registerFacility(
  app: TestApp,
  practice: Pick<TestPractice, 'practiceId' | 'admin'>,
  zone = 'America/New_York',
): Promise<string> {
  const { id } = await registerEntry(app, practice, 'facilities', {
    name: 'Test Clinic',
    iana_time_zone: zone,
    office_visit: true,
    tele_visit: true,
    address: { address1: '1 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
  });
  return id;
}

/** Registers a provider's account in the practice's directory, unless it already is. */
export async function registerProvider(
  app: TestApp,
  practice: Pick<TestPractice, 'practiceId' | 'admin'>,
  userId: string,
): Promise<void> {
  const response = await app.api
    .as(practice.admin)
    .post(`/api/v1/practices/${practice.practiceId}/providers`, {
      user_id: userId,
      first_name: 'Test',
      last_name: 'Provider',
      provider_type: 'local',
      specialties: ['Family Medicine'],
      facility_ids: [],
    });
  if (response.status !== 201 && response.status !== 409) {
    throw new Error(`provider: ${JSON.stringify(response.body)}`);
  }
}

/**
 * A calendar open every day 08:00-17:00 in New York, 30-minute slots, from today on. Its facility
 * (unless given) and its provider are registered in the practice's directory first; a calendar
 * for a resource names one registered before.
 */
export async function createCalendar(
  app: TestApp,
  practice: TestPractice,
  overrides: Partial<CreateCalendarDto> = {},
): Promise<{ calendarId: string; position: number }> {
  const zone = overrides.time_zone ?? 'America/New_York';
  const providerId = overrides.resource_id
    ? undefined
    : (overrides.provider_id ?? practice.provider.userId);
  const [facilityId] = await Promise.all([
    overrides.facility_id ?? registerFacility(app, practice, zone),
    providerId ? registerProvider(app, practice, providerId) : null,
  ]);
  const body: CreateCalendarDto = {
    name: 'Dr. Test',
    provider_id: providerId,
    facility_id: facilityId,
    time_zone: zone,
    visit_type: 'Office',
    first_hour: 8,
    last_hour: 17,
    time_step: 30,
    working_days: [1, 2, 3, 4, 5, 6, 7],
    date_from: DateTime.now().setZone('America/New_York').toISODate()!,
    booking_capacity: 1,
    ...overrides,
  };
  const response = await app.api
    .as(practice.admin)
    .post(`/api/v1/practices/${practice.practiceId}/calendars`, body);
  if (response.status !== 201) throw new Error(`calendar: ${JSON.stringify(response.body)}`);
  const data = response.body.data as { id: string; position: number };
  return { calendarId: data.id, position: data.position };
}

export async function week(
  app: TestApp,
  calendarId: string,
  query = '',
  headers: Record<string, string> = {},
): Promise<WeekView> {
  const response = await app.api.get(`/api/v1/calendars/${calendarId}/week${query}`, headers);
  if (response.status !== 200) throw new Error(`week: ${JSON.stringify(response.body)}`);
  return response.body.data as WeekView;
}

/** A slot from tomorrow's list: far enough ahead to be offered whatever the hour now. */
export async function tomorrowsSlot(
  app: TestApp,
  calendarId: string,
  position: number,
  index = 0,
): Promise<TimeSlotView> {
  const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
  const view = await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
  const slot = view.days[0]?.time_slots[index];
  if (!slot) throw new Error(`no slot tomorrow: ${JSON.stringify(view)}`);
  return slot;
}
