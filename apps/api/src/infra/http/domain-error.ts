/** A rule of the domain said no: the status and the message people read. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super(409, message, data);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super(404, message, data);
  }
}
