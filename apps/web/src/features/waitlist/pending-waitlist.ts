import type { WaitlistType } from '@medbook/contracts';

const KEY = 'medbook.waitlist';

/** The waitlist item a visitor asked for, kept across signing in (the waitlist guard's item). */
export interface PendingWaitlist {
  readonly calendar_id: string;
  /** The spec's eligibility flag: false joins as patient-ineligible. */
  readonly eligible: boolean;
  readonly waitlist_enabled: boolean;
}

export function savePendingWaitlist(item: PendingWaitlist): void {
  sessionStorage.setItem(KEY, JSON.stringify(item));
}

export function pendingWaitlist(): PendingWaitlist | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingWaitlist) : null;
  } catch {
    return null;
  }
}

export function clearPendingWaitlist(): void {
  sessionStorage.removeItem(KEY);
}

export const waitlistType = (item: PendingWaitlist): WaitlistType =>
  item.eligible ? 'appointment-unavailable' : 'patient-ineligible';

/** The item from the address (`calendar_id`, `eligible`), else the one kept in the session. */
export function waitlistItemFrom(search: URLSearchParams): PendingWaitlist | null {
  const calendarId = search.get('calendar_id');
  if (calendarId && /^[0-9a-f-]{36}$/i.test(calendarId)) {
    return {
      calendar_id: calendarId,
      eligible: search.get('eligible') !== 'false',
      waitlist_enabled: true,
    };
  }
  return pendingWaitlist();
}
