import type { FastifyReply } from 'fastify';

/**
 * The spec's '204 means no record': an empty list (or nothing at all) is answered as 204 No
 * Content, without a body; anything else as it is.
 */
export function noRecordAs204<T>(reply: FastifyReply, found: readonly T[] | null): T[] | null {
  if (found === null || found.length === 0) {
    reply.status(204);
    return null;
  }
  return [...found];
}

/** The same for one record: null (none recorded) is answered as 204 No Content. */
export function absentAs204<T>(reply: FastifyReply, found: T | null): T | null {
  if (found === null) reply.status(204);
  return found;
}
