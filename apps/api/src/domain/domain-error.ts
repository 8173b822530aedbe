/**
 * What kind of "no" a rule of the domain said. The HTTP edge maps each kind to the spec's status
 * (see infra/http/error-envelope.ts); the domain itself knows nothing of HTTP.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment_declined'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  | 'unavailable';

/** A rule of the domain said no: its kind and the message people read. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('invalid', message, data);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('conflict', message, data);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('not_found', message, data);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('forbidden', message, data);
  }
}

/** Was valid once and is no more (an expired invitation link). */
export class GoneError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('gone', message, data);
  }
}
