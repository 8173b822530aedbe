import type { BookingResult } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 20: the back office in Spanish. The directory's administration, the bell's sentences and
 * the operators' health page and dashboard, chosen from the header's language widget.
 */
let app: TestApp;
const browser = browserSuite();
let practice: TestPractice;

/** A short Spanish date and time as the bell writes it: "jue, 3 dic, 9:30". */
const SPANISH_WHEN = /(lun|mar|mié|jue|vie|sáb|dom)\.?, \d{1,2} \p{L}+\.?, \d{1,2}:\d\d/u;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  // The bell's two events: a patient books, the front desk cancels it for them.
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dra. Lucía Herrera',
    booking_capacity: 2,
  });
  const patient = await createUser(app, 'Patient', null, { first: 'Gus', last: 'Reyes' });
  const slot = await tomorrowsSlot(app, calendarId, position, 4);
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  expect(booked.status).toBe(201);
  const canceled = await call(
    app,
    'DELETE',
    `/api/v1/appointments/${(booked.body.data as BookingResult).appointment_id}`,
    { reason: 'El médico está enfermo' },
    practice.staff.auth,
  );
  expect(canceled.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app.close();
});

/** Opens home, chooses Español in the header's widget (kept for the visit), then signs in. */
async function inSpanish(user: TestUser, landing?: string): Promise<Page> {
  const page = await browser.open({ width: 1280, height: 900 });
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: /Español/ }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page
    .getByRole('heading', { level: 1, name: 'Encuentre un médico de primer nivel' })
    .waitFor();
  await signIn(page, app, user, landing);
  expect(await page.evaluate<string>('document.documentElement.lang')).toBe('es');
  return page;
}

it("shows the directory's administration in Spanish: tabs, lines, dialogs and the form's problems", async () => {
  const admin = await inSpanish(practice.admin);
  await admin.goto(`${app.url}/practice-admin/directory`);
  await admin.getByRole('heading', { level: 1, name: 'Directorio' }).waitFor();
  const centres = admin.getByRole('list', { name: 'Centros' });
  await centres.getByText('Test Clinic').waitFor();
  expect(await admin.getByRole('tab', { name: /^Centros \(\d+\)$/ }).isVisible()).toBe(true);
  expect(await admin.getByRole('tab', { name: /^Proveedores \(\d+\)$/ }).isVisible()).toBe(true);
  expect(await centres.innerText()).toContain('consultas en el consultorio y por video');
  expect(
    await admin.getByRole('button', { name: 'Editar Test Clinic' }).first().textContent(),
  ).toBe('Editar');
  await expectAccessible(admin);
  // The tabs' indicator follows a resize after a debounce and a slide: shot once it is in place.
  await shoot(admin, 'languages-es-directory', () => admin.waitForTimeout(600));

  // A new centre refused while incomplete: the labels and the problems in Spanish.
  await admin.getByRole('button', { name: 'Nuevo centro' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Nuevo centro' });
  await dialog.getByLabel('Nombre del centro').fill('Clínica del Puerto');
  await dialog.getByRole('button', { name: 'Añadir el centro' }).click();
  await dialog.getByText('Cantidad de caracteres no válida').first().waitFor();
  expect(await dialog.getByLabel('Ciudad').isVisible()).toBe(true);
  expect(await dialog.getByText('Consultas por video').isVisible()).toBe(true);
  await expectAccessible(admin);
  await shoot(admin, 'languages-es-directory-dialog', async () => {
    await dialog.getByLabel('Nombre del centro').scrollIntoViewIfNeeded();
  });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The providers' tab: the registered provider and the new provider's dialog.
  await admin.getByRole('tab', { name: /Proveedores/ }).click();
  await admin.getByRole('button', { name: 'Nuevo proveedor' }).click();
  const provider = admin.getByRole('dialog', { name: 'Nuevo proveedor' });
  expect(await provider.getByLabel('Apellido').isVisible()).toBe(true);
  expect(await provider.getByRole('combobox', { name: 'Tipo de proveedor' }).innerText()).toBe(
    'Proveedor del consultorio',
  );
  await provider.getByRole('button', { name: 'Cancelar' }).click();
}, 120_000);

it('tells the bell in Spanish: who did what, with whom, for when', async () => {
  const admin = await inSpanish(practice.admin);
  await admin.goto(`${app.url}/practice/waitlists`);
  await admin.getByRole('heading', { level: 1, name: 'Listas de espera' }).waitFor();
  const bell = admin.getByTestId('notification-bell');
  await bell.click();
  await admin.getByRole('menu', { name: 'Notificaciones' }).waitFor();
  await admin.getByTestId('notification-sentence').first().waitFor();
  const sentences = await admin.getByTestId('notification-sentence').allInnerTexts();
  expect(sentences).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        new RegExp(
          `^Recepción \\(Test Staff\\) canceló la cita de Gus Reyes con .+ del ${SPANISH_WHEN.source}$`,
          'u',
        ),
      ),
      expect.stringMatching(
        new RegExp(`^Gus Reyes reservó una cita con .+ para el ${SPANISH_WHEN.source}$`, 'u'),
      ),
    ]),
  );
  expect(await admin.getByTestId('notification-age').first().innerText()).toMatch(
    /^(Ahora mismo|hace \d+ min)$/,
  );
  await expectAccessible(admin);
  await shoot(admin, 'languages-es-bell', async () => {
    if (!(await admin.getByTestId('notification-panel').isVisible())) await bell.click();
    await admin.getByTestId('notification-item').first().waitFor();
  });
  await admin.getByRole('button', { name: 'Cerrar las notificaciones' }).click();
  await admin.getByTestId('notification-panel').waitFor({ state: 'detached' });
}, 120_000);

it("shows the operators' health page and dashboard in Spanish", async () => {
  const superUser = await createUser(app, 'SuperUser', null, { first: 'Olga' });
  const operator = await inSpanish(superUser);
  await operator.goto(`${app.url}/super-user/dashboard`);
  await operator
    .getByTestId('dashboard-greeting')
    .filter({ hasText: 'Bienvenido/a, Olga' })
    .waitFor();
  expect(await operator.getByTestId('dashboard-type').innerText()).toBe('Superusuario');
  expect(await operator.getByText(`Sesión iniciada como ${superUser.email}`).isVisible()).toBe(
    true,
  );
  expect(
    await operator.getByRole('link', { name: 'Análisis de los consultorios' }).isVisible(),
  ).toBe(true);
  await expectAccessible(operator);
  await shoot(operator, 'languages-es-operator-dashboard');

  await operator.goto(`${app.url}/health`);
  await operator.getByRole('heading', { level: 1, name: 'Estado del sistema' }).waitFor();
  await operator.getByTestId('live-state').filter({ hasText: 'En vivo' }).waitFor();
  await operator.getByTestId('health-status').filter({ hasText: 'correcto' }).waitFor();
  expect(await operator.getByTestId('database-state').innerText()).toBe('disponible');
  expect(await operator.getByRole('heading', { name: 'Proyecciones' }).isVisible()).toBe(true);
  expect(await operator.getByRole('columnheader', { name: 'Retraso (eventos)' }).isVisible()).toBe(
    true,
  );
  expect(await operator.getByTestId('projection-practices').innerText()).toMatch(
    /(en marcha|iniciándose|reconstruyéndose)/,
  );
  await operator.getByTestId('audit-verification').waitFor();
  expect(await operator.getByRole('heading', { name: 'Integridad del registro' }).isVisible()).toBe(
    true,
  );
  expect(await operator.getByTestId('audit-verification-state').innerText()).toMatch(
    /^(sin verificar|intacto|alterado)$/,
  );
  await expectAccessible(operator);
  await shoot(operator, 'languages-es-health');
}, 120_000);
