import type { WeekAsOfQuery, WeekView } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { NotFoundError } from '../../../domain/domain-error';
import {
  CommandPipeline,
  foldRecorded,
  stream,
} from '../../../infra/event-sourcing/command-pipeline';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { APPOINTMENT_NOT_FOUND, appointmentDecider } from '../domain/appointment.decider';
import { type AppointmentDetails, appointmentStreamId } from '../domain/appointment.events';
import { CALENDAR_NOT_FOUND, calendarDecider } from '../domain/calendar.decider';
import { calendarStreamId } from '../domain/calendar.events';
import { scheduledSlots } from '../domain/slot-schedule';
import { slotDecider } from '../domain/slot.decider';
import { remaining, slotStreamId } from '../domain/slot.events';
import { WEEK_DAYS, weekView } from '../week-calendar';

/** The events of a stream recorded up to an instant (the log as it stood then). */
const upTo = (events: readonly RecordedEvent[], asOf: Date): RecordedEvent[] =>
  events.filter((event) => event.recordedAt.getTime() <= asOf.getTime());

/**
 * Time travel (issue 16, part 4): a week as it was offered, or an appointment as it stood, at
 * any past instant, folded from the streams' events recorded up to it with the same deciders
 * and the same week function the live answers use, and "now" at that instant. Nothing is kept:
 * the log is the history.
 */
@Injectable()
export class PastStates {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
  ) {}

  async weekAsOf(calendarId: string, query: WeekAsOfQuery, asOf: Date): Promise<WeekView> {
    const [calendar] = await this.pipeline.read([
      stream(calendarStreamId(calendarId), calendarDecider),
    ]);
    const settings = foldRecorded(calendarDecider, upTo(calendar.events, asOf)).settings;
    if (!settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
    // The same first day as the live week would have chosen then.
    const zone = settings.time_zone;
    const today = DateTime.fromJSDate(asOf, { zone }).startOf('day');
    let start = query.start_date ? DateTime.fromISO(query.start_date, { zone }) : today;
    if (!start.isValid || start < today) start = today;
    const starts = [...scheduledSlots(settings, start.toISODate()!, WEEK_DAYS)].map((s) => s.start);
    const slots = await this.pipeline.read(
      starts.map((at) => stream(slotStreamId(calendarId, at), slotDecider)),
    );
    const free = new Map<string, number>();
    slots.forEach((slot, index) => {
      const events = upTo(slot.events, asOf);
      if (events.length === 0) return;
      free.set(
        starts[index]!,
        remaining(foldRecorded(slotDecider, events), settings.booking_capacity),
      );
    });
    return weekView(settings, query.start_date, asOf, free);
  }

  async appointmentAsOf(
    caller: Principal,
    appointmentId: string,
    asOf: Date,
  ): Promise<AppointmentDetails & { revision: number; rejection_reason: string | null }> {
    const [appointment] = await this.pipeline.read([
      stream(appointmentStreamId(appointmentId), appointmentDecider),
    ]);
    // Who may see it is decided on the appointment as it is now.
    const now = appointment.state.details;
    if (!now) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    await this.policy.assertMayReachAppointment(caller, now);
    const events = upTo(appointment.events, asOf);
    const folded = foldRecorded(appointmentDecider, events);
    const then = folded.details;
    if (!then) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return {
      ...then,
      revision: events[events.length - 1]!.streamRevision,
      rejection_reason: folded.rejectionReason ?? null,
    };
  }
}
