import type { NotificationView, PracticeNotifications } from '@medbook/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { setLanguage } from '../../shared/i18n';
import { NotificationPanel } from './components/notification-panel';
import {
  actorLabel,
  appointmentLink,
  dotOf,
  markedSeen,
  panelDate,
  panelItems,
  relativeAge,
  sentence,
  unseenIds,
  unseenRequestIds,
  visitWhen,
  withAdded,
} from './notification-rules';

const now = DateTime.fromISO('2026-03-10T15:00:00Z');
const notification = (id: string, change: Partial<NotificationView> = {}): NotificationView => ({
  id,
  practice_id: 'p',
  provider_id: 'd',
  resource_id: null,
  patient_id: 'x',
  appointment_id: `a-${id}`,
  notification_type: 'Booked',
  notification_status: 'New',
  appointment_status: 'Scheduled',
  appointment_start_date: '2026-03-12T14:30:00Z',
  notification_date: '2026-03-10T14:00:00Z',
  patient_name: { first_name: 'Rosa', last_name: 'Diaz' },
  provider_name: 'Maya Chen',
  resource_name: null,
  profile_picture_uri: null,
  actor: { user_id: 'x', role: 'Patient', name: 'Rosa Diaz' },
  from_start_date: null,
  time_zone: 'America/New_York',
  ...change,
});

describe('notification panel rules', () => {
  it("labels an age 'Nd ago', 'Nh ago', 'Nm ago' or 'Just now' by its largest whole unit", () => {
    const ago = (duration: object) => relativeAge(now.minus(duration).toISO()!, now);
    expect(ago({ seconds: 0 })).toBe('Just now');
    expect(ago({ seconds: 59 })).toBe('Just now');
    expect(ago({ minutes: 1 })).toBe('1m ago');
    expect(ago({ minutes: 59, seconds: 59 })).toBe('59m ago');
    expect(ago({ hours: 1 })).toBe('1h ago');
    expect(ago({ hours: 23, minutes: 59 })).toBe('23h ago');
    expect(ago({ days: 1 })).toBe('1d ago');
    expect(ago({ days: 6, hours: 23 })).toBe('6d ago');
    // A clock a little ahead of the server's is still "Just now", never a negative age.
    expect(relativeAge(now.plus({ seconds: 5 }).toISO()!, now)).toBe('Just now');
  });

  it("shows dates as 'MMMM d, h:mm a'", () => {
    expect(panelDate('2026-03-12T14:30:00Z', 'America/New_York')).toBe('March 12, 10:30 AM');
    expect(panelDate('2026-12-01T23:05:00Z', 'UTC')).toBe('December 1, 11:05 PM');
  });

  it('gives a green dot to Scheduled appointments and a red one to every other status', () => {
    expect(dotOf({ appointment_status: 'Scheduled' })).toBe('online');
    for (const status of ['Pending', 'Canceled', 'Accepted', 'Checked-In'] as const) {
      expect(dotOf({ appointment_status: status })).toBe('offline');
    }
  });

  it('lists every notification newest first; opening sends the New ones as Seen', () => {
    const all: PracticeNotifications = {
      new_notifications: [notification('b', { notification_date: '2026-03-10T13:00:00Z' })],
      seen_notifications: [
        notification('c', {
          notification_status: 'Seen',
          notification_date: '2026-03-09T10:00:00Z',
        }),
      ],
      new_requests_notifications: [
        notification('a', { notification_type: 'Requested', appointment_status: 'Pending' }),
      ],
      seen_requests_notifications: [],
    };
    const items = panelItems(all);
    expect(items.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(unseenIds(items)).toEqual(['a', 'b']);
    expect(unseenRequestIds(all)).toEqual(['a']);
    const seen = markedSeen(items, ['a', 'b']);
    expect(seen.map((n) => n.notification_status)).toEqual(['Seen', 'Seen', 'Seen']);
    expect(unseenIds(seen)).toEqual([]);
  });

  it('puts a pushed notification on top as New, once', () => {
    const listed = [notification('a', { notification_status: 'Seen' })];
    const added = withAdded(listed, notification('z', { notification_status: 'Seen' }));
    expect(added.map((n) => [n.id, n.notification_status])).toEqual([
      ['z', 'New'],
      ['a', 'Seen'],
    ]);
    expect(withAdded(added, notification('z')).map((n) => n.id)).toEqual(['z', 'a']);
  });

  it("tells the event's own sentence: who did what, with whom, for when", () => {
    expect(sentence(notification('a'))).toBe(
      'Rosa Diaz booked an appointment with Maya Chen for Thu, Mar 12, 10:30 AM',
    );
    expect(
      sentence(
        notification('b', {
          notification_type: 'Requested',
          provider_name: null,
          resource_name: 'Lab 2',
        }),
      ),
    ).toBe('Rosa Diaz requested an appointment with Lab 2 for Thu, Mar 12, 10:30 AM');
    // The desk acting for the patient: by role and name, and whose appointment it was.
    const desk = { user_id: 's1', role: 'Staff', name: 'Sam Roe' };
    expect(
      sentence(
        notification('c', {
          notification_type: 'Canceled',
          appointment_status: 'Canceled',
          actor: desk,
        }),
      ),
    ).toBe(
      "Front desk (Sam Roe) canceled Rosa Diaz's appointment with Maya Chen on Thu, Mar 12, 10:30 AM",
    );
    expect(sentence(notification('d', { actor: desk }))).toBe(
      'Front desk (Sam Roe) booked an appointment for Rosa Diaz with Maya Chen for Thu, Mar 12, 10:30 AM',
    );
    expect(
      sentence(
        notification('e', {
          notification_type: 'Rescheduled',
          from_start_date: '2026-03-11T13:00:00Z',
        }),
      ),
    ).toBe(
      'Rosa Diaz moved their appointment with Maya Chen from Wed, Mar 11, 9:00 AM to Thu, Mar 12, 10:30 AM',
    );
    // The status the appointment has now is not part of the sentence.
    expect(sentence(notification('f', { appointment_status: 'Canceled' }))).not.toMatch(/Canceled/);
  });

  it('names actors by role: the desk, admins, providers, support and the system', () => {
    const as = (role: string, name: string | null = 'Kim Park') =>
      actorLabel(notification('a', { actor: { user_id: 'u', role, name } }));
    expect(as('Staff')).toBe('Front desk (Kim Park)');
    expect(as('PracticeAdmin')).toBe('Practice admin (Kim Park)');
    expect(as('Provider')).toBe('Kim Park');
    expect(as('SupportAgent')).toBe('Support (Kim Park)');
    expect(as('System', null)).toBe('The system');
    expect(as('Staff', null)).toBe('Front desk');
    // Older notifications kept no actor: the patient is the subject.
    expect(actorLabel(notification('b', { actor: null }))).toBe('Rosa Diaz');
    expect(
      actorLabel(
        notification('c', { actor: null, patient_name: { first_name: null, last_name: null } }),
      ),
    ).toBe('A patient');
  });

  it("opens the appointment on the schedule's day of the visit, in its zone", () => {
    expect(
      appointmentLink(notification('a', { appointment_start_date: '2026-03-13T03:30:00Z' })),
    ).toBe('/practice/schedule?date=2026-03-12&appointment=a-a');
  });
});

describe('NotificationPanel', () => {
  it('renders each item with its dot, age and date, and closes from the cross', () => {
    const onClose = jest.fn();
    render(
      <NotificationPanel
        items={[
          notification('a', { notification_date: now.minus({ hours: 3 }).toISO()! }),
          notification('b', {
            notification_status: 'Seen',
            appointment_status: 'Canceled',
            notification_type: 'Canceled',
            notification_date: now.minus({ days: 2 }).toISO()!,
          }),
        ]}
        now={now}
        onClose={onClose}
      />,
    );
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((i) => i.dataset.dot)).toEqual(['online', 'offline']);
    expect(items.map((i) => i.dataset.status)).toEqual(['New', 'Seen']);
    expect(within(items[0]!).getByTestId('notification-age').textContent).toBe('3h ago');
    expect(within(items[1]!).getByTestId('notification-age').textContent).toBe('2d ago');
    expect(within(items[1]!).getByText(/canceled their appointment with Maya Chen/)).toBeTruthy();
    expect(within(items[0]!).getByText(panelDate(now.minus({ hours: 3 }).toISO()!))).toBeTruthy();
    expect(getComputedStyle(screen.getByTestId('notification-panel')).width).toBe('350px');
    fireEvent.click(screen.getByRole('button', { name: 'Close notifications' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('works by keyboard: the first item takes the focus, arrows move, Enter opens it', async () => {
    const onOpen = jest.fn();
    render(
      <NotificationPanel
        items={[notification('a'), notification('b', { notification_type: 'Canceled' })]}
        now={now}
        onClose={() => undefined}
        onOpen={onOpen}
      />,
    );
    const items = screen.getAllByRole('menuitem');
    expect(screen.getByRole('menu', { name: 'Notifications' })).toBeTruthy();
    expect(items[0]!.textContent).toMatch(/^RDRosa Diaz booked an appointment/);
    expect(document.activeElement).toBe(items[0]);
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[0]);
    await user.click(items[0]!);
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a' }));
  });

  it('says when the week brought nothing', () => {
    render(<NotificationPanel items={[]} now={now} onClose={() => undefined} />);
    expect(screen.getByText('No notifications in the last 7 days.')).toBeTruthy();
  });
});

describe('the bell in Spanish', () => {
  beforeAll(() => setLanguage('es'));
  afterAll(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it("tells the event's own sentence in Spanish, with Spanish dates in the visit's zone", () => {
    expect(visitWhen('2026-03-12T14:30:00Z', 'America/New_York')).toBe('jue, 12 mar, 10:30');
    expect(sentence(notification('a'))).toBe(
      'Rosa Diaz reservó una cita con Maya Chen para el jue, 12 mar, 10:30',
    );
    const desk = { user_id: 's1', role: 'Staff', name: 'Sam Roe' };
    expect(
      sentence(
        notification('b', {
          notification_type: 'Requested',
          provider_name: null,
          resource_name: 'Lab 2',
          actor: desk,
        }),
      ),
    ).toBe(
      'Recepción (Sam Roe) solicitó una cita a nombre de Rosa Diaz con Lab 2 para el jue, 12 mar, 10:30',
    );
    expect(sentence(notification('c', { notification_type: 'Canceled', actor: desk }))).toBe(
      'Recepción (Sam Roe) canceló la cita de Rosa Diaz con Maya Chen del jue, 12 mar, 10:30',
    );
    expect(
      sentence(
        notification('d', {
          notification_type: 'Rescheduled',
          from_start_date: '2026-03-11T13:00:00Z',
        }),
      ),
    ).toBe('Rosa Diaz cambió su cita con Maya Chen del mié, 11 mar, 9:00 al jue, 12 mar, 10:30');
    expect(
      sentence(notification('e', { notification_type: 'Canceled', provider_name: null })),
    ).toBe('Rosa Diaz canceló su cita del jue, 12 mar, 10:30');
  });

  it('names actors, ages and dates in Spanish', () => {
    const as = (role: string, name: string | null = 'Kim Park') =>
      actorLabel(notification('a', { actor: { user_id: 'u', role, name } }));
    expect(as('PracticeAdmin')).toBe('Administrador del consultorio (Kim Park)');
    expect(as('SupportAgent', null)).toBe('Soporte');
    expect(as('System', null)).toBe('El sistema');
    expect(
      actorLabel(
        notification('b', { actor: null, patient_name: { first_name: null, last_name: null } }),
      ),
    ).toBe('Un paciente');
    const ago = (duration: object) => relativeAge(now.minus(duration).toISO()!, now);
    expect(ago({ seconds: 30 })).toBe('Ahora mismo');
    expect(ago({ minutes: 5 })).toBe('hace 5 min');
    expect(ago({ hours: 3 })).toBe('hace 3 h');
    expect(ago({ days: 2 })).toBe('hace 2 d');
    expect(panelDate('2026-03-12T14:30:00Z', 'America/New_York')).toMatch(/^12 de marzo/);
  });

  it('renders the panel in Spanish', () => {
    render(
      <NotificationPanel
        items={[notification('a', { notification_date: now.minus({ hours: 3 }).toISO()! })]}
        now={now}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('menu', { name: 'Notificaciones' })).toBeTruthy();
    expect(screen.getByTestId('notification-sentence').textContent).toBe(
      'Rosa Diaz reservó una cita con Maya Chen para el jue, 12 mar, 10:30',
    );
    expect(screen.getByTestId('notification-age').textContent).toBe('hace 3 h');
    expect(screen.getByRole('button', { name: 'Cerrar las notificaciones' })).toBeTruthy();
  });
});
