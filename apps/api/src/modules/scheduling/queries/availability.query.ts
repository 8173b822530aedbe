import {
  type NextAvailabilityQuery,
  type ReasonWeekDto,
  STATUS_MESSAGES,
  type WeekQuery,
  type WeekView,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CALENDAR_NOT_FOUND } from '../domain/calendar.decider';
import type { CalendarSettings } from '../domain/calendar.events';
import { forReason, offersReason } from '../domain/reason-window';
import { SchedulingRepository } from '../scheduling.repository';
import { nextAvailability, WEEK_DAYS, weekView } from '../week-calendar';

const DAY_MS = 86_400_000;
/** Next availability looks this far ahead for full slots: its 24 months and a margin. */
const NEXT_AVAILABILITY_HORIZON_DAYS = 740;
/** A reason's week may lie this far ahead (its week_time_frame counts weeks from today). */
const REASON_WEEK_HORIZON_DAYS = 800;

export const REASON_NOT_REGISTERED = 'This visit reason is not registered.';
export const NO_CALENDAR_FOR_REASON = 'No calendar offers this visit reason here.';

/** Free slots as visitors browse them: from the read model's calendars and slot capacities. */
@Injectable()
export class AvailabilityQuery {
  constructor(
    private readonly repository: SchedulingRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Five days of free slots. */
  async week(calendarId: string, query: WeekQuery): Promise<WeekView> {
    const settings = await this.calendar(calendarId);
    const now = this.clock.now();
    const start = query.start_date;
    // The five days shown, with a day's margin each side for the facility's offset from UTC.
    const requested = start ? Date.parse(start) : Number.NaN;
    const firstDay = Number.isNaN(requested) ? now.getTime() : Math.max(now.getTime(), requested);
    const from = new Date(firstDay - DAY_MS);
    const to = new Date(firstDay + (WEEK_DAYS + 1) * DAY_MS);
    const capacity = await this.repository.slotCapacity(calendarId, from, to);
    return weekView(settings, start, now, capacity);
  }

  /**
   * The spec's reason-based week: the provider's (or resource's) calendar at the facility that
   * offers the selected visit reason, its five days narrowed to the reason's week_time_frame.
   */
  async reasonWeek(dto: ReasonWeekDto): Promise<WeekView> {
    if (!dto.provider_id === !dto.resource_id) {
      throw new DomainError('invalid', STATUS_MESSAGES[400], {
        errors: ['provider_id or resource_id is required'],
      });
    }
    const calendars = await this.repository.findCalendars({
      provider_id: dto.provider_id,
      resource_id: dto.resource_id,
      facility_id: dto.facility_id,
    });
    const title = dto.selected_reason_title.trim();
    // A calendar that names the reason comes before one that offers every reason.
    const calendar =
      calendars.find((c) => c.reasons?.includes(title)) ??
      calendars.find((c) => offersReason(c, title));
    if (!calendar) throw new NotFoundError(NO_CALENDAR_FOR_REASON);
    const now = this.clock.now();
    const settings = await this.forReason(calendar, title, now);
    const from = new Date(now.getTime() - DAY_MS);
    const to = new Date(from.getTime() + REASON_WEEK_HORIZON_DAYS * DAY_MS);
    const capacity = await this.repository.slotCapacity(calendar.calendar_id, from, to);
    return weekView(settings, dto.start_date, now, capacity);
  }

  /**
   * The first free slot on or after a day, within 24 months; null when there is none. With
   * selectedReasonTitle (reason-based), only within that visit reason's week_time_frame.
   */
  async nextAvailability(
    calendarId: string,
    query: NextAvailabilityQuery,
  ): Promise<{ next_available_date: string | null; start_date: string | null }> {
    const calendar = await this.calendar(calendarId);
    const now = this.clock.now();
    const settings = query.selectedReasonTitle
      ? await this.forReason(calendar, query.selectedReasonTitle, now)
      : calendar;
    const horizon = new Date(now.getTime() + NEXT_AVAILABILITY_HORIZON_DAYS * DAY_MS);
    const full = await this.repository.slotCapacity(calendarId, now, horizon);
    const found = nextAvailability(settings, query.start_date, now, full);
    return { next_available_date: found?.day ?? null, start_date: found?.start_date ?? null };
  }

  private async calendar(calendarId: string): Promise<CalendarSettings> {
    const settings = await this.repository.calendar(calendarId);
    if (!settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
    return settings;
  }

  /** The calendar narrowed to a registered visit reason's week_time_frame. */
  private async forReason(
    settings: CalendarSettings,
    title: string,
    now: Date,
  ): Promise<CalendarSettings> {
    // The calendar's own window for the reason comes first, then the practice's registered one.
    const own = settings.associated_reasons?.find((r) => r.title === title.trim());
    if (own?.week_time_frame?.length) return forReason(settings, own.week_time_frame, now);
    const reason = await this.repository.visitReason(settings.practice_id, title.trim());
    if (!reason && !own) throw new NotFoundError(REASON_NOT_REGISTERED);
    return forReason(settings, reason?.week_time_frame, now);
  }
}
