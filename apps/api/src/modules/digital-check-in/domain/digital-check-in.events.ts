import type {
  CheckInFileType,
  DigitalCheckInSettings,
  EmergencyContactView,
  HistoryKind,
  InsuranceCardSide,
  PreferredPharmacyView,
  SignatureKind,
  SkippableStep,
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
    }
  /**
   * The patient said they are here. Without staff-approved entry the appointment's check-in is
   * appended with it; with it, the patient waits (awaiting_entry) until staff mark them ready.
   */
  | {
      type: 'PatientArrived';
      data: CheckInEventBase & {
        patient_id: string;
        awaiting_entry: boolean;
        /** The provider's arrival notification was on: the practice's pages alert their users. */
        notify_practice: boolean;
        arrived_by: string;
        arrived_at: string;
      };
    }
  /** Staff told the patient to come in, with the provider's ready_for_patient_text (or ours). */
  | {
      type: 'PatientMarkedReady';
      data: CheckInEventBase & {
        patient_id: string;
        text: string;
        /** A message went to the patient (the arrival notification was on). */
        notify_patient: boolean;
        marked_by: string;
        marked_at: string;
      };
    }
  | {
      type: 'EmergencyContactGiven';
      data: CheckInEventBase & {
        contact: EmergencyContactView;
        given_by: string;
        given_at: string;
      };
    }
  | {
      type: 'PreferredPharmacyGiven';
      data: CheckInEventBase & {
        pharmacy: PreferredPharmacyView;
        given_by: string;
        given_at: string;
      };
    }
  | {
      type: 'GovernmentIdUploaded';
      data: CheckInEventBase & {
        patient_id: string;
        file_id: string;
        content_type: CheckInFileType;
        size: number;
        sha256: string;
        uploaded_by: string;
        uploaded_at: string;
      };
    }
  | {
      type: 'CheckInStepSkipped';
      data: CheckInEventBase & { step: SkippableStep; skipped_by: string; skipped_at: string };
    }
  | {
      type: 'MedicalHistoryGiven';
      data: CheckInEventBase & {
        histories: Partial<Record<HistoryKind, string>>;
        given_by: string;
        given_at: string;
      };
    }
  /** The practice's word on what is due beyond the copay (outstanding balance, deductible). */
  | {
      type: 'CheckInChargesSet';
      data: CheckInEventBase & {
        outstanding_balance: number;
        deductible: number;
        set_by: string;
        set_at: string;
      };
    }
  /** The check-in vendor has the appointment: where the patient checks in with it. */
  | {
      type: 'VendorAppointmentAdded';
      data: CheckInEventBase & {
        external_id: string;
        check_in_url: string;
        added_by: string;
        added_at: string;
      };
    };

export const CHECK_IN_EVENT_TYPES = [
  'ConsentSigned',
  'ConsentSignatureDeleted',
  'CopayPaid',
  'InsuranceCardUploaded',
  'CheckInFormsAnswered',
  'PatientArrived',
  'PatientMarkedReady',
  'EmergencyContactGiven',
  'PreferredPharmacyGiven',
  'GovernmentIdUploaded',
  'CheckInStepSkipped',
  'MedicalHistoryGiven',
  'VendorAppointmentAdded',
  'CheckInChargesSet',
] as const satisfies readonly CheckInEvent['type'][];
