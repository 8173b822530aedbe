import {
  AUTH_MESSAGES,
  type Envelope,
  type LoginResult,
  type ReputationSetting,
  type UserView,
} from '@medbook/contracts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BehaviorSubject, distinctUntilChanged, map, type Observable, Subject } from 'rxjs';

const STORAGE_KEY = 'medbook.session';
export const REDIRECT_KEY = 'medbook.redirect';
/** Held (Web Locks) while one tab refreshes, so tabs never spend the same refresh token twice. */
const REFRESH_LOCK = 'medbook.session.refresh';
/** Refresh this long before expiry at most; a short-lived token is refreshed at two thirds. */
const MAX_MARGIN_MS = 30_000;

/** Remembers where a visitor was sent away from, to return there after signing in. */
export function rememberRedirect(path: string): void {
  sessionStorage.setItem(REDIRECT_KEY, path);
}

interface StoredSession {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly sessionId: string;
  readonly user: UserView;
  /** This browser's clock when the pair arrived: expiry is timed from it, not from the server's. */
  readonly receivedAt?: number;
  /** The login response's reputation_setting (absent in sessions stored before it was kept). */
  readonly reputationSetting?: ReputationSetting;
}

/** The spec: the password leaves the browser only as its SHA-256. */
export const hashPassword = (password: string): string => bytesToHex(sha256(utf8ToBytes(password)));

const session$ = new BehaviorSubject<StoredSession | null>(restore());
let guest: { token: string; expiresAt: number } | null = null;

function restore(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

// Another tab signed in, refreshed or signed out: this tab follows (one session per browser).
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  const stored = restore();
  if (stored?.accessToken !== session$.value?.accessToken) session$.next(stored);
});

/** The signed-in user, or null for a visitor. */
export const currentUser$: Observable<UserView | null> = new BehaviorSubject<UserView | null>(
  session$.value?.user ?? null,
);
session$.subscribe((session) =>
  (currentUser$ as BehaviorSubject<UserView | null>).next(session?.user ?? null),
);

/** The signed-in user's current access token (null for a visitor), each time it changes. */
export const accessToken$: Observable<{ userId: string; token: string } | null> = session$.pipe(
  map((session) => (session ? { userId: session.user.id, token: session.accessToken } : null)),
  distinctUntilChanged((a, b) => a?.token === b?.token),
);

const ended = new Subject<void>();
/** The session really ended (its refresh was refused): the shell sends the user to log in. */
export const sessionEnded$: Observable<void> = ended.asObservable();

export function signedIn(result: LoginResult): void {
  const session: StoredSession = {
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
    sessionId: result.session_id,
    user: result.user,
    receivedAt: Date.now(),
    reputationSetting: result.reputation_setting,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  session$.next(session);
}

/** The signed-in user's access token as stored (see `userAccessToken` for a fresh one). */
export function currentAccessToken(): string | null {
  return session$.value?.accessToken ?? null;
}

export function currentUser(): UserView | null {
  return session$.value?.user ?? null;
}

/**
 * The signed-in user corrected their own name: the stored user (and so the header, and other
 * tabs through the storage event) reads the new one, composed as the API composes full_name.
 */
export function updateCurrentUserName(name: {
  readonly first_name: string;
  readonly last_name: string;
  readonly middle_name: string | null;
}): void {
  const session = session$.value;
  if (!session) return;
  const fullName = [name.first_name, name.middle_name, name.last_name].filter(Boolean).join(' ');
  const updated: StoredSession = {
    ...session,
    user: {
      ...session.user,
      name: {
        first_name: name.first_name,
        last_name: name.last_name,
        middle_name: name.middle_name,
        full_name: fullName,
      },
    },
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(updated));
  session$.next(updated);
}

/** Whether the signed-in user's practice uses reputation management (its login said so). */
export function reputationEnabled(): boolean {
  return session$.value?.reputationSetting?.enabled === true;
}

export function signedOut(): void {
  localStorage.removeItem(STORAGE_KEY);
  session$.next(null);
}

const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The signed-in user's access token, refreshed first when it is about to expire; null for a
 * visitor or when the session ended while refreshing.
 */
export async function userAccessToken(): Promise<string | null> {
  const session = session$.value;
  if (!session) return null;
  if (refreshDueAt(session) > Date.now()) return session.accessToken;
  return (await refreshSession(session.accessToken)) ? currentAccessToken() : null;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new pair, once for every caller that saw `staleToken`: answers
 * true when a newer access token is now stored, false when the session has ended (the user is
 * signed out and `sessionEnded$` fires). A network failure or a 5xx throws and keeps the session:
 * the next call tries again.
 */
export function refreshSession(staleToken: string): Promise<boolean> {
  if (currentAccessToken() !== staleToken) return Promise.resolve(currentAccessToken() !== null);
  refreshing ??= withRefreshLock(() => refreshOnce(staleToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshOnce(staleToken: string): Promise<boolean> {
  // Another tab may have refreshed while this one waited for the lock: adopt its pair.
  const stored = restore();
  if (stored && stored.accessToken !== staleToken) {
    if (session$.value?.accessToken !== stored.accessToken) session$.next(stored);
    return true;
  }
  const session = session$.value;
  if (!session) return false;
  const response = await fetch(`/api/v1/auth/refresh?timeZone=${encodeURIComponent(timeZone())}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: session.refreshToken }),
  });
  if (response.status >= 500 || response.status === 429) {
    throw new Error(`Refresh failed with ${response.status}`);
  }
  if (!response.ok) {
    endSession();
    return false;
  }
  signedIn(((await response.json()) as Envelope<LoginResult>).data);
  return true;
}

function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

/** Signs out and tells the shell, which sends the user to log in and back here afterwards. */
export function endSession(): void {
  if (!session$.value) return;
  signedOut();
  ended.next();
}

/** The message the login page shows to someone whose session ended. */
export const SESSION_ENDED_MESSAGE = AUTH_MESSAGES.sessionEnded;

// While signed in, the token is refreshed before it expires, so calls rarely meet a stale one.
let timer: ReturnType<typeof setTimeout> | undefined;
session$.subscribe((session) => {
  clearTimeout(timer);
  if (!session) return;
  const due = refreshDueAt(session) - Date.now();
  timer = setTimeout(
    () => {
      refreshSession(session.accessToken).catch(() => {
        // Offline or the API is down: the next call (or a 401) tries again.
      });
    },
    Math.max(0, Math.min(due, 2 ** 31 - 1)),
  );
});

function claims(token: string): { exp?: number; iat?: number } {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
      iat?: number;
    };
  } catch {
    return {};
  }
}

/**
 * When to refresh: a third of the token's life before it ends, 30 s at most. The life is timed
 * from when this browser received the token, so a clock that is off does not matter.
 */
function refreshDueAt(session: StoredSession): number {
  const { exp, iat } = claims(session.accessToken);
  if (!exp || !iat) return 0;
  const life = (exp - iat) * 1000;
  const end = session.receivedAt !== undefined ? session.receivedAt + life : exp * 1000;
  return end - Math.min(MAX_MARGIN_MS, life / 3);
}

const MEETING_GUEST_KEY = 'medbook.meeting-guest';

/** A video visit's invited guest: the token their invitation link was exchanged for. */
export interface MeetingGuest {
  readonly token: string;
  readonly appointmentId: string;
  readonly participantId: string;
  readonly name: string;
  readonly expiresAt: number;
}

/** Keeps the guest's identity for this tab (a reload stays in the visit; another tab does not). */
export function adoptMeetingGuest(redeemed: {
  readonly access_token: string;
  readonly expires_in: number;
  readonly appointment_id: string;
  readonly participant_id: string;
  readonly name: string;
}): void {
  const guestOf: MeetingGuest = {
    token: redeemed.access_token,
    appointmentId: redeemed.appointment_id,
    participantId: redeemed.participant_id,
    name: redeemed.name,
    expiresAt: Date.now() + redeemed.expires_in * 1000,
  };
  sessionStorage.setItem(MEETING_GUEST_KEY, JSON.stringify(guestOf));
}

/** The invited guest of this tab, while their token lasts. */
export function meetingGuest(): MeetingGuest | null {
  try {
    const raw = sessionStorage.getItem(MEETING_GUEST_KEY);
    const stored = raw ? (JSON.parse(raw) as MeetingGuest) : null;
    return stored && stored.expiresAt > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

/**
 * A token for the socket handshake: the user's access token (refreshed when due), an invited
 * guest's, or a short-lived guest token for a visitor.
 */
export async function accessToken(): Promise<string> {
  const token = await userAccessToken();
  if (token) return token;
  const invited = meetingGuest();
  if (invited) return invited.token;
  if (!guest || guest.expiresAt - 30_000 < Date.now()) {
    const response = await fetch('/api/v1/auth/guest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ time_zone: timeZone() }),
    });
    if (!response.ok) throw new Error('No guest token');
    const issued = (
      (await response.json()) as Envelope<{ access_token: string; expires_in: number }>
    ).data;
    guest = { token: issued.access_token, expiresAt: Date.now() + issued.expires_in * 1000 };
  }
  return guest.token;
}
