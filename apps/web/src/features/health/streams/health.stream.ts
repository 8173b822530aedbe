import type { HealthReport, ProjectionPositionMessage } from '@medbook/contracts';
import { defer, filter, map, merge, type Observable, of, scan, switchMap } from 'rxjs';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { getHealth } from '../api/get-health';

interface Known {
  readonly health: HealthReport | null;
  readonly early: readonly ProjectionPositionMessage[];
}

type Change =
  | { readonly kind: 'snapshot'; readonly health: HealthReport }
  | { readonly kind: 'position'; readonly message: ProjectionPositionMessage };

/** A projection moved on: raise its position, and the head to at least that. */
export function applyPosition(
  health: HealthReport,
  message: ProjectionPositionMessage,
): HealthReport {
  const known = health.projections.find((p) => p.name === message.name);
  if (known && message.position <= known.position) return health;
  return {
    ...health,
    event_store: { head_position: Math.max(health.event_store.head_position, message.position) },
    projections: health.projections.map((p) =>
      p.name === message.name
        ? { ...p, position: message.position, lag_events: 0, lag_ms: 0, updated_at: message.at }
        : p,
    ),
  };
}

/**
 * A fresh read replaces what we knew, except positions, which only move forward: a live message
 * that overtook the read is not undone by it.
 */
export function applySnapshot(known: HealthReport | null, fresh: HealthReport): HealthReport {
  if (!known) return fresh;
  const before = new Map(known.projections.map((p) => [p.name, p.position]));
  return {
    ...fresh,
    event_store: {
      head_position: Math.max(fresh.event_store.head_position, known.event_store.head_position),
    },
    projections: fresh.projections.map((p) => ({
      ...p,
      position: Math.max(p.position, before.get(p.name) ?? 0),
    })),
  };
}

/**
 * The API's health kept current: the live room is joined for the whole subscription, and the
 * health is read at the start and after every reconnect (delivery is at most once).
 */
export function health$(): Observable<HealthReport> {
  const snapshots$ = merge(of(undefined), connected$).pipe(
    switchMap(() => defer(() => getHealth())),
    map((health): Change => ({ kind: 'snapshot', health })),
  );
  const positions$ = roomEvent$('ops', 'projection.position').pipe(
    map((message): Change => ({ kind: 'position', message })),
  );
  return merge(positions$, snapshots$).pipe(
    scan<Change, Known>(
      ({ health, early }, change) => {
        if (change.kind === 'position') {
          // Before the first read there is nothing to apply it to: keep it for that read.
          return health
            ? { health: applyPosition(health, change.message), early }
            : { health, early: [...early, change.message] };
        }
        const fresh = applySnapshot(health, change.health);
        return { health: early.reduce(applyPosition, fresh), early: [] };
      },
      { health: null, early: [] },
    ),
    map(({ health }) => health),
    filter((health): health is HealthReport => health !== null),
  );
}
