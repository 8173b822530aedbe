import type { AppointmentView } from '@medbook/contracts';
import { foldLine, icsEvent, icsText, icsTime, visitEvent } from './ics';

const stamp = new Date('2026-03-01T12:00:00.000Z');

/** The file's lines with folding undone (RFC 5545 3.1: CRLF followed by one space). */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

describe('iCalendar file', () => {
  it('writes UTC times in the basic form', () => {
    expect(icsTime('2026-03-10T14:30:00-05:00')).toBe('20260310T193000Z');
    expect(icsTime('2026-03-10T19:30:00.250Z')).toBe('20260310T193000Z');
    expect(() => icsTime('not a date')).toThrow(RangeError);
  });

  it('escapes backslash, semicolon, comma and line breaks in text', () => {
    expect(icsText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const ascii = 'X'.repeat(200);
    const folded = foldLine(ascii);
    const parts = folded.split('\r\n');
    expect(parts[0]).toHaveLength(75);
    expect(parts.slice(1).every((p) => p.startsWith(' ') && p.length <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(ascii);

    // 2 and 4 octets a character (the emoji is a surrogate pair in JavaScript).
    const wide = `SUMMARY:${'é😀'.repeat(30)}`;
    const wideParts = foldLine(wide).split('\r\n');
    const octets = (s: string) => new TextEncoder().encode(s).length;
    expect(wideParts.length).toBeGreaterThan(2);
    expect(wideParts.every((p) => octets(p) <= 75)).toBe(true);
    // No part ends or starts inside a character: each is well formed on its own.
    expect(() => wideParts.forEach((p) => encodeURIComponent(p))).not.toThrow();
    expect(foldLine(wide).replace(/\r\n /g, '')).toBe(wide);
  });

  it('is one event in a calendar, CRLF throughout, with the required properties', () => {
    const file = icsEvent({
      uid: 'abc@medbook',
      start: '2026-03-10T14:00:00Z',
      end: '2026-03-10T14:30:00Z',
      summary: 'Appointment with Dr. Lee, MD',
      location: '100 Main St, New York, NY 10001',
      stamp,
    });
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfolded(file)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Medbook//Appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:abc@medbook',
      'DTSTAMP:20260301T120000Z',
      'DTSTART:20260310T140000Z',
      'DTEND:20260310T143000Z',
      'SUMMARY:Appointment with Dr. Lee\\, MD',
      'LOCATION:100 Main St\\, New York\\, NY 10001',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });
});

describe('a visit as an event', () => {
  const visit = {
    appointment_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    start_date: '2026-03-10T14:00:00Z',
    end_date: '2026-03-10T14:30:00Z',
    visit_type: 'Office',
    reason: 'Checkup; fasting',
    provider_name: 'Ann Lee',
    facility_name: 'Lakeside Clinic',
    facility_address: { address1: '100 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
    time_zone: 'America/New_York',
  } as AppointmentView;

  it('names the provider, the place and a way back to the dashboard', () => {
    const event = visitEvent(visit, 'https://medbook.example', stamp);
    expect(event).toMatchObject({
      uid: '7c9e6679-7425-40de-944b-e07fc1f90ae7@medbook',
      start: visit.start_date,
      end: visit.end_date,
      summary: 'Appointment with Ann Lee',
      location: 'Lakeside Clinic, 100 Main St, New York, NY 10001',
      url: 'https://medbook.example/dashboard/patient',
    });
    expect(event.fileName).toMatch(/^appointment-.+\.ics$/);
    const lines = unfolded(icsEvent(event));
    expect(lines).toContain('LOCATION:Lakeside Clinic\\, 100 Main St\\, New York\\, NY 10001');
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toContain(
      'Reason: Checkup\\; fasting\\nCode: ',
    );
  });

  it('has no place for a video visit', () => {
    const event = visitEvent({ ...visit, visit_type: 'Telehealth' }, 'https://m.example', stamp);
    expect(event.summary).toBe('Video visit with Ann Lee');
    expect(event.location).toBeUndefined();
  });
});
