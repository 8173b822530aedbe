import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { PracticeEvent } from '../domain/practice.events';

const PRACTICE_EVENTS = new Set<string>(['PracticeRegistered'] satisfies PracticeEvent['type'][]);

/** rm_practices: one row per practice, for the directory's reads. */
export const practicesProjection: Projection = {
  name: 'practices',
  tables: ['rm_practices'],
  async apply(recorded: RecordedEvent, { trx, publish }: ProjectionContext): Promise<void> {
    if (!PRACTICE_EVENTS.has(recorded.type)) return;
    const event = recorded as unknown as PracticeEvent & RecordedEvent;
    switch (event.type) {
      case 'PracticeRegistered': {
        const { practice_id, name, time_zone, registered_at } = event.data;
        await trx
          .insertInto('rm_practices')
          .values({
            practice_id,
            name,
            time_zone,
            registered_at,
            position: recorded.globalPosition,
          })
          .onConflict((oc) => oc.column('practice_id').doNothing())
          .execute();
        publish(`practice:${practice_id}`, 'practice.changed', {
          practice_id,
          name,
          time_zone,
          position: recorded.globalPosition,
        });
        return;
      }
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
};
