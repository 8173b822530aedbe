import type { HoldView, PaymentView } from '@medbook/contracts';
import type { NavigateFunction } from 'react-router';
import type { BookingPatient } from './booking-patient';
import type { BookingStage, InsuranceChoice } from './booking-stages';

/**
 * The wizard's place and answers, kept in the tab's sessionStorage so that a reload resumes the
 * same stage with the same hold. The hold is re-read on reload by holding again with the same
 * command id (the API answers a repeated hold with the hold it made).
 */
export interface BookingSession {
  readonly calendarId: string;
  readonly start: string;
  readonly holdCommandId: string;
  readonly hold: HoldView;
  /** The history index of the page the patient booked from (Cancel goes back there). */
  readonly returnIdx: number | null;
  /** The furthest stage reached; null until the wizard first opens. */
  readonly furthest: BookingStage | null;
  /** Whether phone verification was listed when the wizard started. */
  readonly smsListed: boolean | null;
  readonly answers: BookingAnswers;
}

export interface BookingAnswers {
  readonly patient: BookingPatient;
  readonly reason: string;
  readonly insurance: InsuranceChoice | null;
  readonly memberId: string | null;
  /** Screening ids by form id. */
  readonly screenings: Readonly<Record<string, string>>;
  readonly mobileVerified: boolean | null;
  /** The visit fee authorized in this booking, if any. */
  readonly payment: PaymentView | null;
}

export const EMPTY_ANSWERS: BookingAnswers = {
  patient: { kind: 'self' },
  reason: '',
  insurance: null,
  memberId: null,
  screenings: {},
  mobileVerified: null,
  payment: null,
};

const KEY = 'medbook.booking';

export function readBookingSession(storage: Storage = sessionStorage): BookingSession | null {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<BookingSession>;
    if (!parsed.calendarId || !parsed.start || !parsed.holdCommandId || !parsed.hold) return null;
    return { ...(parsed as BookingSession), answers: { ...EMPTY_ANSWERS, ...parsed.answers } };
  } catch {
    return null;
  }
}

export function writeBookingSession(
  session: BookingSession,
  storage: Storage = sessionStorage,
): void {
  storage.setItem(KEY, JSON.stringify(session));
}

export function clearBookingSession(storage: Storage = sessionStorage): void {
  storage.removeItem(KEY);
}

/** react-router keeps each history entry's index in history.state. */
export function historyIndex(): number | null {
  const state: unknown = window.history.state;
  const idx = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : null;
}

/** Whether the hold's time is over (on reload: say so and offer the slot again). */
export function holdExpired(hold: HoldView, now: number = Date.now()): boolean {
  return new Date(hold.expires_at).getTime() <= now;
}

/** Back to the page the patient booked from, or home when there is none in this tab. */
export function leaveWizard(navigate: NavigateFunction, returnIdx: number | null): void {
  const here = historyIndex();
  clearBookingSession();
  if (returnIdx !== null && here !== null && here >= returnIdx) {
    void navigate(-(here - returnIdx + 1));
  } else {
    void navigate('/', { replace: true });
  }
}
