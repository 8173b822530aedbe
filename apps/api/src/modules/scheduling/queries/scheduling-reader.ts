import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../domain/domain-error';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import { EVENT_STORE } from '../../../infra/event-store/event-store.provider';
import {
  type DirectoryEntry,
  type DirectoryKind,
  directoryStreamId,
} from '../../directory/domain/directory-entry.events';
import { CalendarStates } from '../calendar-states';
import { APPOINTMENT_NOT_FOUND, appointmentDecider } from '../domain/appointment.decider';
import { type AppointmentDetails, appointmentStreamId } from '../domain/appointment.events';
import { CALENDAR_NOT_FOUND } from '../domain/calendar.decider';
import type { CalendarSettings } from '../domain/calendar.events';
import { slotDecider } from '../domain/slot.decider';
import { type SlotState, slotStreamId } from '../domain/slot.events';

/** An appointment as its stream has it now, with the revision `expected_revision` compares with. */
export interface AppointmentAsStored {
  readonly details: AppointmentDetails;
  readonly revision: number;
  /** Why its request was rejected (null unless it was, with a reason). */
  readonly rejectionReason: string | null;
}

/** How many calendars' practices a process remembers (oldest out first). */
const KNOWN_CALENDARS_MAX = 10_000;

/**
 * Calendars and appointments from their own streams, never lagging a command just answered
 * (a room joined right after booking, a hold's calendar): for the reads that decide.
 */
@Injectable()
export class SchedulingReader {
  /** Calendars' practices, which never change (see calendarPractice). */
  private readonly practices = new Map<string, string>();

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly calendars: CalendarStates,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The calendar's settings (404 when there is none). */
  async calendar(calendarId: string): Promise<CalendarSettings> {
    const [calendar] = await this.pipeline.read([this.calendars.stream(calendarId)]);
    if (!calendar.state.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
    return calendar.state.settings;
  }

  /**
   * The calendar's practice (404 when there is none). Fixed at creation (FIXED_CALENDAR_FIELDS),
   * so once read it is remembered, on any process: a staff booking, hold or walk-in checks it
   * without reading the calendar's stream a second time (issue 21).
   */
  async calendarPractice(calendarId: string): Promise<string> {
    const known = this.practices.get(calendarId);
    if (known) return known;
    const { practice_id } = await this.calendar(calendarId);
    if (this.practices.size >= KNOWN_CALENDARS_MAX) {
      this.practices.delete(this.practices.keys().next().value!);
    }
    this.practices.set(calendarId, practice_id);
    return practice_id;
  }

  /** The appointment's details (404 when there is none). */
  async appointment(appointmentId: string): Promise<AppointmentAsStored> {
    const [appointment] = await this.pipeline.read([
      stream(appointmentStreamId(appointmentId), appointmentDecider),
    ]);
    const { details } = appointment.state;
    if (!details || appointment.revision === 'no_stream') {
      throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    }
    return {
      details,
      revision: appointment.revision,
      rejectionReason: appointment.state.rejectionReason ?? null,
    };
  }

  /** A slot's holds, bookings and how its holds ended. */
  async slot(calendarId: string, start: string): Promise<SlotState> {
    const [slot] = await this.pipeline.read([stream(slotStreamId(calendarId, start), slotDecider)]);
    return slot.state;
  }

  /** A directory entry (facility, provider, resource) as registered; null when none. */
  async directoryEntry(kind: DirectoryKind, id: string): Promise<DirectoryEntry | null> {
    const [registered] = await this.store.readStream(directoryStreamId(kind, id), {
      maxCount: 1,
    });
    return registered ? (registered.data as DirectoryEntry) : null;
  }
}
