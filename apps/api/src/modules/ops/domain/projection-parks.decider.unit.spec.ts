import { OPS_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { projectionParksDecider } from './projection-parks.decider';

const park = {
  projection: 'search',
  position: 42,
  eventType: 'CalendarChanged',
  reason: 'bad date',
};

it('parks an event once, with its type and the reason', () => {
  const events = projectionParksDecider.decide(park, projectionParksDecider.initialState());
  expect(events).toEqual([
    {
      type: 'ProjectionEventParked',
      data: {
        projection: 'search',
        position: 42,
        event_type: 'CalendarChanged',
        reason: 'bad date',
      },
    },
  ]);
  const state = fold(projectionParksDecider, events);
  expect(() => projectionParksDecider.decide(park, state)).toThrow(OPS_MESSAGES.alreadyParked);
  expect(projectionParksDecider.decide({ ...park, position: 43 }, state)).toHaveLength(1);
});
