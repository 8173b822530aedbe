import type {
  CalendarPreviewDto,
  CalendarPreviewView,
  NewCalendarPreviewDto,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { settingsOf } from '../domain/booking';
import { calendarDecider } from '../domain/calendar.decider';
import {
  type CalendarSettings,
  calendarSettingsFrom,
  calendarStreamId,
  initialCalendarState,
  weeklyHoursIn,
} from '../domain/calendar.events';
import { scheduledSlots } from '../domain/slot-schedule';

const PREVIEW_DAYS = 7;

/**
 * The calendar editor's preview: a change decided on the calendar as it is (the same rules, the
 * same answers for bad settings), folded, and its week placed by the slot generation the live
 * calendar uses. Nothing is appended, so the preview cannot differ from what a save would offer.
 */
@Injectable()
export class CalendarPreviewQuery {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async preview(
    caller: Principal,
    calendarId: string,
    dto: CalendarPreviewDto,
  ): Promise<CalendarPreviewView> {
    const [calendar] = await this.pipeline.read([
      stream(calendarStreamId(calendarId), calendarDecider),
    ]);
    const current = settingsOf(calendar.state);
    this.policy.assertMayWorkForPractice(caller, current.practice_id);
    const { start_date: startDate, ...sent } = dto;
    const changes = Object.fromEntries(
      Object.entries(sent).filter(([, value]) => value !== undefined),
    ) as Partial<CalendarSettings>;
    const now = this.clock.now();
    const events = calendarDecider.decide(
      { type: 'ChangeCalendarSettings', changes, now },
      calendar.state,
    );
    const settings = settingsOf(events.reduce(calendarDecider.evolve, calendar.state));
    return weekOf(settings, startDate, now);
  }

  /**
   * The week a calendar not created yet would offer: its settings checked as a creation checks
   * them. The directory (facility, provider or resource) is checked when it is created, not here.
   */
  previewNew(
    caller: Principal,
    practiceId: string,
    dto: NewCalendarPreviewDto,
  ): CalendarPreviewView {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const { start_date: startDate, ...sent } = dto;
    const now = this.clock.now();
    const state = initialCalendarState();
    const events = calendarDecider.decide(
      {
        type: 'CreateCalendar',
        settings: calendarSettingsFrom({ calendar_id: 'preview', practice_id: practiceId }, sent),
        directory: {
          facility: { practice_id: practiceId, time_zone: sent.time_zone },
          owner: { practice_id: practiceId },
        },
        now,
      },
      state,
    );
    const settings = settingsOf(events.reduce(calendarDecider.evolve, state));
    const today = DateTime.fromJSDate(now, { zone: settings.time_zone }).toISODate()!;
    return weekOf(settings, startDate ?? today, now);
  }
}

/** Seven facility-local days of the settings' slots, from the day given (or this week's Monday). */
function weekOf(
  settings: CalendarSettings,
  startDate: string | undefined,
  now: Date,
): CalendarPreviewView {
  const zone = settings.time_zone;
  const start = startDate ?? DateTime.fromJSDate(now, { zone }).startOf('week').toISODate()!;
  const byDay = new Map<string, { start_date: string; end_date: string }[]>();
  for (const slot of scheduledSlots(settings, start, PREVIEW_DAYS)) {
    const list = byDay.get(slot.day) ?? [];
    list.push({ start_date: slot.start, end_date: slot.end });
    byDay.set(slot.day, list);
  }
  const first = DateTime.fromISO(start, { zone });
  return {
    calendar_id: settings.calendar_id,
    time_zone: zone,
    start_date: start,
    time_step: settings.time_step,
    weekly_hours: weeklyHoursIn(settings),
    days: Array.from({ length: PREVIEW_DAYS }, (_, d) => {
      const day = first.plus({ days: d }).toISODate()!;
      return { day, slots: byDay.get(day) ?? [] };
    }),
  };
}
