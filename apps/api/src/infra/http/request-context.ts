import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who asks, from where and under which correlation: becomes every event's metadata. */
export interface RequestContext {
  readonly actorId: string | null;
  readonly actorRole: string | null;
  readonly onBehalfOf: string | null;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly correlationId: string;
}

/** Set on the request by the authentication guard. */
interface Authenticated {
  principal?: { userId: string; type: string };
}

export function requestContextOf(request: FastifyRequest): RequestContext {
  const correlation = request.headers['x-correlation-id'];
  const principal = (request as FastifyRequest & Authenticated).principal;
  return {
    actorId: principal?.userId ?? null,
    actorRole: principal?.type ?? null,
    onBehalfOf: null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
    correlationId:
      typeof correlation === 'string' && correlation.length <= 100
        ? correlation
        : String(request.id),
  };
}

export const Context = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  requestContextOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);

/** The context of what the service does on its own (seeding, schedulers): no person, no address. */
export function systemContext(task: string): RequestContext {
  return {
    actorId: 'system',
    actorRole: 'System',
    onBehalfOf: null,
    ip: null,
    userAgent: task,
    correlationId: task,
  };
}
