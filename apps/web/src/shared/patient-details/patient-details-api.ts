import type { FamilyMemberView, PatientDetailsView, UpdatePatientDto } from '@medbook/contracts';
import { api } from '../api-client';

const enc = encodeURIComponent;

/** What `PUT /patients/{id}` answers: the patient and the position to read the change at. */
export interface PatientDetailsSaved {
  readonly id: string;
  readonly position: number;
}

/**
 * A patient's details as the patient, their account holder or the practice's desk corrects
 * them: read, replaced (PUT: every field the form shows is sent), and the family list re-read.
 */
export const patientDetailsApi = {
  get: (patientId: string) => api<PatientDetailsView>('GET', `/patients/${enc(patientId)}`),
  save: (patientId: string, body: UpdatePatientDto) =>
    api<PatientDetailsSaved>('PUT', `/patients/${enc(patientId)}`, body),
  /** With `minPosition`, the list reflects that change (read your writes). */
  familyMembers: (patientId: string, minPosition?: number) =>
    // 204 (no record) when the patient has no family member yet.
    api<FamilyMemberView[] | null>(
      'GET',
      `/patients/${enc(patientId)}/family-members${minPosition ? `?min_position=${minPosition}` : ''}`,
    ).then((found) => found ?? []),
};
