import type {
  PatientRegistered,
  PatientSearchResult,
  RegisterPatientDto,
} from '@medbook/contracts';
import { api } from '../api-client';

const enc = encodeURIComponent;

/** The desk's patient calls: find a patient of the practice, or register a new one. */
export const patientsApi = {
  /** With `minPosition`, the results reflect that change (read your writes). */
  search: (practiceId: string, q: string, minPosition?: number) =>
    api<PatientSearchResult>(
      'GET',
      `/practices/${enc(practiceId)}/patients?q=${enc(q)}${minPosition ? `&min_position=${minPosition}` : ''}`,
    ),
  register: (practiceId: string, body: RegisterPatientDto) =>
    api<PatientRegistered>('POST', `/practices/${enc(practiceId)}/patients`, body),
};
