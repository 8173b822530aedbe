import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  LOG_START,
  type RecordedEvent,
  WrongExpectedRevision,
} from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '../event-store/event-store.provider';
import type { RequestContext } from '../http/request-context';
import { type Decider, fold } from '../../domain/decider';
import { eventIdFor } from './event-ids';

export interface CommandEnvelope<Command> {
  readonly command: Command;
  readonly context: RequestContext;
  /** Client-chosen: a retry with the same id writes nothing and answers the same. */
  readonly commandId: string | null;
}

const MAX_ATTEMPTS = 3;

/**
 * Load the stream, fold it, decide, append at the expected revision. A concurrent writer makes
 * the append fail; the command is then decided again on the fresh state, a bounded number of
 * times, so it either succeeds or fails for a reason the domain gives.
 */
@Injectable()
export class CommandRunner {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async run<Command, Event extends { type: string; data: unknown }, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    envelope: CommandEnvelope<Command>,
  ): Promise<AppendResult> {
    for (let attempt = 1; ; attempt += 1) {
      const history = await this.store.readStream(streamId);
      const earlier = earlierResult(history, envelope.commandId);
      if (earlier) return earlier;
      const state = fold(decider, history.map(asDomainEvent<Event>));
      const events = decider.decide(envelope.command, state);
      const last = history[history.length - 1];
      // Nothing to change (disabling a disabled user ...): the answer is where the stream stands.
      if (events.length === 0) return standing(streamId, last);
      try {
        return await this.store.appendToStream(
          streamId,
          events.map((event, index) => ({
            id: eventIdFor(envelope.commandId, index),
            type: event.type,
            data: event.data,
            metadata: metadataOf(envelope),
          })),
          last ? last.streamRevision : 'no_stream',
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}

/**
 * A command retried after it succeeded finds its own events (their ids derive from the command
 * id) and answers as the first time, before its rules could refuse it on the state it made.
 */
function earlierResult(
  history: readonly RecordedEvent[],
  commandId: string | null,
): AppendResult | null {
  if (!commandId) return null;
  const mine: RecordedEvent[] = [];
  for (const event of history) {
    if (event.id === eventIdFor(commandId, mine.length)) mine.push(event);
  }
  const last = mine[mine.length - 1];
  return last ? standing(last.streamId, last) : null;
}

/** An answer that writes nothing: the stream's last event, or its absence. */
function standing(streamId: string, last: RecordedEvent | undefined): AppendResult {
  return {
    revisions: { [streamId]: last?.streamRevision ?? -1 },
    position: last?.globalPosition ?? 0,
    logPosition: last?.logPosition ?? LOG_START,
    alreadyAppended: true,
  };
}

function asDomainEvent<Event>(event: RecordedEvent): Event {
  return { type: event.type, data: event.data } as Event;
}

export function metadataOf(envelope: CommandEnvelope<unknown>): EventMetadata {
  const { context, commandId } = envelope;
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
