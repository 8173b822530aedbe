import { randomUUID } from 'node:crypto';

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** The request's id: the caller's X-Request-Id when it is a sane token, else a new one. */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
