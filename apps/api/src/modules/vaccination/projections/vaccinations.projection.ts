import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { VaccinationRecordEvent } from '../domain/vaccination-record.decider';

const VACCINATION_EVENTS = new Set<string>([
  'VaccinationRecorded',
] satisfies VaccinationRecordEvent['type'][]);

/**
 * rm_vaccinations: one row per recorded dose, for patients' records and their passports; each
 * dose is pushed to the patient's room and, for a family member, to their guardian's.
 */
export const vaccinationsProjection: Projection = {
  name: 'vaccinations',
  tables: ['rm_vaccinations'],
  // A family member's guardian, who hears of the member's doses too (rm_family_members).
  appliesAfter: ['users'],
  async apply(
    recorded: RecordedEvent,
    { trx, publish, replaying }: ProjectionContext,
  ): Promise<void> {
    if (!VACCINATION_EVENTS.has(recorded.type)) return;
    const event = recorded as unknown as VaccinationRecordEvent & RecordedEvent;
    switch (event.type) {
      case 'VaccinationRecorded': {
        await trx
          .insertInto('rm_vaccinations')
          .values({ ...event.data, position: recorded.globalPosition })
          .onConflict((oc) => oc.column('vaccination_id').doNothing())
          .execute();
        if (replaying) return;
        const { patient_id, vaccination_id } = event.data;
        const guardian = await trx
          .selectFrom('rm_family_members')
          .select('patient_id')
          .where('member_id', '=', patient_id)
          .executeTakeFirst();
        const message = { patient_id, vaccination_id, position: recorded.globalPosition };
        for (const user of [patient_id, guardian?.patient_id]) {
          if (user) publish(`user:${user}`, 'vaccination.recorded', message);
        }
        return;
      }
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
};
