import {
  type CardDto,
  type CheckInSummaryView,
  type ConsentDocumentView,
  type CustomFormView,
  type DirectoryEntryView,
  DIGITAL_CHECK_IN_MESSAGES,
  type DigitalCheckInSettings,
  type DigitalCheckInSettingsView,
  type DigitalCheckInView,
  type EmergencyContactDto,
  type Envelope,
  type MedicalHistoryDto,
  type PatientDigitalCheckInsView,
  type PreferredPharmacyDto,
  type SkippableStep,
  type InsuranceCardSide,
  MAX_CHECK_IN_FILE_BYTES,
  type PaymentView,
  type SignatureKind,
} from '@medbook/contracts';
import { api, ApiError } from '../../../shared/api-client';
import { userAccessToken } from '../../../shared/session';

const enc = encodeURIComponent;
const at = (position?: number) => (position ? `min_position=${position}` : '');

export const digitalCheckInApi = {
  settings: (providerId: string) =>
    api<DigitalCheckInSettingsView>(
      'GET',
      `/providers/${enc(providerId)}/digital-check-in-settings`,
    ),
  saveSettings: (providerId: string, settings: Partial<DigitalCheckInSettings>) =>
    api<DigitalCheckInSettingsView>(
      'PUT',
      `/providers/${enc(providerId)}/digital-check-in-settings`,
      settings,
    ),
  consents: (practiceId: string, position?: number) =>
    api<ConsentDocumentView[]>(
      'GET',
      `/practices/${enc(practiceId)}/consents${position ? `?${at(position)}` : ''}`,
    ),
  saveConsent: (
    practiceId: string,
    consentId: string | null,
    body: { title: string; text: string; required: boolean },
  ) =>
    api<ConsentDocumentView & { position: number }>(
      consentId ? 'PUT' : 'POST',
      `/practices/${enc(practiceId)}/consents${consentId ? `/${enc(consentId)}` : ''}`,
      body,
    ),
  view: (appointmentId: string, position?: number) =>
    api<DigitalCheckInView>(
      'GET',
      `/appointments/${enc(appointmentId)}/digital-check-in${position ? `?${at(position)}` : ''}`,
    ),
  sign: (
    appointmentId: string,
    consentId: string,
    body: { version: number; kind: SignatureKind; typed_name?: string; drawn_png?: string },
  ) =>
    api<{ position: number }>(
      'POST',
      `/appointments/${enc(appointmentId)}/consents/${enc(consentId)}/signature`,
      body,
    ),
  unsign: (appointmentId: string, consentId: string) =>
    api<{ position: number }>(
      'DELETE',
      `/appointments/${enc(appointmentId)}/consents/${enc(consentId)}/signature`,
    ),
  payCopay: (appointmentId: string, amount: number, card: CardDto, commandId: string) =>
    api<PaymentView>('POST', `/appointments/${enc(appointmentId)}/copay`, {
      amount,
      card,
      command_id: commandId,
    }),
  customForms: (calendarId: string) =>
    api<CustomFormView[]>('GET', `/calendars/${enc(calendarId)}/custom-forms`),
  submitScreening: (
    calendarId: string,
    body: { patient_id: string; form_id: string; answers: Record<string, string> },
  ) => api<{ screening_id: string }>('POST', `/calendars/${enc(calendarId)}/screening`, body),
  formsAnswered: (appointmentId: string, screeningId: string) =>
    api<{ position: number }>('POST', `/appointments/${enc(appointmentId)}/check-in-forms`, {
      screening_id: screeningId,
    }),
  /** "I have arrived": the existing check-in of the appointment. */
  arrive: (appointmentId: string) =>
    api<{ position: number }>('PUT', `/appointments/${enc(appointmentId)}/check-in`, {}),
  /** "I have arrived": checked in, or waiting for the practice when staff approve entry. */
  announceArrival: (appointmentId: string) =>
    api<{ position: number; status: string; awaiting_entry: boolean }>(
      'POST',
      `/appointments/${enc(appointmentId)}/arrival`,
      {},
    ),
  /** Staff: the patient may come in (they are told the provider's ready text). */
  markReady: (appointmentId: string) =>
    api<{ position: number }>('POST', `/appointments/${enc(appointmentId)}/ready`, {}),
  emergencyContact: (appointmentId: string, body: EmergencyContactDto) =>
    api<{ position: number }>('PUT', `/appointments/${enc(appointmentId)}/emergency-contact`, body),
  pharmacy: (appointmentId: string, body: PreferredPharmacyDto) =>
    api<{ position: number }>(
      'PUT',
      `/appointments/${enc(appointmentId)}/preferred-pharmacy`,
      body,
    ),
  medicalHistory: (appointmentId: string, body: MedicalHistoryDto) =>
    api<{ position: number }>('PUT', `/appointments/${enc(appointmentId)}/medical-history`, body),
  skip: (appointmentId: string, step: SkippableStep) =>
    api<{ position: number }>(
      'POST',
      `/appointments/${enc(appointmentId)}/check-in-steps/${enc(step)}/skip`,
      {},
    ),
  /** The practice: the outstanding balance and deductible collected at check-in. */
  setCharges: (appointmentId: string, body: { outstanding_balance: number; deductible: number }) =>
    api<{ position: number }>('PUT', `/appointments/${enc(appointmentId)}/check-in-charges`, body),
  /** The appointment goes to the check-in vendor; `check-in.added` brings its address. */
  toVendor: (appointmentId: string, redirectUri: string) =>
    api<{ position: number }>(
      'POST',
      `/appointments/${enc(appointmentId)}/digital-check-in/vendor`,
      {
        redirect_uri: redirectUri,
      },
    ),
  /** The patient's (and family's) upcoming visits whose provider has digital check-in on. */
  upcoming: (patientId: string, position?: number) =>
    api<PatientDigitalCheckInsView>(
      'GET',
      `/patients/${enc(patientId)}/digital-check-ins${position ? `?${at(position)}` : ''}`,
    ),
  cancel: (appointmentId: string, reason: string) =>
    api<{ position: number }>(
      'DELETE',
      `/appointments/${enc(appointmentId)}`,
      reason ? { reason } : {},
    ),
  summary: (practiceId: string, date: string, position?: number) =>
    api<CheckInSummaryView>(
      'GET',
      `/practices/${enc(practiceId)}/check-in-summary?date=${enc(date)}${position ? `&${at(position)}` : ''}`,
    ),
};

/**
 * Sends a card photo as the request's body (its own type). Too large is refused here first; a
 * proxy's or the server's 413 (or the API's 400 for a body beyond its limit) reads the same.
 */
export function uploadInsuranceCard(
  appointmentId: string,
  side: InsuranceCardSide,
  file: File,
): Promise<{ file_id: string; position: number }> {
  return uploadCheckInFile(`/appointments/${enc(appointmentId)}/insurance-card/${side}`, file);
}

/** A photo of a government-issued ID, sent like the insurance card. */
export function uploadGovernmentId(
  appointmentId: string,
  file: File,
): Promise<{ file_id: string; position: number }> {
  return uploadCheckInFile(`/appointments/${enc(appointmentId)}/government-id`, file);
}

async function uploadCheckInFile(
  path: string,
  file: File,
): Promise<{ file_id: string; position: number }> {
  if (file.size > MAX_CHECK_IN_FILE_BYTES)
    throw new ApiError(400, DIGITAL_CHECK_IN_MESSAGES.fileTooLarge, null);
  const token = await userAccessToken();
  const response = await fetch(`/api/v1${path}`, {
    method: 'PUT',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  if (response.status === 413)
    throw new ApiError(413, DIGITAL_CHECK_IN_MESSAGES.fileTooLarge, null);
  const envelope = (await response.json().catch(() => null)) as Envelope<{
    file_id: string;
    position: number;
  }> | null;
  if (!response.ok || !envelope) {
    const reason = (envelope?.data as { reason?: string } | null)?.reason;
    const message =
      reason === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? DIGITAL_CHECK_IN_MESSAGES.fileTooLarge
        : reason === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? DIGITAL_CHECK_IN_MESSAGES.fileType
          : (envelope?.message ?? response.statusText);
    throw new ApiError(response.status, message, envelope?.data);
  }
  return envelope.data;
}

/** The practice's providers (its directory), for the settings' provider choice. */
export const practiceProviders = (practiceId: string) =>
  api<DirectoryEntryView[]>('GET', `/practices/${enc(practiceId)}/providers`);
