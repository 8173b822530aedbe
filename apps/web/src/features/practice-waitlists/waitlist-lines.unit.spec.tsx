import type { DayView, WaitlistItemView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { setLanguage } from '../../shared/i18n';
import { freeSlots, linesOf, offerLabel, patientDetails, patientLabel } from './waitlist-lines';

const item = (calendar: string, position: number, change: Partial<WaitlistItemView> = {}) =>
  ({
    calendar_id: calendar,
    patient_id: `${calendar}-${position}`,
    position,
    calendar_name: calendar === 'c1' ? 'Dr Kim' : 'Lab 2',
    time_zone: 'America/New_York',
    offer: null,
    ...change,
  }) as WaitlistItemView;

const openOffer = {
  offer_id: 'o',
  calendar_id: 'c1',
  patient_id: 'p',
  start_date: '2026-12-03T14:30:00Z',
  hold_id: 'h',
  expires_at: '2026-11-25T20:15:00Z',
  status: 'Offered' as const,
  offered_at: '2026-11-25T20:00:00Z',
  appointment_id: null,
};

describe('practice waitlists', () => {
  it('groups the items by calendar, named alphabetically, each line in its order', () => {
    const lines = linesOf([item('c1', 2), item('c2', 1), item('c1', 1)]);
    expect(lines.map((l) => [l.name, l.items.map((i) => i.position)])).toEqual([
      ['Dr Kim', [1, 2]],
      ['Lab 2', [1]],
    ]);
  });

  it('tells an open offer with its slot and until when it is held, in the calendar zone', () => {
    const offer = {
      offer_id: 'o',
      calendar_id: 'c1',
      patient_id: 'p',
      start_date: '2026-12-03T14:30:00Z',
      hold_id: 'h',
      expires_at: '2026-11-25T20:15:00Z',
      status: 'Offered' as const,
      offered_at: '2026-11-25T20:00:00Z',
      appointment_id: null,
    };
    expect(offerLabel(offer, 'America/New_York')).toBe(
      'Offered Thu, Dec 3, 9:30 AM, held until 3:15 PM',
    );
    expect(offerLabel({ ...offer, status: 'Expired' }, 'America/New_York')).toBeNull();
    expect(offerLabel(null, null)).toBeNull();
  });

  it('offers only free slots that have not begun', () => {
    const now = DateTime.fromISO('2026-12-03T15:00:00Z');
    const slot = (start: string, free: number) => ({
      id: start,
      calendar_id: 'c1',
      start_date: start,
      end_date: start,
      booking_capacity: free,
      is_available: free > 0,
    });
    const days: DayView[] = [
      {
        day: '2026-12-03',
        calendar_id: 'c1',
        time_slots: [
          slot('2026-12-03T14:30:00Z', 1),
          slot('2026-12-03T15:30:00Z', 0),
          slot('2026-12-03T16:00:00Z', 2),
        ],
      },
      { day: '2026-12-04', calendar_id: 'c1', time_slots: [slot('2026-12-04T14:00:00Z', 0)] },
    ];
    expect(freeSlots(days, now).map((d) => d.time_slots.map((s) => s.start_date))).toEqual([
      ['2026-12-03T16:00:00Z'],
    ]);
  });

  it('tells patients apart by birth date and phone', () => {
    expect(
      patientDetails(
        item('c1', 1, { patient_birth_date: '1980-02-03', patient_phone: '5551234567' }),
      ),
    ).toBe('Born 02/03/1980 · 5551234567');
    expect(patientDetails(item('c1', 1))).toBe('');
  });
});

describe('practice waitlists in Spanish', () => {
  beforeAll(() => setLanguage('es'));
  afterAll(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('tells an open offer, a birth date and the unnamed in Spanish', () => {
    expect(offerLabel(openOffer, 'America/New_York')).toBe(
      'Ofrecido: jue, 3 dic, 9:30, reservado hasta las 15:15',
    );
    expect(
      patientDetails(
        item('c1', 1, { patient_birth_date: '1980-02-03', patient_phone: '5551234567' }),
      ),
    ).toBe('Nacido/a el 03/02/1980 · 5551234567');
    expect(patientLabel(item('c1', 1, { patient_name: null }))).toBe('Paciente sin nombre');
    expect(linesOf([item('c1', 1, { calendar_name: null })]).map((l) => l.name)).toEqual([
      'Calendario sin nombre',
    ]);
  });
});
