import { randomUUID } from 'node:crypto';
import {
  type AppointmentStatus,
  BOOKING_MESSAGES,
  type BookingResult,
  type HoldView,
} from '@medbook/contracts';
import {
  type AppendOptions,
  type EventStore,
  IdempotencyConflict,
  type RecordedEvent,
  type StreamAppend,
  WrongExpectedRevision,
} from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../infra/clock';
import { metadataOf } from '../../infra/event-sourcing/metadata';
import { type Decider, fold } from '../../domain/decider';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { type Folded, FoldedStates, firstUnfolded } from '../../infra/event-sourcing/folded-states';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { ConflictError, DomainError, NotFoundError } from '../../domain/domain-error';
import type { RequestContext } from '../../infra/http/request-context';
import {
  type DirectoryEntry,
  type DirectoryKind,
  directoryStreamId,
} from '../directory/domain/directory-entry.events';
import { HOLDS_SLOT } from './domain/appointment-status';
import { APPOINTMENT_NOT_FOUND, appointmentDecider } from './domain/appointment.decider';
import { type AppointmentDetails, appointmentStreamId } from './domain/appointment.events';
import { CALENDAR_NOT_FOUND, calendarDecider } from './domain/calendar.decider';
import {
  type CalendarEvent,
  type CalendarSettings,
  type CalendarState,
  calendarStreamId,
} from './domain/calendar.events';
import { findSlot, slotId } from './domain/slot-schedule';
import { HOLD_NOT_FOUND, type SlotCommand, slotDecider } from './domain/slot.decider';
import { slotStreamId } from './domain/slot.events';

/** Each conflict means another writer succeeded on the stream, so retrying always progresses. */
const MAX_ATTEMPTS = 50;

/** A requested start as a slot id, or null when it is no instant at all. */
function slotIdOf(start: string): string | null {
  const ms = Date.parse(start);
  return Number.isNaN(ms) ? null : slotId(new Date(ms).toISOString());
}

/** Streams read one after the other saw another writer's commit in between: read again. */
class StaleRead extends Error {}

/** A new appointment's details: who and where come from the calendar, when from the caller. */
function appointmentDetails(
  appointmentId: string,
  settings: CalendarSettings,
  input: Pick<BookInput, 'patientId' | 'bookedBy' | 'reason'>,
  when: Pick<AppointmentDetails, 'start_date' | 'end_date' | 'visit_schedule_type'>,
): Omit<AppointmentDetails, 'status'> {
  return {
    appointment_id: appointmentId,
    calendar_id: settings.calendar_id,
    practice_id: settings.practice_id,
    provider_id: settings.provider_id,
    resource_id: settings.resource_id,
    facility_id: settings.facility_id,
    patient_id: input.patientId,
    booked_by: input.bookedBy,
    ...when,
    time_zone: settings.time_zone,
    visit_type: settings.visit_type,
    reason: input.reason,
  };
}

interface Loaded<State> {
  readonly state: State;
  readonly events: readonly RecordedEvent[];
  readonly revision: number | 'no_stream';
}

export interface BookInput {
  readonly calendarId: string;
  readonly start: string;
  readonly patientId: string;
  readonly bookedBy: string;
  readonly holdId: string | null;
  readonly reason: string | null;
  readonly commandId: string | null;
  /** Checks the caller against the calendar once it is loaded (practice staff booking). */
  readonly authorize?: (settings: CalendarSettings) => void | Promise<void>;
  /** Book only by consuming this live hold (a waitlist offer), never a free place instead. */
  readonly requireHold?: boolean;
}

/**
 * The scheduling commands that span streams: a booking appends to its slot and its new
 * appointment in one atomic append, each at its expected revision, so the slot's capacity is the
 * guard, never a read model.
 */
@Injectable()
export class SchedulingService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Calendars as folded by earlier commands of this process (see calendarLoaded). */
  private readonly calendars = new FoldedStates<CalendarState>();

  async calendar(calendarId: string): Promise<CalendarSettings> {
    return (await this.decidingCalendar(calendarId)).settings;
  }

  /**
   * A calendar that a slot command decides on (its capacity, hours): the command's append then
   * requires the calendar unchanged, so a booking decided on a capacity that was just lowered
   * retries on the new one instead of exceeding it.
   */
  private async decidingCalendar(
    calendarId: string,
  ): Promise<{ settings: CalendarSettings; unchanged: AppendOptions }> {
    const streamId = calendarStreamId(calendarId);
    const known = this.calendars.get(streamId);
    const events = await this.store.readStream(streamId, { fromRevision: firstUnfolded(known) });
    return this.decidedOn(this.calendarLoaded(streamId, known, events));
  }

  /**
   * A calendar from the events after the state remembered: every booking decides on its
   * calendar, whose history of settings changes and blocks only grows.
   */
  private calendarLoaded(
    streamId: string,
    /** The state the read started after: taken before the read, as others may replace it. */
    known: Folded<CalendarState> | undefined,
    events: readonly RecordedEvent[],
  ): Loaded<CalendarState> {
    const state = events.reduce(
      (folded, e) =>
        calendarDecider.evolve(folded, { type: e.type, data: e.data } as CalendarEvent),
      known ? known.state : calendarDecider.initialState(),
    );
    const last = events[events.length - 1];
    const revision = last ? last.streamRevision : (known?.revision ?? 'no_stream');
    this.calendars.remember(streamId, state, revision);
    return { state, events, revision };
  }

  private decidedOn(calendar: Loaded<{ settings: CalendarSettings | null }>): {
    settings: CalendarSettings;
    unchanged: AppendOptions;
  } {
    const settings = calendar.state.settings;
    if (!settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
    return {
      settings,
      unchanged: {
        unchanged: [
          { streamId: calendarStreamId(settings.calendar_id), expectedRevision: calendar.revision },
        ],
      },
    };
  }

  async appointment(appointmentId: string): Promise<AppointmentDetails> {
    const { state } = await this.load(appointmentStreamId(appointmentId), appointmentDecider);
    if (!state.details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return state.details;
  }

  /** A directory entry (facility, provider, resource), from its own stream; null when none. */
  async directoryEntry(kind: DirectoryKind, id: string): Promise<DirectoryEntry | null> {
    const [registered] = await this.store.readStream(directoryStreamId(kind, id), {
      maxCount: 1,
    });
    return registered ? (registered.data as DirectoryEntry) : null;
  }

  /** The appointment stream's revision: what `expected_revision` compares with. */
  async appointmentRevision(appointmentId: string): Promise<number> {
    const [last] = await this.store.readStream(appointmentStreamId(appointmentId), {
      direction: 'backwards',
      maxCount: 1,
    });
    return last?.streamRevision ?? -1;
  }

  async book(input: BookInput, context: RequestContext): Promise<BookingResult> {
    const appointmentId = input.commandId ? eventIdFor(input.commandId, -1) : randomUUID();
    return this.retrying(async () => {
      // The three streams are read in one statement: the slot's id is its normalised start.
      const requested = slotIdOf(input.start);
      const calendarStream = calendarStreamId(input.calendarId);
      const knownCalendar = this.calendars.get(calendarStream);
      const [appointmentRead, calendarRead, slotRead] = await this.store.readStreams(
        [
          appointmentStreamId(appointmentId),
          calendarStream,
          ...(requested ? [slotStreamId(input.calendarId, requested)] : []),
        ],
        { fromRevision: { [calendarStream]: firstUnfolded(knownCalendar) } },
      );
      const appointment = this.loaded(appointmentRead!, appointmentDecider);
      const { settings, unchanged } = this.decidedOn(
        this.calendarLoaded(calendarStream, knownCalendar, calendarRead!),
      );
      const slotState = slotRead ? this.loaded(slotRead, slotDecider) : null;
      await input.authorize?.(settings);
      if (appointment.state.details) return this.earlierBooking(appointment, input.commandId);
      const now = this.clock.now();
      const slot = this.bookableSlot(settings, input.start, now);
      if (!slotState || slot.start !== requested) {
        throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
      }
      const slotStream = slotStreamId(settings.calendar_id, slot.start);
      const slotEvents = slotDecider.decide(
        {
          type: 'BookSlot',
          calendarId: settings.calendar_id,
          start: slot.start,
          capacity: settings.booking_capacity,
          appointmentId,
          patientId: input.patientId,
          holdId: input.holdId,
          now,
        },
        slotState.state,
      );
      const appointmentEvents = appointmentDecider.decide(
        {
          type: 'BookAppointment',
          details: appointmentDetails(appointmentId, settings, input, {
            start_date: slot.start,
            end_date: slot.end,
            visit_schedule_type: 'Scheduled',
          }),
          acceptRejectEnabled: settings.accept_reject_enabled,
          now,
        },
        appointment.state,
      );
      // The slot already holds this appointment: its booking committed after we read the
      // appointment stream (a concurrent retry of this very command). Its answer is there now.
      if (slotEvents.length === 0) throw new StaleRead();
      const consumed = (slotEvents[0]?.data as { hold_id?: string | null }).hold_id;
      if (input.requireHold && consumed !== input.holdId) throw new ConflictError(HOLD_NOT_FOUND);
      const result = await this.store.appendToStreams(
        [
          this.append(slotStream, slotState, slotEvents, input.commandId, 0, context),
          this.append(
            appointmentStreamId(appointmentId),
            appointment,
            appointmentEvents,
            input.commandId,
            10,
            context,
          ),
        ],
        unchanged,
      );
      const status = appointmentEvents[0]?.data as { status: AppointmentStatus } | undefined;
      return {
        appointment_id: appointmentId,
        status: status?.status ?? 'Scheduled',
        position: result.position,
      };
    });
  }

  /** A walk-in: an appointment that starts now, outside the slots, for the provider's queue. */
  async walkIn(
    input: Omit<BookInput, 'start' | 'holdId'>,
    context: RequestContext,
  ): Promise<BookingResult> {
    const appointmentId = input.commandId ? eventIdFor(input.commandId, -1) : randomUUID();
    return this.retrying(async () => {
      const appointment = await this.load(appointmentStreamId(appointmentId), appointmentDecider);
      if (appointment.state.details) return this.earlierBooking(appointment, input.commandId);
      const settings = await this.calendar(input.calendarId);
      if (settings.online_booking_disabled) throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
      const now = this.clock.now();
      const events = appointmentDecider.decide(
        {
          type: 'BookAppointment',
          details: appointmentDetails(appointmentId, settings, input, {
            start_date: now.toISOString(),
            end_date: new Date(now.getTime() + settings.time_step * 60_000).toISOString(),
            visit_schedule_type: 'WalkIn',
          }),
          // Walk-ins are seen in turn: no request to accept.
          acceptRejectEnabled: false,
          now,
        },
        appointment.state,
      );
      const result = await this.store.appendToStreams([
        this.append(
          appointmentStreamId(appointmentId),
          appointment,
          events,
          input.commandId,
          10,
          context,
        ),
      ]);
      return { appointment_id: appointmentId, status: 'Scheduled', position: result.position };
    });
  }

  async hold(
    calendarId: string,
    start: string,
    patientId: string,
    commandId: string | null,
    context: RequestContext,
    /** How long the hold lasts (a waitlist offer's time); the calendar's hold minutes by default. */
    holdMinutes?: number,
  ): Promise<HoldView> {
    const holdId = commandId ? eventIdFor(commandId, -1) : randomUUID();
    return this.retrying(async () => {
      const { settings, unchanged } = await this.decidingCalendar(calendarId);
      const now = this.clock.now();
      const slot = this.bookableSlot(settings, start, now);
      const stream = slotStreamId(calendarId, slot.start);
      const loaded = await this.load(stream, slotDecider);
      const existing = loaded.state.holds.get(holdId);
      if (existing) {
        return {
          hold_id: holdId,
          calendar_id: calendarId,
          start_date: slot.start,
          expires_at: existing.expiresAt,
          position: loaded.events[loaded.events.length - 1]!.globalPosition,
        };
      }
      const events = slotDecider.decide(
        {
          type: 'HoldSlot',
          calendarId,
          start: slot.start,
          capacity: settings.booking_capacity,
          holdId,
          patientId,
          holdMinutes: holdMinutes ?? settings.hold_minutes,
          now,
        },
        loaded.state,
      );
      const result = await this.store.appendToStreams(
        [this.append(stream, loaded, events, commandId, 0, context)],
        unchanged,
      );
      const held = events[0]!.data as { expires_at: string };
      return {
        hold_id: holdId,
        calendar_id: calendarId,
        start_date: slot.start,
        expires_at: held.expires_at,
        position: result.position,
      };
    });
  }

  /** Releases (by its patient) or expires (by the scheduler) a hold; at most once either way. */
  async endHold(
    calendarId: string,
    start: string,
    holdId: string,
    by: { patientId: string } | 'expiry',
    context: RequestContext,
  ): Promise<number | null> {
    return this.retrying(async () => {
      const settings = await this.calendar(calendarId);
      const stream = slotStreamId(calendarId, start);
      const loaded = await this.load(stream, slotDecider);
      const ref = { calendarId, start, capacity: settings.booking_capacity, now: this.clock.now() };
      const command: SlotCommand =
        by === 'expiry'
          ? { ...ref, type: 'ExpireHold', holdId }
          : { ...ref, type: 'ReleaseHold', holdId, patientId: by.patientId };
      const events = slotDecider.decide(command, loaded.state);
      if (events.length === 0) return null;
      const result = await this.store.appendToStreams([
        this.append(stream, loaded, events, null, 0, context),
      ]);
      return result.position;
    });
  }

  /** Old slot released and new slot taken in one atomic append with the appointment's change. */
  async reschedule(
    appointmentId: string,
    start: string,
    by: string,
    expectedRevision: number | null,
    context: RequestContext,
  ): Promise<BookingResult> {
    return this.retrying(async () => {
      const appointment = await this.load(appointmentStreamId(appointmentId), appointmentDecider);
      const details = appointment.state.details;
      if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
      this.checkRevision(appointment, expectedRevision);
      const { settings, unchanged } = await this.decidingCalendar(details.calendar_id);
      const now = this.clock.now();
      const requested = findSlot(settings, start);
      if (requested?.start === details.start_date)
        throw new ConflictError(BOOKING_MESSAGES.sameSlot);
      const slot = this.bookableSlot(settings, start, now);
      const events = appointmentDecider.decide(
        { type: 'RescheduleAppointment', start: slot.start, end: slot.end, by, now },
        appointment.state,
      );
      const ref = { calendarId: settings.calendar_id, capacity: settings.booking_capacity, now };
      const oldStream = slotStreamId(settings.calendar_id, details.start_date);
      const newStream = slotStreamId(settings.calendar_id, slot.start);
      const [oldSlot, newSlot] = await Promise.all([
        this.load(oldStream, slotDecider),
        this.load(newStream, slotDecider),
      ]);
      const released = slotDecider.decide(
        { ...ref, type: 'CancelSlotBooking', start: details.start_date, appointmentId },
        oldSlot.state,
      );
      const taken = slotDecider.decide(
        {
          ...ref,
          type: 'BookSlot',
          start: slot.start,
          appointmentId,
          patientId: details.patient_id,
          holdId: null,
        },
        newSlot.state,
      );
      const appends = [
        this.append(appointmentStreamId(appointmentId), appointment, events, null, 0, context),
        this.append(newStream, newSlot, taken, null, 0, context),
      ];
      if (released.length > 0)
        appends.push(this.append(oldStream, oldSlot, released, null, 0, context));
      const result = await this.store.appendToStreams(appends, unchanged);
      return { appointment_id: appointmentId, status: details.status, position: result.position };
    });
  }

  async cancel(
    appointmentId: string,
    reason: string | null,
    by: string,
    expectedRevision: number | null,
    context: RequestContext,
  ) {
    return this.changeAppointment(
      appointmentId,
      { type: 'CancelAppointment', reason, by, now: this.clock.now() },
      expectedRevision,
      context,
    );
  }

  async changeStatus(
    appointmentId: string,
    status: AppointmentStatus,
    by: string,
    expectedRevision: number | null,
    context: RequestContext,
  ) {
    return this.changeAppointment(
      appointmentId,
      { type: 'ChangeAppointmentStatus', status, by, now: this.clock.now() },
      expectedRevision,
      context,
    );
  }

  /** A status change that ends the visit's claim (cancel, reject) gives its place back, atomically. */
  private changeAppointment(
    appointmentId: string,
    command: Parameters<typeof appointmentDecider.decide>[0],
    expectedRevision: number | null,
    context: RequestContext,
  ): Promise<{ position: number; status: AppointmentStatus }> {
    return this.retrying(async () => {
      const appointment = await this.load(appointmentStreamId(appointmentId), appointmentDecider);
      if (appointment.state.details) this.checkRevision(appointment, expectedRevision);
      const events = appointmentDecider.decide(command, appointment.state);
      const details = appointment.state.details!;
      const after = fold(appointmentDecider, [
        ...appointment.events.map((e) => ({ type: e.type, data: e.data }) as never),
        ...events,
      ]).details!;
      if (events.length === 0) {
        return {
          position: appointment.events[appointment.events.length - 1]!.globalPosition,
          status: after.status,
        };
      }
      const appends: StreamAppend[] = [
        this.append(appointmentStreamId(appointmentId), appointment, events, null, 0, context),
      ];
      if (HOLDS_SLOT(details.status) && !HOLDS_SLOT(after.status)) {
        const stream = slotStreamId(details.calendar_id, details.start_date);
        const slot = await this.load(stream, slotDecider);
        const slotEvents = slotDecider.decide(
          {
            type: 'CancelSlotBooking',
            calendarId: details.calendar_id,
            start: details.start_date,
            capacity: 0,
            appointmentId,
            now: this.clock.now(),
          },
          slot.state,
        );
        if (slotEvents.length > 0)
          appends.push(this.append(stream, slot, slotEvents, null, 0, context));
      }
      const result = await this.store.appendToStreams(appends);
      return { position: result.position, status: after.status };
    });
  }

  /** With an expected revision, the client acts on what it saw: a change in between is a 409. */
  private checkRevision(loaded: Loaded<unknown>, expected: number | null): void {
    if (expected !== null && loaded.revision !== expected) {
      throw new ConflictError(BOOKING_MESSAGES.changedMeanwhile);
    }
  }

  /** The slot at this start, if the calendar offers it for booking now. */
  private bookableSlot(settings: CalendarSettings, start: string, now: Date) {
    if (settings.online_booking_disabled) throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
    const slot = findSlot(settings, start);
    if (!slot || new Date(slot.start) <= now)
      throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
    return slot;
  }

  private earlierBooking(
    appointment: Loaded<{ details: AppointmentDetails | null }>,
    commandId: string | null,
  ): BookingResult {
    const first = appointment.events[0]!;
    // Another booking under this id, not this command's retry: refuse it.
    if (!commandId || first.id !== eventIdFor(commandId, 10)) {
      throw new ConflictError(BOOKING_MESSAGES.patientAlreadyBooked);
    }
    return {
      appointment_id: appointment.state.details!.appointment_id,
      status: (first.data as { status: AppointmentStatus }).status,
      position: first.globalPosition,
    };
  }

  private async retrying<T>(attempt: () => Promise<T>): Promise<T> {
    for (let n = 1; ; n += 1) {
      try {
        return await attempt();
      } catch (error) {
        const conflict =
          error instanceof WrongExpectedRevision ||
          error instanceof IdempotencyConflict ||
          error instanceof StaleRead;
        if (!conflict) throw error;
        if (n >= MAX_ATTEMPTS) throw new DomainError('conflict', BOOKING_MESSAGES.unableToBook);
      }
    }
  }

  private async load<C, E extends { type: string; data: unknown }, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<Loaded<S>> {
    return this.loaded(await this.store.readStream(streamId), decider);
  }

  private loaded<C, E extends { type: string; data: unknown }, S>(
    events: readonly RecordedEvent[],
    decider: Decider<C, E, S>,
  ): Loaded<S> {
    const last = events[events.length - 1];
    return {
      state: fold(
        decider,
        events.map((e) => ({ type: e.type, data: e.data }) as E),
      ),
      events,
      revision: last ? last.streamRevision : 'no_stream',
    };
  }

  private append(
    streamId: string,
    loaded: Loaded<unknown>,
    events: readonly { type: string; data: unknown }[],
    commandId: string | null,
    offset: number,
    context: RequestContext,
  ): StreamAppend {
    const metadata = metadataOf(context, commandId);
    return {
      streamId,
      expectedRevision: loaded.revision,
      events: events.map((event, index) => ({
        id: eventIdFor(commandId, offset + index),
        type: event.type,
        data: event.data,
        metadata,
      })),
    };
  }
}
