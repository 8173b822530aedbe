export interface ProjectionStatus {
  readonly name: string;
  readonly state: 'starting' | 'running' | 'failing' | 'stopped';
  /** Global position of the last event the projection applied (0 before the first). */
  readonly position: number;
  readonly lag_events: number;
  readonly lag_ms: number;
  readonly last_error: string | null;
  readonly updated_at: string | null;
}

export interface HealthReport {
  readonly status: 'ok' | 'degraded';
  readonly database: 'up' | 'down';
  readonly event_store: { readonly head_position: number };
  readonly projections: readonly ProjectionStatus[];
  readonly checked_at: string;
}

/**
 * What anyone may ask (`GET /health`, for load balancers and uptime checks): up, or degraded when
 * the database does not answer or a projection this process runs is failing. The details are in
 * the operators' HealthReport (`GET /ops/health`).
 */
export interface PublicHealth {
  readonly status: 'up' | 'degraded';
  readonly checked_at: string;
}
