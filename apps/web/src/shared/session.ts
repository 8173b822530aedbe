import type { Envelope, LoginResult, UserView } from '@medbook/contracts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BehaviorSubject, type Observable } from 'rxjs';

const STORAGE_KEY = 'medbook.session';
export const REDIRECT_KEY = 'medbook.redirect';

/** Remembers where a visitor was sent away from, to return there after signing in. */
export function rememberRedirect(path: string): void {
  sessionStorage.setItem(REDIRECT_KEY, path);
}

interface StoredSession {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly sessionId: string;
  readonly user: UserView;
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

/** The signed-in user, or null for a visitor. */
export const currentUser$: Observable<UserView | null> = new BehaviorSubject<UserView | null>(
  session$.value?.user ?? null,
);
session$.subscribe((session) =>
  (currentUser$ as BehaviorSubject<UserView | null>).next(session?.user ?? null),
);

export function signedIn(result: LoginResult): void {
  const session: StoredSession = {
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
    sessionId: result.session_id,
    user: result.user,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  session$.next(session);
}

/** The signed-in user's access token as stored (refreshing happens in `accessToken`). */
export function currentAccessToken(): string | null {
  return session$.value?.accessToken ?? null;
}

export function currentUser(): UserView | null {
  return session$.value?.user ?? null;
}

export function signedOut(): void {
  localStorage.removeItem(STORAGE_KEY);
  session$.next(null);
}

const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A token for the socket handshake: the user's access token (refreshed when it has expired), or
 * a short-lived guest token for a visitor.
 */
export async function accessToken(): Promise<string> {
  const session = session$.value;
  if (session) {
    if (!expired(session.accessToken)) return session.accessToken;
    const refreshed = await post<LoginResult>(
      `/api/v1/auth/refresh?timeZone=${encodeURIComponent(timeZone())}`,
      { refresh_token: session.refreshToken },
    );
    if (refreshed) {
      signedIn(refreshed);
      return refreshed.access_token;
    }
    signedOut();
  }
  if (!guest || guest.expiresAt - 30_000 < Date.now()) {
    const issued = await post<{ access_token: string; expires_in: number }>('/api/v1/auth/guest', {
      time_zone: timeZone(),
    });
    if (!issued) throw new Error('No guest token');
    guest = { token: issued.access_token, expiresAt: Date.now() + issued.expires_in * 1000 };
  }
  return guest.token;
}

function expired(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1] ?? '')) as { exp?: number };
    return !payload.exp || payload.exp * 1000 - 30_000 < Date.now();
  } catch {
    return true;
  }
}

async function post<T>(url: string, body: unknown): Promise<T | null> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) return null;
  return ((await response.json()) as Envelope<T>).data;
}
