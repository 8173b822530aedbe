import { type DigitalCheckInFlag, type DigitalCheckInSettings } from './settings';

/** The least partial payment (the spec's minimum visit fee). */
export const MIN_CHECK_IN_PAYMENT = 0.5;

/** What the practice says is due beyond the copay: the patient's outstanding balance, the deductible. */
export interface CheckInCharges {
  readonly outstanding_balance: number;
  readonly deductible: number;
}

export interface AmountsDue {
  readonly copay: number;
  readonly outstanding_balance: number;
  readonly deductible: number;
  readonly total: number;
  /** The least the patient may pay now: the total, or with allow_partial_payment the copay. */
  readonly minimum: number;
}

const cents = (amount: number): number => Math.round(amount * 100);

/**
 * What the check-in's payment collects, as the settings say: with payment collection on, the
 * copay (copay_collection), the outstanding balance (outstanding_balance_collection) and the
 * deductible (deductible_collection); with allow_partial_payment the patient may pay less than
 * the balance and deductible (never less than the copay, nor than 0.50).
 */
export function amountsDue(
  settings: DigitalCheckInSettings,
  charges: CheckInCharges | null,
): AmountsDue {
  const collect = settings.payment_collection;
  const copay = collect && settings.copay_collection ? settings.copay_amount : 0;
  const balance =
    collect && settings.outstanding_balance_collection ? (charges?.outstanding_balance ?? 0) : 0;
  const deductible = collect && settings.deductible_collection ? (charges?.deductible ?? 0) : 0;
  const total = (cents(copay) + cents(balance) + cents(deductible)) / 100;
  const partial = settings.allow_partial_payment && balance + deductible > 0;
  const minimum = partial ? Math.min(total, Math.max(copay, MIN_CHECK_IN_PAYMENT)) : total;
  return { copay, outstanding_balance: balance, deductible, total, minimum };
}

/** Whether an amount is one the patient may pay now (to the cent). */
export const payableAmount = (due: AmountsDue, amount: number): boolean =>
  cents(amount) >= cents(due.minimum) && cents(amount) <= cents(due.total);

/** The histories a provider may ask for, each switched on by its own setting. */
export const HISTORY_KINDS = [
  'clinical_history',
  'medical_history',
  'allergies_history',
  'medications_history',
  'surgical_history',
  'family_history',
  'social_history',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_SETTING: Record<HistoryKind, DigitalCheckInFlag> = {
  clinical_history: 'clinical_history_collection',
  medical_history: 'medical_history_collection',
  allergies_history: 'allergies_history_collection',
  medications_history: 'medications_history_collection',
  surgical_history: 'surgical_history_collection',
  family_history: 'family_history_collection',
  social_history: 'social_history_collection',
};

/** The histories these settings ask for, in the settings' order. */
export const historiesAsked = (settings: DigitalCheckInSettings): HistoryKind[] =>
  HISTORY_KINDS.filter((kind) => settings[HISTORY_SETTING[kind]]);

/** The information steps of a check-in (emergency contact, pharmacy, ID, histories). */
export const INFORMATION_STEPS = [
  'emergency-contact',
  'preferred-pharmacy',
  'government-id',
  'medical-history',
] as const;
export type InformationStep = (typeof INFORMATION_STEPS)[number];
export const SKIPPABLE_STEPS = ['preferred-pharmacy', 'government-id'] as const;
export type SkippableStep = (typeof SKIPPABLE_STEPS)[number];

/** The information steps these settings switch on. */
export function informationSteps(settings: DigitalCheckInSettings): InformationStep[] {
  const on: Record<InformationStep, boolean> = {
    'emergency-contact': settings.emergency_contact_collection,
    'preferred-pharmacy': settings.preferred_pharmacy_collection,
    'government-id': settings.government_issued_id_collection,
    'medical-history': historiesAsked(settings).length > 0,
  };
  return INFORMATION_STEPS.filter((step) => on[step]);
}

/** Whether the settings let the patient skip a step (its skip flag). */
export function maySkip(settings: DigitalCheckInSettings, step: SkippableStep): boolean {
  return step === 'preferred-pharmacy'
    ? settings.skip_preferred_pharmacy_collection
    : settings.skip_government_issued_id_collection;
}

/** The largest insurance card photo (or drawn signature) we keep. */
export const MAX_CHECK_IN_FILE_BYTES = 5 * 1024 * 1024;
export const CHECK_IN_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type CheckInFileType = (typeof CHECK_IN_FILE_TYPES)[number];

/** The type a file's first bytes say it is (never the name or the sender's word), or null. */
export function sniffCheckInFileType(bytes: Uint8Array): CheckInFileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) {
    return 'image/png';
  }
  if (bytes.length >= 5 && starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}
