import { randomUUID } from 'node:crypto';
import { type Envelope, SERVICE_UNAVAILABLE_MESSAGE, statusMessage } from '@medbook/contracts';
import { HttpException } from '@nestjs/common';
import type { Logger } from 'pino';
import { DomainError } from '../../domain/domain-error';
import { isDatabaseUnavailable } from '@medbook/event-store';
import { noteDatabaseTrouble } from '../database/request-deadline';
import { DOMAIN_ERROR_STATUS } from './domain-error-status';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
}

/**
 * Turns anything thrown while serving a request into the error envelope: domain errors keep
 * their message, client errors get the spec's status text, and anything unexpected becomes a
 * 500 whose id is logged with the cause (never a stack trace to the client).
 */
export function toErrorEnvelope(
  error: unknown,
  logger: Logger,
  requestId: string,
): Envelope<unknown> {
  if (error instanceof DomainError) {
    return {
      status_code: DOMAIN_ERROR_STATUS[error.kind],
      message: error.message,
      data: error.data,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const body = error.getResponse();
    const detail =
      typeof body === 'object' && body !== null && 'data' in body
        ? body.data
        : validationErrors(body);
    if (status >= 500) {
      return isDatabaseUnavailable(error)
        ? unavailable(error, logger, requestId)
        : unexpected(error, logger, requestId);
    }
    const understood = notUnderstood(status);
    return {
      status_code: understood,
      message: customMessage(body) ?? statusMessage(understood),
      data: detail,
    };
  }
  const fastifyError = error as FastifyLikeError;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const clientStatus = notUnderstood(status);
    return {
      status_code: clientStatus,
      message: statusMessage(clientStatus),
      data: { reason: fastifyError.code ?? null },
    };
  }
  if (isDatabaseUnavailable(error)) return unavailable(error, logger, requestId);
  return unexpected(error, logger, requestId);
}

/** The database cannot serve for a moment: 503, to retry (the filter adds Retry-After). */
function unavailable(error: unknown, logger: Logger, requestId: string): Envelope<unknown> {
  noteDatabaseTrouble();
  const code = (error as { code?: unknown }).code;
  logger.warn(
    { req_id: requestId, code: typeof code === 'string' ? code : null },
    'database unavailable',
  );
  return { status_code: 503, message: SERVICE_UNAVAILABLE_MESSAGE, data: null };
}

/** An oversize body or a wrong content type is, to the spec, a request not understood: 400. */
function notUnderstood(status: number): number {
  return status === 413 || status === 415 ? 400 : status;
}

function unexpected(error: unknown, logger: Logger, requestId: string): Envelope<unknown> {
  const errorId = randomUUID();
  logger.error({ err: error, error_id: errorId, req_id: requestId }, 'unexpected error');
  return { status_code: 500, message: statusMessage(500), data: { error_id: errorId } };
}

function validationErrors(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = body.message;
    if (Array.isArray(message)) return { errors: message };
  }
  return null;
}

/** Messages set on purpose by our code (`{ message, custom: true }`) win over the status text. */
function customMessage(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'custom' in body && 'message' in body) {
    return String((body as { message: unknown }).message);
  }
  return null;
}
