import {
  type BookingResult,
  type WaitlistJoined,
  WAITLIST_MESSAGES,
  type WaitlistType,
} from '@medbook/contracts';
import {
  type EventStore,
  type RecordedEvent,
  WrongExpectedRevision,
  IdempotencyConflict,
} from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { CLOCK, type Clock } from '../../infra/clock';
import { metadataOf } from '../../infra/event-sourcing/metadata';
import { fold } from '../../domain/decider';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { DomainError } from '../../domain/domain-error';
import { type RequestContext, systemContext } from '../../infra/http/request-context';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import { slotDecider } from '../scheduling/domain/slot.decider';
import { slotStreamId } from '../scheduling/domain/slot.events';
import { BookAppointmentCommand } from '../scheduling/commands/book-appointment';
import { EndHoldCommand, type HoldEnd } from '../scheduling/commands/end-hold';
import { HoldSlotCommand } from '../scheduling/commands/hold-slot';
import { SchedulingReader } from '../scheduling/queries/scheduling-reader';
import { LineChanged, type WaitlistCommand, waitlistDecider } from './domain/waitlist.decider';
import {
  nextInLine,
  type WaitlistEvent,
  type WaitlistOffer,
  type WaitlistState,
  waitlistStreamId,
} from './domain/waitlist.events';

const MAX_ATTEMPTS = 50;
const SYSTEM = systemContext('waitlist-offers');

interface LoadedLine {
  readonly state: WaitlistState;
  readonly events: readonly RecordedEvent[];
  readonly revision: number | 'no_stream';
}

/**
 * The waiting list of each calendar is one stream: joining, leaving and offers are decided on it
 * at its expected revision, so concurrent joins get distinct places and one patient joins once.
 * An offer reserves its slot with a hold in the patient's name (the scheduling core's hold path);
 * the slot's stream then decides between accepting (a booking that consumes the hold) and the
 * hold's end (declined or expired), so an offer has exactly one outcome.
 */
@Injectable()
export class WaitlistService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly scheduling: SchedulingReader,
  ) {}

  async line(calendarId: string): Promise<LoadedLine> {
    const events = await this.store.readStream(waitlistStreamId(calendarId));
    const last = events[events.length - 1];
    return {
      state: fold(
        waitlistDecider,
        events.map((e) => ({ type: e.type, data: e.data }) as WaitlistEvent),
      ),
      events,
      revision: last ? last.streamRevision : 'no_stream',
    };
  }

  /** The calendar's settings from its stream (404 when there is none). */
  calendar(calendarId: string): Promise<CalendarSettings> {
    return this.scheduling.calendar(calendarId);
  }

  /** A calendar the patient may wait for: it exists (404) and has its waiting list on (400). */
  async waitlistCalendar(calendarId: string): Promise<CalendarSettings> {
    const settings = await this.scheduling.calendar(calendarId);
    if (!settings.wait_list_enabled) throw new DomainError('invalid', WAITLIST_MESSAGES.notEnabled);
    return settings;
  }

  async join(
    settings: CalendarSettings,
    patientId: string,
    joinedBy: string,
    listType: WaitlistType,
    commandId: string | null,
    context: RequestContext,
  ): Promise<WaitlistJoined> {
    const { events, position } = await this.decide(
      settings.calendar_id,
      {
        type: 'JoinWaitlist',
        calendarId: settings.calendar_id,
        practiceId: settings.practice_id,
        providerId: settings.provider_id,
        resourceId: settings.resource_id,
        patientId,
        joinedBy,
        listType,
        now: this.clock.now(),
      },
      commandId,
      context,
    );
    const joined = events.find((e) => e.type === 'WaitlistJoined');
    const line = await this.line(settings.calendar_id);
    const mine = line.state.entries.get(patientId);
    const place = mine
      ? [...line.state.entries.values()].filter((e) => e.seq <= mine.seq).length
      : line.state.entries.size;
    return {
      calendar_id: settings.calendar_id,
      patient_id: patientId,
      position: place,
      event_position: joined?.globalPosition ?? position,
    };
  }

  /** Leaves the list; an open offer is declined and its slot passes to the next in line. */
  async leave(calendarId: string, patientId: string, context: RequestContext): Promise<number> {
    const before = await this.line(calendarId);
    const offer = [...before.state.offers.values()].find(
      (o) => o.patientId === patientId && o.status === 'Offered',
    );
    const { position } = await this.decide(
      calendarId,
      { type: 'LeaveWaitlist', calendarId, patientId, now: this.clock.now() },
      null,
      context,
    );
    if (offer) await this.releaseHold(calendarId, offer, context);
    return position;
  }

  /** Books the offered slot by consuming its hold: a hold already ended is a 409. */
  async accept(
    calendarId: string,
    offerId: string,
    bookedBy: string,
    context: RequestContext,
  ): Promise<BookingResult> {
    const offer = await this.openOffer(calendarId, offerId);
    const booked = await this.commands.execute(
      new BookAppointmentCommand(
        {
          calendarId,
          start: offer.start,
          patientId: offer.patientId,
          bookedBy,
          holdId: offer.holdId,
          reason: null,
          commandId: eventIdFor(offerId, 1),
          requireHold: true,
        },
        null,
        { ...context, onBehalfOf: offer.patientId === bookedBy ? null : offer.patientId },
      ),
    );
    const ended = await this.endOffer(calendarId, offerId, 'Accepted', booked.appointment_id);
    return { ...booked, position: Math.max(booked.position, ended ?? 0) };
  }

  /** Gives the slot back; the hold's release passes it to the next patient in line. */
  async decline(calendarId: string, offerId: string, context: RequestContext): Promise<number> {
    const offer = await this.openOffer(calendarId, offerId);
    const released = await this.releaseHold(calendarId, offer, context);
    const ended = await this.endOffer(calendarId, offerId, 'Declined', null);
    return Math.max(released ?? 0, ended ?? 0);
  }

  /**
   * A place freed on this slot: the next patient in line who waited before it freed gets an
   * offer that holds it for them. Idempotent per trigger: a retry finds its offer made.
   */
  async offerFreedSlot(
    calendarId: string,
    start: string,
    triggerId: string,
    triggerPosition: number,
  ): Promise<string | null> {
    const offerId = eventIdFor(`${triggerId}/${start}`, 0);
    let heldFor: { patientId: string; holdId: string } | null = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const line = await this.line(calendarId);
      if (line.state.offers.has(offerId)) return offerId;
      const joinedBefore = joinedPositions(line.events);
      const next = nextInLine(
        line.state,
        start,
        (patientId) => (joinedBefore.get(patientId) ?? Infinity) < triggerPosition,
      );
      if (heldFor && heldFor.patientId !== next?.patientId) {
        // The line moved while we held the slot for someone else: give that hold back.
        await this.endHold(
          { calendarId, start, holdId: heldFor.holdId, by: { patientId: heldFor.patientId } },
          SYSTEM,
        ).catch(() => null);
      }
      if (!next) return null;
      const settings = await this.scheduling.calendar(calendarId);
      if (!settings.wait_list_enabled) return null;
      let hold;
      try {
        hold = await this.commands.execute(
          new HoldSlotCommand(
            {
              calendarId,
              start,
              patientId: next.patientId,
              commandId: eventIdFor(`${offerId}/${next.patientId}`, 0),
              holdMinutes: this.config.waitlistOfferTtlMs / 60_000,
            },
            null,
            SYSTEM,
          ),
        );
      } catch (error) {
        // Taken meanwhile, in the past, or no longer on the schedule: nothing to offer.
        if (error instanceof DomainError) return null;
        throw error;
      }
      heldFor = { patientId: next.patientId, holdId: hold.hold_id };
      try {
        await this.append(calendarId, line, {
          type: 'MakeOffer',
          calendarId,
          offerId,
          patientId: next.patientId,
          start: hold.start_date,
          holdId: hold.hold_id,
          expiresAt: hold.expires_at,
          triggerId,
          now: this.clock.now(),
        });
        return offerId;
      } catch (error) {
        if (!isConflict(error)) throw error;
      }
    }
    throw new DomainError('conflict', 'The waiting list is too busy. Please try again.');
  }

  /** Records what the slot decided for an offer's hold; at most once. */
  async endOffer(
    calendarId: string,
    offerId: string,
    status: 'Accepted' | 'Declined' | 'Expired',
    appointmentId: string | null,
  ): Promise<number | null> {
    const { events } = await this.decide(
      calendarId,
      { type: 'EndOffer', calendarId, offerId, status, appointmentId, now: this.clock.now() },
      null,
      SYSTEM,
    );
    return events[events.length - 1]?.globalPosition ?? null;
  }

  /** Ends an offer whose hold is past its time, through the slot (a booking that won stands). */
  async expireOffer(calendarId: string, offerId: string): Promise<void> {
    const line = await this.line(calendarId);
    const offer = line.state.offers.get(offerId);
    if (!offer || offer.status !== 'Offered') return;
    await this.endHold(
      { calendarId, start: offer.start, holdId: offer.holdId, by: 'expiry' },
      SYSTEM,
    );
    const fate = await this.holdFate(calendarId, offer);
    if (fate.ended) await this.endOffer(calendarId, offerId, fate.status, fate.appointmentId);
  }

  /** What happened to an offer's hold on its slot's stream. */
  async holdFate(
    calendarId: string,
    offer: WaitlistOffer,
  ): Promise<
    | { ended: false }
    | {
        ended: true;
        status: 'Accepted' | 'Declined' | 'Expired';
        appointmentId: string | null;
      }
  > {
    const events = await this.store.readStream(slotStreamId(calendarId, offer.start));
    for (const event of events) {
      const data = event.data as { hold_id?: string; appointment_id?: string; reason?: string };
      if (data.hold_id !== offer.holdId) continue;
      if (event.type === 'SlotBooked')
        return { ended: true, status: 'Accepted', appointmentId: data.appointment_id ?? null };
      if (event.type === 'SlotHoldReleased')
        return {
          ended: true,
          status: data.reason === 'expired' ? 'Expired' : 'Declined',
          appointmentId: null,
        };
    }
    return { ended: false };
  }

  private async openOffer(calendarId: string, offerId: string): Promise<WaitlistOffer> {
    const line = await this.line(calendarId);
    const offer = line.state.offers.get(offerId);
    if (!offer) throw new DomainError('not_found', WAITLIST_MESSAGES.offerNotFound);
    if (offer.status !== 'Offered') throw new DomainError('conflict', WAITLIST_MESSAGES.offerEnded);
    return offer;
  }

  private async releaseHold(
    calendarId: string,
    offer: WaitlistOffer,
    context: RequestContext,
  ): Promise<number | null> {
    const events = await this.store.readStream(slotStreamId(calendarId, offer.start));
    const state = fold(
      slotDecider,
      events.map((e) => ({ type: e.type, data: e.data }) as never),
    );
    if (!state.holds.has(offer.holdId)) return null;
    return this.endHold(
      {
        calendarId,
        start: offer.start,
        holdId: offer.holdId,
        by: { patientId: offer.patientId },
      },
      context,
    );
  }

  private async endHold(end: HoldEnd, context: RequestContext): Promise<number | null> {
    return (await this.commands.execute(new EndHoldCommand(end, null, context))).position;
  }

  /** Decides on the line at its revision, again on every concurrent change. */
  private async decide(
    calendarId: string,
    command: WaitlistCommand,
    commandId: string | null,
    context: RequestContext,
  ): Promise<{ events: readonly RecordedEvent[]; position: number }> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const line = await this.line(calendarId);
      if (commandId) {
        const first = eventIdFor(commandId, 0);
        const earlier = line.events.filter((e) => e.id === first);
        if (earlier.length > 0) return { events: earlier, position: earlier[0]!.globalPosition };
      }
      try {
        return await this.append(calendarId, line, command, commandId, context);
      } catch (error) {
        if (!isConflict(error) || error instanceof LineChanged) throw error;
      }
    }
    throw new DomainError('conflict', 'The waiting list is too busy. Please try again.');
  }

  private async append(
    calendarId: string,
    line: LoadedLine,
    command: WaitlistCommand,
    commandId: string | null = null,
    context: RequestContext = SYSTEM,
  ): Promise<{ events: readonly RecordedEvent[]; position: number }> {
    const decided = waitlistDecider.decide(command, line.state);
    const last = line.events[line.events.length - 1];
    if (decided.length === 0) return { events: [], position: last?.globalPosition ?? 0 };
    const metadata = metadataOf(context, commandId);
    const streamId = waitlistStreamId(calendarId);
    const result = await this.store.appendToStream(
      streamId,
      decided.map((event, index) => ({
        id: eventIdFor(commandId ?? (command.type === 'MakeOffer' ? command.offerId : null), index),
        type: event.type,
        data: event.data,
        metadata,
      })),
      line.revision,
    );
    const recorded = await this.store.readStream(streamId, {
      fromRevision: result.revisions[streamId]! - decided.length + 1,
    });
    return { events: recorded, position: result.position };
  }
}

/** Where each patient on the list joined it, in the global log. */
function joinedPositions(events: readonly RecordedEvent[]): Map<string, number> {
  const joined = new Map<string, number>();
  for (const event of events) {
    const data = event.data as { patient_id: string };
    if (event.type === 'WaitlistJoined') joined.set(data.patient_id, event.globalPosition);
    if (event.type === 'WaitlistLeft') joined.delete(data.patient_id);
  }
  return joined;
}

function isConflict(error: unknown): boolean {
  return (
    error instanceof WrongExpectedRevision ||
    error instanceof IdempotencyConflict ||
    error instanceof LineChanged
  );
}
