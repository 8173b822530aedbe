import type { Envelope } from '@medbook/contracts';
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
  let response = await send(method, path, body, token);
  if (response.status === 401 && token && token !== meetingGuest()?.token) {
    if (!(await refreshSession(token))) {
      throw new ApiError(401, SESSION_ENDED_MESSAGE, null);
    }
    response = await send(method, path, body, await userAccessToken());
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
