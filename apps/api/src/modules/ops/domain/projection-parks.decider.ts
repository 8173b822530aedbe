import { OPS_MESSAGES } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';
import {
  PROJECTION_EVENT_PARKED,
  type ProjectionEventParked,
} from '../../../domain/projection-parks.events';

/** Park one event for one projection; the caller has checked that the event exists. */
export interface ParkEvent {
  readonly projection: string;
  readonly position: number;
  readonly eventType: string;
  readonly reason: string;
}

/** The positions already parked for the stream's projection. */
export type ParksState = ReadonlySet<number>;

/** A projection's parks (`projection-parks-<name>`): each event is parked at most once. */
export const projectionParksDecider: Decider<ParkEvent, ProjectionEventParked, ParksState> = {
  initialState: () => new Set<number>(),
  decide(command, parked) {
    if (parked.has(command.position)) throw new ConflictError(OPS_MESSAGES.alreadyParked);
    return [
      {
        type: PROJECTION_EVENT_PARKED,
        data: {
          projection: command.projection,
          position: command.position,
          event_type: command.eventType,
          reason: command.reason,
        },
      },
    ];
  },
  evolve: (parked, event) => new Set([...parked, event.data.position]),
};
