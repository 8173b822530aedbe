import { APPOINTMENT_CODE_PATTERN, KIOSK_MESSAGES } from '@medbook/contracts';

/** How the patient at the door says who they are. */
export type KioskLookupMode = 'name' | 'code';

export interface KioskLookupForm {
  readonly mode: KioskLookupMode;
  readonly lastName: string;
  /** YYYY-MM-DD, as a date field gives it. */
  readonly birthDate: string;
  readonly code: string;
}

export const EMPTY_LOOKUP: KioskLookupForm = {
  mode: 'name',
  lastName: '',
  birthDate: '',
  code: '',
};

/** After this long without a tap, the kiosk forgets the patient and starts over. */
export const KIOSK_IDLE_MS = 60_000;
/** How long the kiosk shows "You're checked in" before it greets the next patient. */
export const KIOSK_DONE_MS = 8_000;

/**
 * The lookup's query string, or what the patient still has to enter: the code as it appears on
 * the confirmation (8 letters and digits; spaces and dashes are forgiven), or a last name with a
 * date of birth.
 */
export function kioskQuery(form: KioskLookupForm): { query: string } | { problem: string } {
  if (form.mode === 'code') {
    const code = form.code.replace(/[\s-]/g, '').toUpperCase();
    return APPOINTMENT_CODE_PATTERN.test(code)
      ? { query: new URLSearchParams({ code }).toString() }
      : { problem: KIOSK_MESSAGES.lookup };
  }
  const lastName = form.lastName.trim();
  if (!lastName || !/^\d{4}-\d{2}-\d{2}$/.test(form.birthDate)) {
    return { problem: KIOSK_MESSAGES.lookup };
  }
  return {
    query: new URLSearchParams({ last_name: lastName, birth_date: form.birthDate }).toString(),
  };
}
