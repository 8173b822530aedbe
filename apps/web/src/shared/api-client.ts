import { type Envelope, SERVICE_BUSY_MESSAGE } from '@medbook/contracts';
import { meetingGuest, refreshSession, SESSION_ENDED_MESSAGE, userAccessToken } from './session';

/** The API answered with an error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/**
 * Calls /api/v1 with the signed-in user's token (refreshed before it expires); answers `data`
 * (null for a 204, no record) or throws an ApiError. A 401 on a signed-in call refreshes the session once and retries; when the
 * session has really ended, the shell sends the user to log in and this throws with the spec's
 * message.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  // A video visit's invited guest has no session: their token is sent as it is.
  const token = (await userAccessToken()) ?? meetingGuest()?.token ?? null;
  let response = await sendRetrying(method, path, body, token);
  if (response.status === 401 && token && token !== meetingGuest()?.token) {
    if (!(await refreshSession(token))) {
      throw new ApiError(401, SESSION_ENDED_MESSAGE, null);
    }
    response = await sendRetrying(method, path, body, await userAccessToken());
  }
  // The spec's '204 means no record': no body, answered as null (a caller of such a route types
  // its answer `T | null`).
  if (response.status === 204) return null as T;
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope) {
    throw new ApiError(response.status, envelope?.message ?? response.statusText, envelope?.data);
  }
  return envelope.data;
}

/** How many more times a call the API turned away for a moment is sent, at most. */
export const BUSY_RETRIES = 2;
/** The longest wait before sending again, whatever Retry-After says. */
const MAX_RETRY_WAIT_MS = 5_000;

/**
 * Sends the call; when the API turns it away for a moment (503 with Retry-After: too busy, or
 * its database unreachable), waits as long as it asks (a little more, at random, so that many
 * clients turned away together do not all come back together) and sends it again, at most
 * BUSY_RETRIES times. A read is always safe to send again; a change only when the API said
 * nothing was changed (its admission control refused it before reading it), never after an
 * outage, where the change may have been made.
 */
async function sendRetrying(method: string, path: string, body: unknown, token: string | null) {
  for (let retry = 0; ; retry += 1) {
    const response = await send(method, path, body, token);
    if (response.status !== 503 || retry >= BUSY_RETRIES) return response;
    const retryAfter = response.headers.get('retry-after');
    if (!retryAfter) return response;
    if (method !== 'GET' && method !== 'HEAD') {
      const envelope = (await response
        .clone()
        .json()
        .catch(() => null)) as Envelope<unknown> | null;
      if (envelope?.message !== SERVICE_BUSY_MESSAGE) return response;
    }
    const seconds = Number(retryAfter);
    const wait = Math.min(MAX_RETRY_WAIT_MS, Number.isFinite(seconds) ? seconds * 1000 : 1000);
    await new Promise((resolve) => setTimeout(resolve, wait * (1 + Math.random() / 2)));
  }
}

function send(method: string, path: string, body: unknown, token: string | null) {
  return fetch(`/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
