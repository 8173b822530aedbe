import type { Envelope } from '@medbook/contracts';
import { currentAccessToken } from './session';

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

/** Calls /api/v1 with the signed-in user's token; answers `data` or throws an ApiError. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = currentAccessToken();
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope) {
    throw new ApiError(response.status, envelope?.message ?? response.statusText, envelope?.data);
  }
  return envelope.data;
}
