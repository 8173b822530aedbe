import type { HealthReport, ProjectionPositionMessage } from '@medbook/contracts';
import { map, merge, NEVER, type Observable } from 'rxjs';
import { liveQuery$ } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { getHealth } from '../api/get-health';

/** A projection moved on: raise its position, and the head to at least that. */
export function applyPosition(
  health: HealthReport,
  message: ProjectionPositionMessage,
): HealthReport {
  const known = health.projections.find((p) => p.name === message.name);
  if (known && message.position <= known.position) return health;
  return {
    ...health,
    event_store: {
      ...health.event_store,
      head_position: Math.max(health.event_store.head_position, message.position),
    },
    projections: health.projections.map((p) =>
      p.name === message.name
        ? {
            ...p,
            position: message.position,
            lag_events: 0,
            lag_ms: 0,
            updated_at: message.at,
            // Past the event it was stuck on (applied, or parked): running again.
            ...(p.failing_event && message.position >= p.failing_event.position
              ? { failing_event: null, last_error: null, state: 'running' as const }
              : {}),
          }
        : p,
    ),
  };
}

/**
 * The API's health kept current: read at the start and after every reconnect (delivery is at
 * most once), and moved on by each projection's position pushed to the ops room; a push heard
 * while a read is on its way is applied to its answer (positions only move forward). What no
 * push tells (the log held back by a transaction) is read again whenever `refresh$` emits.
 */
export function health$(refresh$: Observable<unknown> = NEVER): Observable<HealthReport> {
  return liveQuery$<HealthReport, ProjectionPositionMessage>({
    read: () => getHealth(),
    pushes: roomEvent$('ops', 'projection.position'),
    // Projections report the same global position each: a push is one projection's.
    keyOf: (message) => `${message.name}:${message.position}`,
    apply: applyPosition,
    // A park or a failure changes what a projection reports beyond its position: read it all
    // again.
    refetch$: merge(
      connected$,
      roomEvent$('ops', 'projection.parked').pipe(map(() => undefined)),
      roomEvent$('ops', 'projection.failing').pipe(map(() => undefined)),
      refresh$.pipe(map(() => undefined)),
    ),
    whileReading: 'apply',
  });
}
