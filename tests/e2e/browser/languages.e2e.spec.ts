import type { BookingResult, TimeSlotView } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerFacility,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let patient: TestUser;
let calendarId: string;
let freeSlot: TimeSlotView;

const SPANISH_WEEKDAY = /(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/;
const SPANISH_SHORT_WEEKDAY = /(lun|mar|mié|jue|vie|sáb|dom)/;

beforeAll(async () => {
  app = await startTestApp();
  const practice = await createPractice(app);
  const facilityId = await registerFacility(app, practice);
  const registered = await call(
    app,
    'POST',
    `/api/v1/practices/${practice.practiceId}/providers`,
    {
      user_id: practice.provider.userId,
      first_name: 'Lucía',
      last_name: 'Herrera',
      professional_suffixes: ['MD'],
      provider_type: 'local',
      gender: 'Female',
      specialties: ['Cardiologist (Heart Doctor)'],
      facility_ids: [facilityId],
    },
    practice.admin.auth,
  );
  expect(registered.status).toBe(201);
  const calendar = await createCalendar(app, practice, {
    name: 'Dr. Lucía Herrera',
    facility_id: facilityId,
    booking_capacity: 2,
  });
  calendarId = calendar.calendarId;
  patient = await createUser(app, 'Patient', null, { first: 'Mai', last: 'Tran' });
  const booked = await tomorrowsSlot(app, calendarId, calendar.position, 2);
  freeSlot = await tomorrowsSlot(app, calendarId, calendar.position, 4);
  const answer = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: booked.start_date });
  expect(answer.status).toBe(201);
  expect((answer.body.data as BookingResult).status).toBe('Scheduled');
}, 60_000);

afterAll(async () => {
  await app.close();
});

async function choose(page: Page, current: string, language: string): Promise<void> {
  await page.getByTestId('language-menu').click();
  expect(await page.getByTestId('language-menu').getAttribute('aria-label')).toContain(current);
  await page.getByRole('menuitemradio', { name: new RegExp(language) }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

const htmlLang = (page: Page) => page.evaluate<string>('document.documentElement.lang');

it('switches the shell, search, the booking wizard and the dashboard to Spanish, with Spanish dates, and keeps it after a reload', async () => {
  const page = await browser.open({ width: 1280, height: 900 });
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
  expect(await htmlLang(page)).toBe('en');

  // The widget offers the five languages, each in its own name.
  await page.getByRole('button', { name: 'Language: EN' }).click();
  const offered = await page.getByRole('menuitemradio').allInnerTexts();
  expect(offered.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
    'English EN',
    'Español ES',
    '中文 ZH',
    'Tiếng Việt VI',
    '한국어 KO',
  ]);
  await page.keyboard.press('Escape');
  await choose(page, 'EN', 'Español');

  // The shell and home at once, and the page says its language.
  await page
    .getByRole('heading', { level: 1, name: 'Encuentre un médico de primer nivel' })
    .waitFor();
  expect(await htmlLang(page)).toBe('es');
  expect(await page.getByRole('button', { name: 'Idioma: ES' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Entrar' }).isVisible()).toBe(true);
  expect(await page.locator('footer').innerText()).toContain('Política de privacidad');
  await expectAccessible(page);
  await shoot(page, 'languages-es-home');

  // Kept across visits: a reload (a new visit reads localStorage) is still in Spanish.
  await page.reload();
  await page
    .getByRole('heading', { level: 1, name: 'Encuentre un médico de primer nivel' })
    .waitFor();
  expect(await htmlLang(page)).toBe('es');
  expect(await page.evaluate<string | null>("localStorage.getItem('medbook.language')")).toBe('es');

  // Search: the filters, the result count and the week's days in Spanish.
  await page.goto(
    `${app.url}/provider-search?specialty=${encodeURIComponent('Cardiologist (Heart Doctor)')}&page_no=1`,
  );
  await page.getByTestId('slot').first().waitFor();
  expect(await page.getByRole('region', { name: 'Filtrar resultados' }).isVisible()).toBe(true);
  expect(await page.getByTestId('result-count').innerText()).toBe('1 proveedor');
  expect(await page.getByRole('button', { name: 'Buscar' }).first().isVisible()).toBe(true);
  const days = page.getByTestId('availability').getByRole('group').first();
  expect(await days.getAttribute('aria-label')).toMatch(SPANISH_WEEKDAY);
  expect(await page.getByTestId('slot').first().getAttribute('aria-label')).toMatch(
    /^Reservar el /,
  );
  await expectAccessible(page);
  await shoot(page, 'languages-es-search');

  // The dashboard: headings, the visit's date with a Spanish weekday, the status.
  await signIn(page, app, patient, '/dashboard/patient');
  await page.getByTestId('appointment-card').first().waitFor();
  expect(await page.getByTestId('dashboard-greeting').innerText()).toBe('Bienvenido/a, Mai');
  expect(await page.getByRole('heading', { name: 'Próximas citas' }).isVisible()).toBe(true);
  expect(await page.getByTestId('appointment-start').first().innerText()).toMatch(SPANISH_WEEKDAY);
  expect(await page.getByTestId('status').first().innerText()).toBe('Programada');
  expect(await htmlLang(page)).toBe('es');
  await expectAccessible(page);
  await shoot(page, 'languages-es-dashboard');

  // The booking wizard: the stage, the buttons and the summary's date.
  await page.goto(
    `${app.url}/booking?calendar=${calendarId}&start=${encodeURIComponent(freeSlot.start_date)}`,
  );
  await page
    .getByTestId('stage-title')
    .filter({ hasText: /^Paciente$/ })
    .waitFor();
  expect(await page.getByText('¿Para quién es esta cita?').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Atrás' }).isVisible()).toBe(true);
  expect(await page.getByTestId('summary-start').innerText()).toMatch(SPANISH_SHORT_WEEKDAY);
  expect(await page.getByTestId('hold-countdown').innerText()).toMatch(
    /^Este horario está reservado para usted durante \d+ minutos? más\.$/,
  );
  await expectAccessible(page);
  await shoot(page, 'languages-es-wizard');
}, 120_000);

it.each([
  ['中文', 'ZH', 'zh-CN', '查找优秀医生', '即将到来的预约'],
  ['Tiếng Việt', 'VI', 'vi', 'Tìm bác sĩ giỏi', 'Lịch hẹn sắp tới'],
  ['한국어', 'KO', 'ko', '우수한 의사 찾기', '예정된 예약'],
])(
  'shows home and the dashboard in %s',
  async (language, code, lang, heading, upcoming) => {
    const page = await browser.open({ width: 1280, height: 900 });
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
    await choose(page, 'EN', language);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await htmlLang(page)).toBe(lang);
    expect(await page.getByTestId('language-menu').innerText()).toBe(code);
    await expectAccessible(page);
    await shoot(page, `languages-${code.toLowerCase()}-home`);

    await signIn(page, app, patient, '/dashboard/patient');
    await page.getByTestId('appointment-card').first().waitFor();
    expect(await page.getByRole('heading', { name: upcoming }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe(lang);
    await expectAccessible(page);
    await shoot(page, `languages-${code.toLowerCase()}-dashboard`);

    // Back to English: the spec's texts verbatim again.
    await page.goto(`${app.url}/`);
    await choose(page, code, 'English');
    await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
  },
  120_000,
);
