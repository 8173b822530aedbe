import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BookingResult, TimeSlotView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { AccountService } from '../../../apps/api/src/modules/identity/account.service';
import { browserSuite, expectAccessible, shoot, SHOTS, signIn } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerFacility,
  type TestPractice,
  week,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 20, "Ship complete Spanish": the staff schedule (grid, drawer, dialogs) and the calendar
 * editor in Spanish, with Spanish dates and times.
 */
let app: TestApp;
const browser = browserSuite();
const zone = 'America/New_York';
const tomorrow = DateTime.now().setZone(zone).plus({ days: 1 }).toISODate()!;
let practice: TestPractice;
let calendarId: string;
let slots: readonly TimeSlotView[];
const booked: BookingResult[] = [];

const SPANISH_WEEKDAY = /(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/;
const SPANISH_SHORT_WEEKDAY = /^(lun|mar|mié|jue|vie|sáb|dom)/;

const SEED_CONTEXT = {
  actorId: 'test',
  actorRole: 'System',
  onBehalfOf: null,
  ip: null,
  userAgent: 'jest',
  correlationId: 'test',
};

/** A patient account with a name a front desk would read (booked for by staff). */
const namedPatient = (
  first: string,
  last: string,
  contact: { birth_date?: string; mobile_number?: string } = {},
): Promise<string> =>
  app.app.get(AccountService).createAccount(
    {
      email: `${first}.${last}-${randomUUID().slice(0, 6)}@example.com`.toLowerCase(),
      first_name: first,
      last_name: last,
      ...contact,
    },
    SEED_CONTEXT,
    { type: 'Patient', practiceId: null, socialProvider: null },
  );

const book = async (body: Record<string, unknown>): Promise<BookingResult> => {
  const response = await app.api.as(practice.staff).post('/api/v1/appointments', body);
  if (response.status !== 201) throw new Error(`booking: ${JSON.stringify(response.body)}`);
  return response.body.data as BookingResult;
};

/** A time as Spanish says it (Intl's own clock for 'es', as the web's formatDate gives it). */
const spanishClock = (iso: string) =>
  DateTime.fromISO(iso, { zone })
    .setLocale('es')
    .toLocaleString({ hour: 'numeric', minute: '2-digit' });

const block = (page: Page, appointmentId: string) =>
  page.locator(`[data-testid="schedule-block"][data-appointment="${appointmentId}"]`);

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  const facility = await registerFacility(app, practice, zone);
  const created = await createCalendar(app, practice, {
    name: 'Family medicine',
    facility_id: facility,
  });
  calendarId = created.calendarId;
  slots = (await week(app, calendarId, `?start_date=${tomorrow}&min_position=${created.position}`))
    .days[0]!.time_slots;
  const [rosa, omar] = await Promise.all([
    namedPatient('Rosa', 'Diaz', { birth_date: '1984-06-02', mobile_number: '5553217654' }),
    namedPatient('Omar', 'Haddad'),
  ]);
  booked.push(
    await book({
      calendar_id: calendarId,
      start_date: slots[2]!.start_date,
      patient_id: rosa,
      reason: 'Chequeo anual',
      insurance_choice: 'insurance',
      insurance_name: 'Aetna HMO',
      member_id: 'W100200300',
    }),
    await book({ calendar_id: calendarId, start_date: slots[5]!.start_date, patient_id: omar }),
  );
}, 60_000);

afterAll(async () => {
  await app.close();
});

/** Español from the site's language widget; the choice is kept for the workspace. */
async function inSpanish(page: Page): Promise<void> {
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: /Español/ }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page
    .getByRole('heading', { level: 1, name: 'Encuentre un médico de primer nivel' })
    .waitFor();
  await signIn(page, app, practice.admin);
}

it('shows the schedule grid, its drawer and its dialogs in Spanish, with Spanish dates and times', async () => {
  const page = await browser.open({ width: 1280, height: 900 });
  await inSpanish(page);
  await page.goto(`${app.url}/practice/schedule?date=${tomorrow}`);
  const rosa = block(page, booked[0]!.appointment_id);
  await rosa.waitFor();
  await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
  await page.getByTestId('schedule-connection').filter({ hasText: 'En vivo' }).waitFor();

  // The day's title with its Spanish weekday and month, the controls and the legend.
  const day = DateTime.fromISO(tomorrow).setLocale('es');
  const title = await page.getByTestId('schedule-title').innerText();
  expect(title).toContain(day.toFormat('cccc'));
  expect(title).toContain(`de ${day.toFormat('LLLL')}`);
  expect(await page.getByRole('button', { name: 'Hoy', exact: true }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Día anterior' }).isVisible()).toBe(true);
  const dayOrWeek = page.getByRole('group', { name: 'Día o semana' });
  for (const name of ['Día', 'Semana']) {
    expect(await dayOrWeek.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
  }
  expect(await page.getByRole('list', { name: 'Leyenda' }).innerText()).toMatch(
    /Libre\s+Reservada\s+Pendiente\s+Llegó \/ en consulta/,
  );

  // The column's head, a block and a free place, with the clock Spanish reads.
  expect(await page.getByTestId('schedule-column-head').innerText()).toMatch(
    /Test Provider\s+En el consultorio · 2 reservadas · \d+ libres/,
  );
  expect(await rosa.textContent()).toBe(
    `Rosa Diaz ${spanishClock(slots[2]!.start_date)} – ${spanishClock(slots[2]!.end_date)} · En el consultorio Programada`,
  );
  expect(
    await page
      .locator(`[data-testid="schedule-free"][data-start="${slots[3]!.start_date}"]`)
      .getAttribute('aria-label'),
  ).toBe(`Reservar con Test Provider a las ${spanishClock(slots[3]!.start_date)}, queda 1 lugar`);
  expect(await page.getByRole('group', { name: 'Agenda del día' }).isVisible()).toBe(true);
  await expectAccessible(page);
  await shoot(page, 'languages-es-schedule');

  // The drawer: the visit's Spanish date, the details' labels, the actions and the history.
  await rosa.click();
  const drawer = page.getByTestId('appointment-drawer');
  await drawer.getByTestId('drawer-details').waitFor();
  expect(await drawer.getByTestId('drawer-when').innerText()).toMatch(SPANISH_WEEKDAY);
  const details = await drawer.innerText();
  expect(details).toMatch(/Teléfono\s+\(555\) 321-7654/);
  expect(details).toMatch(/Fecha de nacimiento\s+2 jun 1984/);
  expect(details).toMatch(/Seguro\s+Aetna HMO\s+N\.º de afiliado\s+W100200300/);
  expect(details).toMatch(/Tarifa de la consulta\s+Sin pago en línea/);
  expect(details).toContain('Motivo');
  expect(details).toContain('Chequeo anual');
  expect(await drawer.getByTestId('status').innerText()).toBe('Programada');
  for (const name of ['Confirmar', 'Registrar llegada', 'Cancelar consulta', 'Reprogramar']) {
    expect(await drawer.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
  }
  expect(await drawer.getByRole('button', { name: 'Historial de esta cita' }).isVisible()).toBe(
    true,
  );
  await expectAccessible(page);
  await shoot(page, 'languages-es-schedule-drawer', async () => {
    if (!(await drawer.isVisible())) await rosa.click();
    await drawer.getByTestId('drawer-details').waitFor();
  });
  if (!(await drawer.isVisible())) await rosa.click();

  // Cancelling asks first, in Spanish; kept, nothing changes.
  await drawer.getByTestId('status-action-Canceled').click();
  const ask = page.getByRole('dialog', { name: '¿Cancelar consulta?' });
  expect(await ask.innerText()).toContain(
    '¿Cancelar la cita de Rosa Diaz? El horario queda disponible de nuevo.',
  );
  await ask.getByRole('button', { name: 'Conservarla' }).click();
  await ask.waitFor({ state: 'detached' });

  // A status change says so in Spanish.
  await drawer.getByTestId('status-action-Confirmed').click();
  await page.getByText('Estado cambiado a Confirmada.').waitFor();
  await page
    .locator(`[data-appointment="${booked[0]!.appointment_id}"][data-status="Confirmed"]`)
    .waitFor();
  // The button pressed went with the old status: the keyboard stays in the drawer, on its title,
  // so Escape closes it.
  expect(await page.evaluate('document.activeElement?.id')).toBe('appointment-drawer-title');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  // A block dragged onto a free place asks in Spanish, with Spanish days and times.
  const omar = block(page, booked[1]!.appointment_id);
  await omar.dragTo(
    page.locator(`[data-testid="schedule-free"][data-start="${slots[9]!.start_date}"]`),
  );
  const move = page.getByRole('dialog', { name: '¿Mover esta cita?' });
  await move.waitFor();
  const moveText = await move.innerText();
  expect(moveText).toContain(
    `Omar Haddad: del ${day.toFormat('cccc')}, ${day.day} ${day.toFormat('LLL')}`,
  );
  expect(moveText).toContain(
    `${spanishClock(slots[9]!.start_date)} – ${spanishClock(slots[9]!.end_date)}.`,
  );
  await expectAccessible(page);
  await page.screenshot({ path: path.join(SHOTS, 'languages-es-schedule-move-1280.png') });
  await move.getByRole('button', { name: 'Mantener el horario actual' }).click();
  await move.waitFor({ state: 'detached' });

  // The week: its days by their Spanish names.
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await page.getByRole('group', { name: 'Agenda de la semana' }).waitFor();
  const heads = await page.getByTestId('schedule-column-head').allInnerTexts();
  expect(heads.length).toBeGreaterThanOrEqual(1);
  for (const head of heads) expect(head).toMatch(SPANISH_SHORT_WEEKDAY);
  expect(await page.getByRole('button', { name: 'Semana anterior' }).isVisible()).toBe(true);
  await expectAccessible(page);
  await shoot(page, 'languages-es-schedule-week');
}, 120_000);

it('shows the calendar editor in Spanish: the list, the hours, the preview, the rules and their problems', async () => {
  const page = await browser.open({ width: 1280, height: 900 });
  await inSpanish(page);
  await page.goto(`${app.url}/practice-admin/calendars`);
  await page.getByRole('heading', { level: 1, name: 'Calendarios' }).waitFor();
  await page.getByLabel('Nombre del calendario').waitFor();
  expect(await page.getByLabel('Nombre del calendario').inputValue()).toBe('Family medicine');
  await page
    .getByRole('list', { name: 'Calendarios del consultorio' })
    .getByText('En el consultorio · Lun Mar Mié Jue Vie Sáb Dom · 30 min')
    .waitFor();
  expect(
    await page.getByText(`Los horarios están en la zona horaria del centro, ${zone}.`).isVisible(),
  ).toBe(true);

  // The hours by Spanish weekday, the week preview with Spanish days and a 24-hour clock.
  const hours = page.getByRole('list', { name: 'Horario de atención por día de la semana' });
  expect(await hours.getByRole('listitem').first().getAttribute('aria-label')).toBe('Lunes');
  expect(await page.getByLabel('Lunes, tramo 1, desde').inputValue()).toBe('08:00');
  const preview = page.getByTestId('week-preview');
  await preview.getByText('Vista previa de la semana').waitFor();
  await preview.getByTestId('preview-run').filter({ hasText: '8:00 – 17:00' }).first().waitFor();
  expect(await preview.getByRole('listitem').first().getAttribute('aria-label')).toMatch(
    SPANISH_WEEKDAY,
  );
  expect(await preview.innerText()).toMatch(/18 horarios/);

  // A split shift: the preview names the break in Spanish.
  await page.getByRole('button', { name: 'Agregar horario (Lunes)' }).click();
  await page.getByLabel('Lunes, tramo 1, hasta').fill('12:00');
  await page.getByLabel('Lunes, tramo 2, desde').fill('13:30');
  await page.getByLabel('Lunes, tramo 2, hasta').fill('17:00');
  await preview.getByText('Descanso 12:00 – 13:30').first().waitFor();

  // The rules and the sections below the form.
  expect(await page.getByRole('switch', { name: 'Lista de espera' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Reglas de reserva' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Horarios bloqueados' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Bloquear horario' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Motivos de consulta' }).isVisible()).toBe(true);
  expect(await page.getByText('Se ofrecen todos los motivos.').isVisible()).toBe(true);

  // A problem is named in Spanish under its field, and nothing is saved.
  await page.getByLabel('Capacidad por horario').fill('0');
  await page.getByRole('button', { name: 'Guardar la configuración' }).click();
  await page
    .getByText('La capacidad de reserva por horario debe ser un número entero del 1 al 500.')
    .waitFor();
  await page.getByLabel('Capacidad por horario').fill('2');
  await page.getByRole('button', { name: 'Guardar la configuración' }).click();
  await page.getByText('Calendario actualizado.').waitFor();
  await page
    .getByRole('list', { name: 'Calendarios del consultorio' })
    .getByText('En el consultorio · Lun Mar Mié Jue Vie Sáb Dom · horario partido · 30 min')
    .waitFor();

  // "View as of": the week's days with Spanish names and each slot's places.
  await page.getByRole('heading', { name: 'Ver en una fecha pasada' }).waitFor();
  await page
    .getByTestId('as-of')
    .fill(DateTime.now().setZone(zone).plus({ seconds: 1 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"));
  await page.getByRole('button', { name: 'Mostrar', exact: true }).click();
  const past = page.getByTestId('past-week');
  await past.getByRole('heading').first().waitFor();
  expect(await past.getByRole('heading').first().innerText()).toMatch(SPANISH_WEEKDAY);
  await past
    .getByText(/^\d{1,2}:\d{2} · \d+ libres?$/)
    .first()
    .waitFor();
  await expectAccessible(page);
  await shoot(page, 'languages-es-calendar-editor');

  // A new calendar's dialog.
  await page.getByRole('button', { name: 'Nuevo calendario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo calendario' });
  await dialog.getByText('Primero elija el proveedor y el centro.').waitFor();
  expect(await dialog.getByRole('radio', { name: 'Un recurso' }).isVisible()).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Crear calendario' }).isDisabled()).toBe(true);
  await expectAccessible(page);
  await shoot(page, 'languages-es-calendar-new', async () => {
    await dialog.getByText('Primero elija el proveedor y el centro.').waitFor();
  });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await dialog.waitFor({ state: 'detached' });
}, 120_000);
