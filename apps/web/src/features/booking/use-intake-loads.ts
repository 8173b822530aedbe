import { useCallback } from 'react';
import { bookingApi } from './api/booking-api';

/** What the intake stages read: the calendar's forms, the patient's details, the plans. */
export function useIntakeLoads(
  calendarId: string,
  intakePatientId: string | null,
  insuranceName: string,
) {
  const loadForms = useCallback(() => bookingApi.customForms(calendarId), [calendarId]);
  const loadDemographics = useCallback(async () => {
    const [races, ethnicities, languages, states, current] = await Promise.all([
      bookingApi.races(),
      bookingApi.ethnicities(),
      bookingApi.languages(),
      bookingApi.states(),
      intakePatientId ? bookingApi.demographics(intakePatientId) : Promise.resolve(null),
    ]);
    return { lists: { races, ethnicities, languages, states }, current };
  }, [intakePatientId]);
  const loadPlans = useCallback(async () => {
    const all = await bookingApi.insurances();
    const chosen = all.find((item) => item.name === insuranceName);
    return chosen ? bookingApi.insurancePlans(chosen.id) : [];
  }, [insuranceName]);
  return { loadForms, loadDemographics, loadPlans };
}
