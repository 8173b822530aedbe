import type { EventStore, RecordedEvent } from '@medbook/event-store';
import {
  PROJECTION_EVENT_PARKED,
  type ProjectionEventParked,
  parksStreamOf,
} from '../../domain/projection-parks.events';

export { parksStreamOf } from '../../domain/projection-parks.events';

/**
 * Events an operator told one projection to skip. Each park is an event of its own, in the
 * projection's `projection-parks-<name>` stream: the log keeps who skipped what and why, and a
 * rebuild skips the same events. The runner reads the stream directly (at start, and before
 * each retry while failing): the park comes after the stuck event in the log, so the projection
 * could never reach it by applying the log in order.
 */
export interface ParkedEvent {
  readonly position: number;
  readonly type: string;
  readonly reason: string;
  readonly parkedBy: string | null;
  readonly parkedAt: Date;
}

/** This projection's parked events by global position. */
export async function readParks(
  store: EventStore,
  projection: string,
): Promise<Map<number, ParkedEvent>> {
  return parksIn(await store.readStream(parksStreamOf(projection)));
}

/** Several projections' parked events, from one read of their streams. */
export async function readParksOf(
  store: EventStore,
  projections: readonly string[],
): Promise<Map<string, Map<number, ParkedEvent>>> {
  const streams = await store.readStreams(projections.map(parksStreamOf));
  return new Map(projections.map((name, i) => [name, parksIn(streams[i] ?? [])]));
}

function parksIn(events: readonly RecordedEvent[]): Map<number, ParkedEvent> {
  const parks = new Map<number, ParkedEvent>();
  for (const event of events) {
    if (event.type !== PROJECTION_EVENT_PARKED) continue;
    const data = event.data as ProjectionEventParked['data'];
    parks.set(data.position, {
      position: data.position,
      type: data.event_type,
      reason: data.reason,
      parkedBy: event.metadata.actorId,
      parkedAt: event.recordedAt,
    });
  }
  return parks;
}
