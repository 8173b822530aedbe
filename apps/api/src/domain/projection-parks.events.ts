/** An operator told one projection to skip one event (see infra/projections/projection-parks). */
export const PROJECTION_EVENT_PARKED = 'ProjectionEventParked';

export interface ProjectionEventParked {
  readonly type: typeof PROJECTION_EVENT_PARKED;
  readonly data: {
    readonly projection: string;
    /** Global position of the skipped event. */
    readonly position: number;
    readonly event_type: string;
    readonly reason: string;
  };
}

/** One stream per projection: its parks, in order. */
export const parksStreamOf = (projection: string): string => `projection-parks-${projection}`;
