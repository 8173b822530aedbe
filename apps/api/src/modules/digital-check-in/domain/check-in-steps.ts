import {
  type CheckInCharges,
  type CheckInFileType,
  DIGITAL_CHECK_IN_MESSAGES,
  type EmergencyContactView,
  HISTORY_KINDS,
  type HistoryKind,
  historiesAsked,
  informationSteps,
  maySkip,
  type DigitalCheckInSettings,
  type PreferredPharmacyView,
  type SkippableStep,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import { ConflictError, InvalidError } from '../../../domain/domain-error';
import type { CheckInEvent } from './digital-check-in.events';

/** The appointment a step is decided for, with its provider's settings (the deciders' Visit). */
export interface StepVisit {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly patient_id: string;
  readonly settings: DigitalCheckInSettings;
}

const M = DIGITAL_CHECK_IN_MESSAGES;

/**
 * The check-in's steps beyond consents, copay, card and forms: the arrival and the practice's
 * word to come in, the information the settings collect, and the vendor's copy.
 */
export interface StepsState {
  readonly arrival: { readonly at: string; readonly awaiting_entry: boolean } | null;
  readonly ready: { readonly text: string; readonly at: string } | null;
  readonly emergency_contact: EmergencyContactView | null;
  readonly pharmacy: PreferredPharmacyView | null;
  readonly government_id: {
    readonly file_id: string;
    readonly content_type: CheckInFileType;
    readonly size: number;
    readonly sha256: string;
    readonly uploaded_at: string;
  } | null;
  readonly skipped: readonly SkippableStep[];
  readonly histories: Partial<Record<HistoryKind, string>>;
  readonly vendor: { readonly external_id: string; readonly check_in_url: string } | null;
  /** What the practice said is due beyond the copay (null: nothing said). */
  readonly charges: CheckInCharges | null;
}

export const initialStepsState = (): StepsState => ({
  arrival: null,
  ready: null,
  emergency_contact: null,
  pharmacy: null,
  government_id: null,
  skipped: [],
  histories: {},
  vendor: null,
  charges: null,
});

interface Base {
  readonly visit: StepVisit;
  readonly by: string;
  readonly now: Date;
}

export type StepCommand =
  /** The patient says they are here; `checked_in`: the appointment already is. */
  | (Base & { readonly type: 'AnnounceArrival'; readonly checked_in: boolean })
  /** Staff tell the patient to come in; `checked_in`: the appointment already is. */
  | (Base & { readonly type: 'MarkReady'; readonly checked_in: boolean })
  | (Base & { readonly type: 'GiveEmergencyContact'; readonly contact: EmergencyContactView })
  | (Base & { readonly type: 'GivePharmacy'; readonly pharmacy: PreferredPharmacyView })
  | (Base & {
      readonly type: 'UploadGovernmentId';
      readonly file: NonNullable<StepsState['government_id']>;
    })
  | (Base & { readonly type: 'SkipStep'; readonly step: SkippableStep })
  | (Base & {
      readonly type: 'GiveMedicalHistory';
      readonly histories: Partial<Record<HistoryKind, string | undefined>>;
    })
  | (Base & {
      readonly type: 'AddVendorAppointment';
      readonly external_id: string;
      readonly check_in_url: string;
    })
  /** The practice's users say what is due beyond the copay; `paid`: the payment is made. */
  | (Base & {
      readonly type: 'SetCharges';
      readonly charges: CheckInCharges;
      readonly paid: boolean;
    });

const same = (a: object | null, b: object): boolean =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

/** The decision for a step (digital check-in is on: the caller checked). */
export function decideStep(command: StepCommand, steps: StepsState): CheckInEvent[] {
  const { visit } = command;
  const { settings } = visit;
  const base = { appointment_id: visit.appointment_id, practice_id: visit.practice_id };
  const at = command.now.toISOString();
  const collected = informationSteps(settings);
  switch (command.type) {
    case 'AnnounceArrival':
      // A second press, or a patient the desk has checked in already, changes nothing.
      if (steps.arrival || command.checked_in) return [];
      return [
        {
          type: 'PatientArrived',
          data: {
            ...base,
            patient_id: visit.patient_id,
            awaiting_entry: settings.staff_approved_entry,
            notify_practice: settings.arrival_notification_enabled,
            arrived_by: command.by,
            arrived_at: at,
          },
        },
      ];
    case 'MarkReady':
      if (steps.ready) return [];
      if (!steps.arrival && !command.checked_in) throw new ConflictError(M.notArrived);
      return [
        {
          type: 'PatientMarkedReady',
          data: {
            ...base,
            patient_id: visit.patient_id,
            text: settings.ready_for_patient_text.trim() || M.readyForPatient,
            notify_patient: settings.arrival_notification_enabled,
            marked_by: command.by,
            marked_at: at,
          },
        },
      ];
    case 'GiveEmergencyContact':
      if (!collected.includes('emergency-contact')) throw new InvalidError(M.notCollected);
      if (same(steps.emergency_contact, command.contact)) return [];
      return [
        {
          type: 'EmergencyContactGiven',
          data: { ...base, contact: command.contact, given_by: command.by, given_at: at },
        },
      ];
    case 'GivePharmacy':
      if (!collected.includes('preferred-pharmacy')) throw new InvalidError(M.notCollected);
      if (same(steps.pharmacy, command.pharmacy)) return [];
      return [
        {
          type: 'PreferredPharmacyGiven',
          data: { ...base, pharmacy: command.pharmacy, given_by: command.by, given_at: at },
        },
      ];
    case 'UploadGovernmentId':
      if (!collected.includes('government-id')) throw new InvalidError(M.notCollected);
      if (steps.government_id?.sha256 === command.file.sha256) return [];
      return [
        {
          type: 'GovernmentIdUploaded',
          data: {
            ...base,
            patient_id: visit.patient_id,
            file_id: command.file.file_id,
            content_type: command.file.content_type,
            size: command.file.size,
            sha256: command.file.sha256,
            uploaded_by: command.by,
            uploaded_at: at,
          },
        },
      ];
    case 'SkipStep': {
      if (!collected.includes(command.step)) throw new InvalidError(M.notCollected);
      if (!maySkip(settings, command.step)) throw new InvalidError(M.notSkippable);
      const given = command.step === 'preferred-pharmacy' ? steps.pharmacy : steps.government_id;
      if (given || steps.skipped.includes(command.step)) return [];
      return [
        {
          type: 'CheckInStepSkipped',
          data: { ...base, step: command.step, skipped_by: command.by, skipped_at: at },
        },
      ];
    }
    case 'GiveMedicalHistory': {
      const asked = historiesAsked(settings);
      if (asked.length === 0) throw new InvalidError(M.notCollected);
      const fields: Record<string, string> = {};
      const histories: Partial<Record<HistoryKind, string>> = {};
      for (const kind of HISTORY_KINDS) {
        const text = command.histories[kind]?.trim();
        if (!asked.includes(kind)) {
          if (text !== undefined) fields[kind] = VALIDATION_MESSAGES.invalid;
        } else if (!text) {
          fields[kind] = VALIDATION_MESSAGES.required;
        } else {
          histories[kind] = text;
        }
      }
      const problems = Object.values(fields);
      if (problems.length > 0) throw new InvalidError(problems[0]!, fields);
      if (same(steps.histories, histories)) return [];
      return [
        {
          type: 'MedicalHistoryGiven',
          data: { ...base, histories, given_by: command.by, given_at: at },
        },
      ];
    }
    case 'AddVendorAppointment':
      if (steps.vendor) return [];
      return [
        {
          type: 'VendorAppointmentAdded',
          data: {
            ...base,
            external_id: command.external_id,
            check_in_url: command.check_in_url,
            added_by: command.by,
            added_at: at,
          },
        },
      ];
    case 'SetCharges':
      // The payment has been made: what it covered stays as it was.
      if (command.paid) throw new ConflictError(M.copayAlreadyPaid);
      if (same(steps.charges, command.charges)) return [];
      return [
        {
          type: 'CheckInChargesSet',
          data: {
            ...base,
            outstanding_balance: command.charges.outstanding_balance,
            deductible: command.charges.deductible,
            set_by: command.by,
            set_at: at,
          },
        },
      ];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** The step events of a check-in. */
export type StepEvent = Extract<
  CheckInEvent,
  {
    type:
      | 'PatientArrived'
      | 'PatientMarkedReady'
      | 'EmergencyContactGiven'
      | 'PreferredPharmacyGiven'
      | 'GovernmentIdUploaded'
      | 'CheckInStepSkipped'
      | 'MedicalHistoryGiven'
      | 'VendorAppointmentAdded'
      | 'CheckInChargesSet';
  }
>;

/** A step event folded in. */
export function evolveStep(steps: StepsState, event: StepEvent): StepsState {
  switch (event.type) {
    case 'PatientArrived':
      return {
        ...steps,
        arrival: { at: event.data.arrived_at, awaiting_entry: event.data.awaiting_entry },
      };
    case 'PatientMarkedReady':
      return { ...steps, ready: { text: event.data.text, at: event.data.marked_at } };
    case 'EmergencyContactGiven':
      return { ...steps, emergency_contact: event.data.contact };
    case 'PreferredPharmacyGiven':
      return { ...steps, pharmacy: event.data.pharmacy };
    case 'GovernmentIdUploaded': {
      const d = event.data;
      return {
        ...steps,
        government_id: {
          file_id: d.file_id,
          content_type: d.content_type,
          size: d.size,
          sha256: d.sha256,
          uploaded_at: d.uploaded_at,
        },
      };
    }
    case 'CheckInStepSkipped':
      return steps.skipped.includes(event.data.step)
        ? steps
        : { ...steps, skipped: [...steps.skipped, event.data.step] };
    case 'MedicalHistoryGiven':
      return { ...steps, histories: event.data.histories };
    case 'VendorAppointmentAdded':
      return {
        ...steps,
        vendor: { external_id: event.data.external_id, check_in_url: event.data.check_in_url },
      };
    case 'CheckInChargesSet':
      return {
        ...steps,
        charges: {
          outstanding_balance: event.data.outstanding_balance,
          deductible: event.data.deductible,
        },
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The information steps given or (where allowed) skipped. */
export function informationDone(
  steps: StepsState,
  settings: DigitalCheckInSettings,
): ReturnType<typeof informationSteps> {
  return informationSteps(settings).filter((step) => {
    switch (step) {
      case 'emergency-contact':
        return steps.emergency_contact !== null;
      case 'preferred-pharmacy':
        return steps.pharmacy !== null || steps.skipped.includes(step);
      case 'government-id':
        return steps.government_id !== null || steps.skipped.includes(step);
      case 'medical-history':
        return historiesAsked(settings).every((kind) => Boolean(steps.histories[kind]));
      default: {
        const unknown: never = step;
        return unknown;
      }
    }
  });
}
