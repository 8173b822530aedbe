import { randomUUID } from 'node:crypto';
import type { CreateCalendarDto, TimeSlotView, WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { call, createUser, type TestUser } from './accounts';
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

/** A calendar open every day 08:00-17:00 in New York, 30-minute slots, from today on. */
export async function createCalendar(
  app: TestApp,
  practice: TestPractice,
  overrides: Partial<CreateCalendarDto> = {},
): Promise<{ calendarId: string; position: number }> {
  const body: CreateCalendarDto = {
    name: 'Dr. Test',
    provider_id: practice.provider.userId,
    facility_id: randomUUID(),
    time_zone: 'America/New_York',
    visit_type: 'Office',
    first_hour: 8,
    last_hour: 17,
    time_step: 30,
    working_days: [1, 2, 3, 4, 5, 6, 7],
    date_from: DateTime.now().setZone('America/New_York').toISODate()!,
    booking_capacity: 1,
    ...overrides,
  };
  const response = await call(
    app,
    'POST',
    `/api/v1/practices/${practice.practiceId}/calendars`,
    body,
    practice.admin.auth,
  );
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
  const response = await call(
    app,
    'GET',
    `/api/v1/calendars/${calendarId}/week${query}`,
    undefined,
    headers,
  );
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
