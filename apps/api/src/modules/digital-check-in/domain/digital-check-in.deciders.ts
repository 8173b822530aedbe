import {
  type AmountsDue,
  amountsDue,
  DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
  DIGITAL_CHECK_IN_MESSAGES,
  type CheckInFileType,
  type DigitalCheckInSettings,
  type DigitalCheckInSettingsDto,
  type InsuranceCardSide,
  payableAmount,
  type SignatureKind,
} from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/domain-error';
import {
  decideStep,
  evolveStep,
  initialStepsState,
  type StepCommand,
  type StepsState,
} from './check-in-steps';
import type {
  CheckInEvent,
  ConsentPublished,
  DigitalCheckInSettingsChanged,
  SignatureFile,
} from './digital-check-in.events';

const M = DIGITAL_CHECK_IN_MESSAGES;

// ---------------------------------------------------------------- settings

export interface ChangeSettings {
  readonly provider_id: string;
  readonly practice_id: string;
  readonly patch: DigitalCheckInSettingsDto;
  readonly by: string;
  readonly now: Date;
}

/** The spec's defaults until the first change; a change names only the fields it sets. */
export const settingsDecider: Decider<
  ChangeSettings,
  DigitalCheckInSettingsChanged,
  DigitalCheckInSettings
> = {
  initialState: () => DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
  decide: (command, state) => {
    const next = { ...state };
    for (const key of Object.keys(
      DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
    ) as (keyof DigitalCheckInSettings)[]) {
      const value = command.patch[key];
      if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    const changed = (Object.keys(next) as (keyof DigitalCheckInSettings)[]).some(
      (key) => next[key] !== state[key],
    );
    if (!changed) return [];
    return [
      {
        type: 'DigitalCheckInSettingsChanged',
        data: {
          provider_id: command.provider_id,
          practice_id: command.practice_id,
          settings: next,
          changed_by: command.by,
          changed_at: command.now.toISOString(),
        },
      },
    ];
  },
  evolve: (_state, event) => ({ ...DEFAULT_DIGITAL_CHECK_IN_SETTINGS, ...event.data.settings }),
};

// ---------------------------------------------------------------- consent documents

export interface ConsentState {
  readonly consent_id: string;
  readonly practice_id: string;
  readonly title: string;
  readonly text: string;
  readonly version: number;
  readonly required: boolean;
  readonly updated_at: string;
}

export interface PublishConsent {
  readonly consent_id: string;
  readonly practice_id: string;
  readonly title: string;
  readonly text: string;
  readonly required: boolean;
  /** An update of an existing consent (404 when there is none); a creation otherwise. */
  readonly existing: boolean;
  readonly by: string;
  readonly now: Date;
}

/** A new text (or title) is a new version; the required flag alone changes the same version. */
export const consentDecider: Decider<PublishConsent, ConsentPublished, ConsentState | null> = {
  initialState: () => null,
  decide: (command, state) => {
    if (command.existing && (!state || state.practice_id !== command.practice_id)) {
      throw new NotFoundError(M.consentNotFound);
    }
    if (!command.existing && state) return [];
    const sameWords = state && state.title === command.title && state.text === command.text;
    if (sameWords && state.required === command.required) return [];
    return [
      {
        type: 'ConsentPublished',
        data: {
          consent_id: command.consent_id,
          practice_id: command.practice_id,
          title: command.title,
          text: command.text,
          version: state ? (sameWords ? state.version : state.version + 1) : 1,
          required: command.required,
          published_by: command.by,
          published_at: command.now.toISOString(),
        },
      },
    ];
  },
  evolve: (_state, { data }) => ({
    consent_id: data.consent_id,
    practice_id: data.practice_id,
    title: data.title,
    text: data.text,
    version: data.version,
    required: data.required,
    updated_at: data.published_at,
  }),
};

// ---------------------------------------------------------------- one appointment's check-in

export interface SignedConsent {
  readonly version: number;
  readonly kind: SignatureKind;
  readonly typed_name: string | null;
  readonly signature_file: SignatureFile | null;
  readonly signed_by: string;
  readonly signed_at: string;
}

export interface InsuranceCard {
  readonly file_id: string;
  readonly side: InsuranceCardSide;
  readonly content_type: CheckInFileType;
  readonly size: number;
  readonly sha256: string;
  readonly uploaded_at: string;
}

export interface CheckInState {
  readonly signed: Readonly<Record<string, SignedConsent>>;
  readonly copay: { readonly payment_id: string; readonly amount: number } | null;
  readonly cards: Readonly<Partial<Record<InsuranceCardSide, InsuranceCard>>>;
  readonly screening_id: string | null;
  /** Arrival, readiness, the information collected and the vendor's copy (check-in-steps). */
  readonly steps: StepsState;
}

/** What the command handler found before deciding: the appointment and the provider's settings. */
export interface Visit {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly patient_id: string;
  readonly settings: DigitalCheckInSettings;
}

export type CheckInCommand =
  | {
      readonly type: 'SignConsent';
      readonly visit: Visit;
      readonly consent: ConsentState;
      /** The version the patient read. */
      readonly version: number;
      readonly kind: SignatureKind;
      readonly typed_name: string | null;
      readonly signature_file: SignatureFile | null;
      readonly by: string;
      readonly now: Date;
    }
  | {
      readonly type: 'DeleteConsentSignature';
      readonly visit: Visit;
      readonly consent_id: string;
      readonly by: string;
      readonly now: Date;
    }
  | {
      readonly type: 'RecordCopay';
      readonly visit: Visit;
      readonly payment_id: string;
      readonly amount: number;
      readonly by: string;
      readonly now: Date;
    }
  | {
      readonly type: 'UploadInsuranceCard';
      readonly visit: Visit;
      readonly card: Omit<InsuranceCard, 'uploaded_at'>;
      readonly by: string;
      readonly now: Date;
    }
  | {
      readonly type: 'AnswerForms';
      readonly visit: Visit;
      readonly screening_id: string;
      readonly by: string;
      readonly now: Date;
    }
  | StepCommand;

export const initialCheckInState = (): CheckInState => ({
  signed: {},
  copay: null,
  cards: {},
  screening_id: null,
  steps: initialStepsState(),
});

/** What the check-in's payment collects now (copay, balance, deductible; see amountsDue). */
export const dueNow = (settings: DigitalCheckInSettings, state: CheckInState): AmountsDue =>
  amountsDue(settings, state.steps.charges);

function decideCheckIn(command: CheckInCommand, state: CheckInState): CheckInEvent[] {
  const { visit } = command;
  if (!visit.settings.digital_check_in_enabled) throw new InvalidError(M.notEnabled);
  const base = { appointment_id: visit.appointment_id, practice_id: visit.practice_id };
  const at = command.now.toISOString();
  switch (command.type) {
    case 'AnnounceArrival':
    case 'MarkReady':
    case 'GiveEmergencyContact':
    case 'GivePharmacy':
    case 'UploadGovernmentId':
    case 'SkipStep':
    case 'GiveMedicalHistory':
    case 'AddVendorAppointment':
    case 'SetCharges':
      return decideStep(command, state.steps);
    case 'SignConsent': {
      const { consent } = command;
      if (consent.practice_id !== visit.practice_id) throw new NotFoundError(M.consentNotFound);
      if (command.version !== consent.version) throw new ConflictError(M.consentVersionOld);
      const signed = state.signed[consent.consent_id];
      if (signed && signed.version === consent.version) {
        // The same signature again (a retry) writes nothing; another one is refused.
        if (signed.kind === command.kind && signed.signed_by === command.by) return [];
        throw new ConflictError(M.alreadySigned);
      }
      return [
        {
          type: 'ConsentSigned',
          data: {
            ...base,
            patient_id: visit.patient_id,
            consent_id: consent.consent_id,
            version: consent.version,
            kind: command.kind,
            typed_name: command.kind === 'typed' ? command.typed_name : null,
            signature_file: command.kind === 'drawn' ? command.signature_file : null,
            signed_by: command.by,
            signed_at: at,
          },
        },
      ];
    }
    case 'DeleteConsentSignature': {
      const signed = state.signed[command.consent_id];
      if (!signed) throw new NotFoundError(M.consentNotSigned);
      return [
        {
          type: 'ConsentSignatureDeleted',
          data: {
            ...base,
            consent_id: command.consent_id,
            version: signed.version,
            deleted_by: command.by,
            deleted_at: at,
          },
        },
      ];
    }
    case 'RecordCopay': {
      if (state.copay) {
        if (state.copay.payment_id === command.payment_id) return [];
        throw new ConflictError(M.copayAlreadyPaid);
      }
      const due = dueNow(visit.settings, state);
      if (due.total <= 0) throw new InvalidError(M.noCopay);
      if (!payableAmount(due, command.amount)) {
        // The whole due (the spec's copay), or with a partial payment a part of the rest.
        const message = due.minimum < due.total ? M.partialRange : M.copayMismatch;
        throw new InvalidError(message, { amount: 'Invalid' });
      }
      return [
        {
          type: 'CopayPaid',
          data: {
            ...base,
            payment_id: command.payment_id,
            amount: command.amount,
            total: due.total,
            paid_by: command.by,
            paid_at: at,
          },
        },
      ];
    }
    case 'UploadInsuranceCard': {
      const held = state.cards[command.card.side];
      if (held?.sha256 === command.card.sha256) return [];
      return [
        {
          type: 'InsuranceCardUploaded',
          data: {
            ...base,
            patient_id: visit.patient_id,
            ...command.card,
            uploaded_by: command.by,
            uploaded_at: at,
          },
        },
      ];
    }
    case 'AnswerForms': {
      if (state.screening_id === command.screening_id) return [];
      return [
        {
          type: 'CheckInFormsAnswered',
          data: {
            ...base,
            screening_id: command.screening_id,
            answered_by: command.by,
            answered_at: at,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

function evolveCheckIn(state: CheckInState, event: CheckInEvent): CheckInState {
  switch (event.type) {
    case 'ConsentSigned': {
      const d = event.data;
      return {
        ...state,
        signed: {
          ...state.signed,
          [d.consent_id]: {
            version: d.version,
            kind: d.kind,
            typed_name: d.typed_name,
            signature_file: d.signature_file,
            signed_by: d.signed_by,
            signed_at: d.signed_at,
          },
        },
      };
    }
    case 'ConsentSignatureDeleted': {
      const { [event.data.consent_id]: _gone, ...rest } = state.signed;
      return { ...state, signed: rest };
    }
    case 'CopayPaid':
      return { ...state, copay: { payment_id: event.data.payment_id, amount: event.data.amount } };
    case 'InsuranceCardUploaded': {
      const d = event.data;
      return {
        ...state,
        cards: {
          ...state.cards,
          [d.side]: {
            file_id: d.file_id,
            side: d.side,
            content_type: d.content_type,
            size: d.size,
            sha256: d.sha256,
            uploaded_at: d.uploaded_at,
          },
        },
      };
    }
    case 'CheckInFormsAnswered':
      return { ...state, screening_id: event.data.screening_id };
    case 'PatientArrived':
    case 'PatientMarkedReady':
    case 'EmergencyContactGiven':
    case 'PreferredPharmacyGiven':
    case 'GovernmentIdUploaded':
    case 'CheckInStepSkipped':
    case 'MedicalHistoryGiven':
    case 'VendorAppointmentAdded':
    case 'CheckInChargesSet':
      return { ...state, steps: evolveStep(state.steps, event) };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const checkInDecider: Decider<CheckInCommand, CheckInEvent, CheckInState> = {
  initialState: initialCheckInState,
  decide: decideCheckIn,
  evolve: evolveCheckIn,
};
