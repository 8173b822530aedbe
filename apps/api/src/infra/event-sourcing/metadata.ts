import type { EventMetadata } from '@medbook/event-store';
import type { RequestContext } from '../http/request-context';

/** Who, from where and why: the metadata every event of a command carries (the audit trail). */
export function metadataOf(context: RequestContext, commandId: string | null): EventMetadata {
  return {
    actorId: context.actorId,
    actorRole: context.actorRole,
    onBehalfOf: context.onBehalfOf,
    ip: context.ip,
    userAgent: context.userAgent,
    correlationId: context.correlationId,
    causationId: commandId,
    commandId,
  };
}
