import { reviewAppointmentOf, reviewPath } from './review-paths';
import { surveysPathOf } from './components/surveys-route';

const ID = '0b6f1d8e-4a43-4c55-9d1f-2f8c5b7a9e10';

describe('review paths', () => {
  it('reads the patient-review variant’s appointment id, in either spelling', () => {
    expect(reviewAppointmentOf(new URLSearchParams(`appointmentId=${ID}`))).toBe(ID);
    expect(reviewAppointmentOf(new URLSearchParams(`appointment_id=${ID}`))).toBe(ID);
    expect(reviewAppointmentOf(new URLSearchParams(''))).toBeNull();
    expect(reviewAppointmentOf(new URLSearchParams('appointmentId=../../admin'))).toBeNull();
    expect(reviewPath(ID)).toBe(`/patient-review/appointments/${ID}`);
  });

  it('gives each practice role its own Surveys address and no one else one', () => {
    expect(surveysPathOf({ type: 'PracticeAdmin', id: 'a' })).toBe('/practice-admin/surveys');
    expect(surveysPathOf({ type: 'Provider', id: 'p1' })).toBe('/providers/p1/surveys');
    expect(surveysPathOf({ type: 'Staff', id: 's' })).toBe('/staff-member/surveys');
    expect(surveysPathOf({ type: 'Patient', id: 'x' })).toBeNull();
  });
});
