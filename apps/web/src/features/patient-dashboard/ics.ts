import { type AppointmentView, appointmentCode } from '@medbook/contracts';
import { postalAddress } from './appointment-sections';

/**
 * An iCalendar file (RFC 5545) with one event: what "Add to calendar" downloads. Times are UTC
 * (the `Z` form, so any calendar shows them in its own zone), text values are escaped (backslash,
 * semicolon, comma, newline) and lines longer than 75 octets are folded, all with CRLF endings.
 */
export interface CalendarEvent {
  /** Unique and stable: the same visit downloaded twice updates one event, not two. */
  readonly uid: string;
  readonly start: string;
  readonly end: string;
  readonly summary: string;
  readonly description?: string;
  readonly location?: string;
  readonly url?: string;
  /** When the file was made (DTSTAMP). */
  readonly stamp: Date;
}

/** 20260310T150000Z */
export function icsTime(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT values: backslash, semicolon and comma escaped; any line break becomes `\n`. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** A content line folded at 75 octets, never inside a character (continuations start with a space). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function icsEvent(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Medbook//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Hands the file to the browser as a download named `fileName`. */
export function downloadIcs(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One visit as a calendar event: who, where (or that it is a video visit), the code and a way back. */
export function visitEvent(
  a: AppointmentView,
  origin: string,
  stamp: Date,
): CalendarEvent & { readonly fileName: string } {
  const provider = a.provider_name ?? a.resource_name ?? 'your provider';
  const video = a.visit_type === 'Telehealth';
  const place = video ? null : [a.facility_name, postalAddress(a)].filter(Boolean).join(', ');
  const description = [
    video ? 'Video visit: join from your Medbook dashboard.' : null,
    a.reason ? `Reason: ${a.reason}` : null,
    `Code: ${appointmentCode(a.appointment_id)}`,
    `Manage this appointment: ${origin}/dashboard/patient`,
  ].filter(Boolean);
  return {
    uid: `${a.appointment_id}@medbook`,
    start: a.start_date,
    end: a.end_date,
    summary: `${video ? 'Video visit' : 'Appointment'} with ${provider}`,
    description: description.join('\n'),
    ...(place ? { location: place } : {}),
    url: `${origin}/dashboard/patient`,
    stamp,
    fileName: `appointment-${appointmentCode(a.appointment_id)}.ics`,
  };
}
