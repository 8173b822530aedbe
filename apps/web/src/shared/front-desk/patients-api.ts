import type {
  PatientRegistered,
  PatientSearchResult,
  RegisterPatientDto,
} from '@medbook/contracts';
import { api } from '../api-client';

const enc = encodeURIComponent;

/** The desk's patient calls: find a patient of the practice, or register a new one. */
export const patientsApi = {
  search: (practiceId: string, q: string) =>
    api<PatientSearchResult>('GET', `/practices/${enc(practiceId)}/patients?q=${enc(q)}`),
  register: (practiceId: string, body: RegisterPatientDto) =>
    api<PatientRegistered>('POST', `/practices/${enc(practiceId)}/patients`, body),
};
