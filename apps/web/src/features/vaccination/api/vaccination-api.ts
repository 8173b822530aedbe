import type {
  CommandAccepted,
  FamilyPassportView,
  PassportVerificationView,
  RecordVaccinationDto,
  VaccinationPassportView,
  VaccinationView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

/** The signed-in patient and their family members, each with a passport or none. */
export const familyPassports = (patientId: string, minPosition?: number) =>
  api<FamilyPassportView[]>(
    'GET',
    `/patients/${patientId}/vaccination-passports${minPosition ? `?min_position=${minPosition}` : ''}`,
  );

export const passportOf = (patientId: string) =>
  api<VaccinationPassportView | null>('GET', `/patients/${patientId}/vaccination-passport`);

/** The passport's link to its holder's account email (the patient's, or the guardian's). */
export const emailPassportLink = (patientId: string) =>
  api<null>('POST', `/patients/${patientId}/vaccination-passport/email-link`, {});

/** Anyone may ask; the answer says whether the passport is genuine. */
export const verifyPassport = (patientId: string, token: string) =>
  api<PassportVerificationView>('POST', '/vaccination-passports/verification', {
    patient_id: patientId,
    token,
  });

/** A patient's doses (null: no record), for the practice's recording page. */
export const vaccinationsOf = (patientId: string, minPosition?: number) =>
  api<VaccinationView[] | null>(
    'GET',
    `/patients/${patientId}/vaccinations${minPosition ? `?min_position=${minPosition}` : ''}`,
  );

export const recordVaccination = (
  practiceId: string,
  patientId: string,
  dose: RecordVaccinationDto,
) =>
  api<CommandAccepted>('POST', `/practices/${practiceId}/patients/${patientId}/vaccinations`, dose);

/** The spec's logout before the passport flow: the session ends, whatever the server says. */
export const logOutQuietly = () => api<null>('POST', '/auth/logout').catch(() => null);
