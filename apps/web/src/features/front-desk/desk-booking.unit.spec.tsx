import { DateTime } from 'luxon';
import { namesFromSearch, patientDetails } from '../../shared/front-desk/patient-text';
import { NO_REASON, reasonText } from '../../shared/front-desk/visit-reason-fields';
import { bookedHeadline, slotTaken } from './desk-booking-outcome';
import { slotText } from './desk-time';

describe("the desk's booking outcomes", () => {
  it('reads a taken slot as the wizard does, and other failures as they are', () => {
    expect(
      slotTaken(409, 'Please choose a different time slot as this one is no longer available.'),
    ).toBe(true);
    expect(slotTaken(409, 'calendar timeslot is not available')).toBe(true);
    expect(slotTaken(400, 'not available')).toBe(false);
    expect(slotTaken(404, 'This patient does not exist.')).toBe(false);
  });

  it("tells a request from a booking in the spec's words", () => {
    expect(bookedHeadline('Pending')).toBe('Appointment request sent!');
    expect(bookedHeadline('Scheduled')).toBe('Appointment booked successfully.');
  });
});

describe('what the desk types and reads', () => {
  it('prefills a new patient from the search text', () => {
    expect(namesFromSearch('rosa delgado')).toEqual({ first_name: 'Rosa', last_name: 'Delgado' });
    expect(namesFromSearch('maría de la cruz')).toEqual({
      first_name: 'María',
      last_name: 'De La Cruz',
    });
    expect(namesFromSearch('555 201')).toEqual({ first_name: '', last_name: '' });
  });

  it('shows birth date and phone, or says they are not on file', () => {
    const patient = {
      patient_id: 'p',
      first_name: 'Ada',
      last_name: 'Lovelace',
      birth_date: '1990-12-10',
      mobile_number: '(555) 201-7788',
      email: null,
      account_holder: null,
      known_to_practice: true,
    };
    expect(patientDetails(patient)).toBe('Born 12/10/1990 · (555) 201-7788');
    expect(patientDetails({ ...patient, birth_date: null, mobile_number: null })).toBe(
      'Birth date not on file · No phone on file',
    );
  });

  it("joins the calendar's reason and the details into the booking's one reason", () => {
    expect(reasonText({ title: 'Sore throat', details: ' Since Monday ' })).toBe(
      'Sore throat — Since Monday',
    );
    expect(reasonText(NO_REASON)).toBe('');
    expect(reasonText({ title: '', details: 'x'.repeat(300) })).toHaveLength(200);
  });

  it("writes a slot's time in the facility's zone, Today and Tomorrow with their date", () => {
    const now = DateTime.fromISO('2026-11-25T15:00:00Z') as DateTime<true>;
    expect(slotText('2026-11-25T20:00:00Z', 'America/New_York', now)).toBe(
      'Today, Wed, Nov 25 · 3:00 PM',
    );
    expect(slotText('2026-11-26T14:30:00Z', 'America/New_York', now)).toBe(
      'Tomorrow, Thu, Nov 26 · 9:30 AM',
    );
    expect(slotText('2026-11-30T14:30:00Z', 'America/New_York', now)).toBe('Mon, Nov 30 · 9:30 AM');
  });
});
