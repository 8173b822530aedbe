import type {
  CheckInFileType,
  DigitalCheckInSettings,
  InsuranceCardSide,
  SignatureKind,
} from '@medbook/contracts';

/** A provider's digital check-in settings: one stream per provider. */
export const dciSettingsStreamId = (providerId: string): string => `dci-settings-${providerId}`;
/** A practice's consent document, all its versions. */
export const consentStreamId = (consentId: string): string => `consent-${consentId}`;
/** One appointment's digital check-in (consents signed, copay, cards, forms). */
export const checkInStreamId = (appointmentId: string): string =>
  `digital-check-in-${appointmentId}`;

export interface DigitalCheckInSettingsChanged {
  type: 'DigitalCheckInSettingsChanged';
  data: {
    provider_id: string;
    practice_id: string;
    settings: DigitalCheckInSettings;
    changed_by: string;
    changed_at: string;
  };
}

export interface ConsentPublished {
  type: 'ConsentPublished';
  data: {
    consent_id: string;
    practice_id: string;
    title: string;
    text: string;
    version: number;
    required: boolean;
    published_by: string;
    published_at: string;
  };
}

export interface SignatureFile {
  readonly file_id: string;
  readonly sha256: string;
  readonly size: number;
}

interface CheckInEventBase {
  appointment_id: string;
  practice_id: string;
}

export type CheckInEvent =
  | {
      type: 'ConsentSigned';
      data: CheckInEventBase & {
        patient_id: string;
        consent_id: string;
        version: number;
        kind: SignatureKind;
        typed_name: string | null;
        signature_file: SignatureFile | null;
        signed_by: string;
        signed_at: string;
      };
    }
  | {
      type: 'ConsentSignatureDeleted';
      data: CheckInEventBase & {
        consent_id: string;
        version: number;
        deleted_by: string;
        deleted_at: string;
      };
    }
  | {
      type: 'CopayPaid';
      data: CheckInEventBase & {
        payment_id: string;
        amount: number;
        total: number;
        paid_by: string;
        paid_at: string;
      };
    }
  | {
      type: 'InsuranceCardUploaded';
      data: CheckInEventBase & {
        patient_id: string;
        side: InsuranceCardSide;
        file_id: string;
        content_type: CheckInFileType;
        size: number;
        sha256: string;
        uploaded_by: string;
        uploaded_at: string;
      };
    }
  | {
      type: 'CheckInFormsAnswered';
      data: CheckInEventBase & { screening_id: string; answered_by: string; answered_at: string };
    };

export const CHECK_IN_EVENT_TYPES = [
  'ConsentSigned',
  'ConsentSignatureDeleted',
  'CopayPaid',
  'InsuranceCardUploaded',
  'CheckInFormsAnswered',
] as const satisfies readonly CheckInEvent['type'][];
