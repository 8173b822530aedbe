import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { CLOCK, type Clock } from '../infra/clock';
import { CommandPipeline } from '../infra/event-sourcing/command-pipeline';
import { eventIdFor } from '../infra/event-sourcing/event-ids';
import { systemContext } from '../infra/http/request-context';
import { directoryEntryDecider } from '../modules/directory/domain/directory-entry.decider';
import { directoryStreamId } from '../modules/directory/domain/directory-entry.events';
import { DEMO_ACCOUNTS, DEMO_PRACTICE_ID } from './identity-demo-seed';
import { UserAccounts } from '../modules/identity/user-accounts';
import { calendarDecider } from '../modules/scheduling/domain/calendar.decider';
import { calendarStreamId } from '../modules/scheduling/domain/calendar.events';

const CONTEXT = systemContext('demo-seed');

/**
 * On a first start, after the demo accounts: a facility of the demo practice, the demo provider
 * registered in its directory and a calendar for them, so a person trying the product can book
 * at once. Idempotent by command ids.
 */
@Injectable()
export class SchedulingDemoSeed {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pipeline: CommandPipeline,
    private readonly accounts: UserAccounts,
  ) {}

  async seed(): Promise<void> {
    const provider = DEMO_ACCOUNTS.find((a) => a.type === 'Provider');
    const providerId = provider ? await this.accounts.userIdByEmail(provider.email) : null;
    if (!providerId) return;
    const now = this.clock.now();
    const facilityId = eventIdFor('demo-facility', -1);
    const zone = 'America/New_York';
    await this.pipeline.decideOn(directoryStreamId('facility', facilityId), directoryEntryDecider, {
      command: {
        type: 'RegisterDirectoryEntry',
        entry: {
          id: facilityId,
          practice_id: DEMO_PRACTICE_ID,
          kind: 'facility',
          name: 'Lakeside Family Medicine - Main Street',
          details: {
            iana_time_zone: zone,
            office_visit: true,
            tele_visit: true,
            address: { address1: '100 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
          },
        },
        now,
      },
      context: CONTEXT,
      commandId: 'demo-facility',
    });
    await this.pipeline.decideOn(directoryStreamId('provider', providerId), directoryEntryDecider, {
      command: {
        type: 'RegisterDirectoryEntry',
        entry: {
          id: providerId,
          practice_id: DEMO_PRACTICE_ID,
          kind: 'provider',
          name: 'Peter Provider',
          details: {
            user_id: providerId,
            first_name: 'Peter',
            last_name: 'Provider',
            provider_type: 'local',
            specialties: ['Family Medicine'],
            facility_ids: [facilityId],
          },
        },
        now,
      },
      context: CONTEXT,
      commandId: 'demo-provider',
    });
    const calendarId = eventIdFor('demo-calendar', -1);
    await this.pipeline.decideOn(calendarStreamId(calendarId), calendarDecider, {
      command: {
        type: 'CreateCalendar',
        settings: {
          calendar_id: calendarId,
          practice_id: DEMO_PRACTICE_ID,
          name: 'Dr. Peter Provider',
          provider_id: providerId,
          resource_id: null,
          facility_id: facilityId,
          time_zone: zone,
          visit_type: 'Office',
          first_hour: 8,
          last_hour: 17,
          time_step: 30,
          working_days: [1, 2, 3, 4, 5],
          date_from: DateTime.fromJSDate(now, { zone }).toISODate()!,
          date_to: null,
          booking_capacity: 1,
          marked_time_spans: [],
          minutes_before_showing_slots: 60,
          slots_hide_hours: 0,
          online_booking_disabled: false,
          wait_list_enabled: true,
          can_check_in: true,
          accept_reject_enabled: false,
          hold_minutes: 10,
        },
        // Both registered just above, in the demo practice.
        directory: {
          facility: { practice_id: DEMO_PRACTICE_ID, time_zone: zone },
          owner: { practice_id: DEMO_PRACTICE_ID },
        },
        now,
      },
      context: CONTEXT,
      commandId: 'demo-calendar',
    });
  }
}
