import type { HealthReport, ProjectionPositionMessage } from '@medbook/contracts';
import { defer, merge, type Observable, of, scan, startWith, switchMap } from 'rxjs';
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
    event_store: { head_position: Math.max(health.event_store.head_position, message.position) },
    projections: health.projections.map((p) =>
      p.name === message.name
        ? { ...p, position: message.position, lag_events: 0, lag_ms: 0, updated_at: message.at }
        : p,
    ),
  };
}

/** The API's health: read once, then kept current by live positions; read again on reconnect. */
export function health$(): Observable<HealthReport> {
  return merge(of(undefined), connected$).pipe(
    switchMap(() =>
      defer(() => getHealth()).pipe(
        switchMap((initial) =>
          roomEvent$('ops', 'projection.position').pipe(
            scan(applyPosition, initial),
            startWith(initial),
          ),
        ),
      ),
    ),
  );
}
