import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { VaccinationRecordEvent } from '../domain/vaccination-record.decider';

const VACCINATION_EVENTS = new Set<string>([
  'VaccinationRecorded',
] satisfies VaccinationRecordEvent['type'][]);

/** rm_vaccinations: one row per recorded dose, for patients' records and their passports. */
export const vaccinationsProjection: Projection = {
  name: 'vaccinations',
  tables: ['rm_vaccinations'],
  async apply(recorded: RecordedEvent, { trx }: ProjectionContext): Promise<void> {
    if (!VACCINATION_EVENTS.has(recorded.type)) return;
    const event = recorded as unknown as VaccinationRecordEvent & RecordedEvent;
    switch (event.type) {
      case 'VaccinationRecorded': {
        await trx
          .insertInto('rm_vaccinations')
          .values({ ...event.data, position: recorded.globalPosition })
          .onConflict((oc) => oc.column('vaccination_id').doNothing())
          .execute();
        return;
      }
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
};
