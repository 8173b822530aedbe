import { type CalendarLookupQuery, STATUS_MESSAGES } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { CALENDAR_NOT_FOUND } from '../domain/calendar.decider';
import { type CompleteCalendarSettings, withCalendarDefaults } from '../domain/calendar.events';
import { SchedulingRepository } from '../scheduling.repository';

/** Calendars' settings from the read model, every later-added field present. */
@Injectable()
export class CalendarViewsQuery {
  constructor(
    private readonly repository: SchedulingRepository,
    private readonly policy: AccessPolicy,
  ) {}

  /** A practice's calendars, for its staff (the calendar editor). */
  async practiceCalendars(
    caller: Principal,
    practiceId: string,
  ): Promise<CompleteCalendarSettings[]> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return (await this.repository.practiceCalendars(practiceId)).map(withCalendarDefaults);
  }

  /** Calendars by provider or resource and facility. */
  async find(query: CalendarLookupQuery): Promise<CompleteCalendarSettings[]> {
    if (!query.provider_id && !query.resource_id) {
      throw new DomainError('invalid', STATUS_MESSAGES[400], {
        errors: ['provider_id or resource_id is required'],
      });
    }
    return (await this.repository.findCalendars(query)).map(withCalendarDefaults);
  }

  async settings(calendarId: string): Promise<CompleteCalendarSettings> {
    const settings = await this.repository.calendar(calendarId);
    if (!settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
    return withCalendarDefaults(settings);
  }
}
