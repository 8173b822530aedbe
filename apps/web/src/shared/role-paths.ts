import type { UserType } from '@medbook/contracts';

// Addresses of pages several features link to: the header, the workspace's navigation and the
// pages themselves agree on them here.

export const PRACTICE_REPORTS_PATH = '/practice-admin/reports/analytics';
export const PRACTICE_SETTINGS_PATH = '/practice-admin/settings';

/** Spec 6: Reports for the practice's admins; ours: a provider gets their own visits' report. */
export function reportsPath(type: UserType, userId: string): string | null {
  if (type === 'PracticeAdmin') return PRACTICE_REPORTS_PATH;
  if (type === 'Provider') return `/providers/${userId}/reports/analytics`;
  return null;
}

/** Spec 6: Settings for providers, practice admins, patients and the financial super user. */
export function settingsPath(type: UserType, userId: string): string | null {
  switch (type) {
    case 'PracticeAdmin':
      return PRACTICE_SETTINGS_PATH;
    case 'Provider':
      return `/providers/${userId}/settings`;
    case 'Patient':
      return '/patient/settings/edit';
    case 'FinancialSuperUser':
      return '/super-user/settings';
    case 'Staff':
    case 'SuperUser':
    case 'SupportAgent':
    case 'Guest':
      return null;
  }
}

/** A patient's page in the practice's workspace (header card, visits, audit link). */
export const patientPagePath = (patientId: string): string =>
  `/practice/patients/${encodeURIComponent(patientId)}`;

/** The audit page's query parameter for one patient's lines. */
export const AUDIT_PATIENT_PARAM = 'patient_id';

/** The practice's audit trail, filtered to one patient. */
export const patientAuditPath = (patientId: string): string =>
  `/practice-admin/audit?${AUDIT_PATIENT_PARAM}=${encodeURIComponent(patientId)}`;
