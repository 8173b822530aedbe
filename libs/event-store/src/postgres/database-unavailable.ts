/**
 * Whether an error means PostgreSQL cannot be reached or cannot serve now (it is down,
 * restarting, refusing connections, out of connections, or cut a statement short), as opposed to
 * a fault in our code. Such requests answer 503 and may be retried; walks `cause` chains, since
 * Kysely and our stores wrap the driver's errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return false;
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (DRIVER_CODES.has(code) || unavailableSqlState(code))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** postgres.js's own codes and Node's socket errors. */
const DRIVER_CODES: ReadonlySet<string> = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  // Ours: a read given up after its deadline.
  'QUERY_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 (connection exception), 53300 too many connections, 57P01-57P03 (the
 * server shuts down or is starting), 57014 a statement cancelled by statement_timeout, 55P03 a
 * lock not available within lock_timeout.
 */
function unavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code === '53300' ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '57014' ||
    code === '55P03'
  );
}
