import { slotId } from '@medbook/contracts';
import type { EventStore, LogPosition, RecordedEvent, Subscription } from '@medbook/event-store';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../../infra/clock';
import { DATABASE, type Database } from '../../infra/database/database';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { DomainError } from '../../domain/domain-error';
import { Leadership } from '../../infra/leadership/leadership';
import { shutdownStep } from '../../infra/lifecycle/shutdown-step';
import { LOGGER } from '../../infra/logging/logger';
import {
  lockCheckpoint,
  readCheckpoint,
  saveCheckpoint,
} from '../../infra/projections/projection-checkpoints';
import { CommandBus } from '@nestjs/cqrs';
import type { CalendarChangeData } from '../scheduling/domain/calendar.events';
import type { SlotEvent } from '../scheduling/domain/slot.events';
import { EndOfferCommand } from './commands/end-offer';
import { OfferFreedSlotCommand } from './commands/offer-freed-slot';
import { offerOfHold } from './domain/waitlist.events';
import { WaitlistLines } from './waitlist-lines';

/** Its checkpoint in projection_checkpoints: where in the log it has reacted up to. */
export const WAITLIST_OFFERS_CHECKPOINT = 'waitlist-offers';

const SLOT_EVENTS = new Set<string>([
  'SlotHoldReleased',
  'SlotBooked',
  'SlotBookingCanceled',
] satisfies SlotEvent['type'][]);

/** How often, at most, it saves its checkpoint while it keeps reacting. */
const CHECKPOINT_INTERVAL_MS = 1000;

/** Capacity rises offer at most this many of the calendar's touched future slots at once. */
const RISE_SLOTS = 20;

/**
 * The waitlist's process manager: it follows the committed log from its own checkpoint and
 * turns freed places (a cancel or reschedule away, a released or expired hold, a capacity rise)
 * into offers for the next patient in line, and a booking or end of an offer's hold into the
 * offer's outcome. Every reaction is idempotent (ids derive from the triggering event), so a
 * restart that reacts to a batch again changes nothing.
 */
@Injectable()
export class WaitlistOffersProcessManager implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly lines: WaitlistLines,
    private readonly commands: CommandBus,
    private readonly leadership: Leadership,
  ) {}

  /** One process at a time follows the log (see Leadership). */
  onApplicationBootstrap(): Promise<void> {
    return this.leadership.campaign({
      name: WAITLIST_OFFERS_CHECKPOINT,
      lead: () => this.follow(),
      resign: (reason) => this.unfollow(reason),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await shutdownStep('waitlist offers: stop and save the place', 5000, this.logger, () =>
      this.unfollow('shutdown'),
    );
  }

  private async follow(): Promise<void> {
    if (this.subscription) return;
    const from = await readCheckpoint(this.database.db, WAITLIST_OFFERS_CHECKPOINT);
    this.subscription = this.store.subscribeToAll({
      from,
      batchSize: 100,
      handle: (events) => this.handle(events),
      onError: (error) => this.logger.warn({ err: error }, 'waitlist offers failed; retrying'),
    });
  }

  /**
   * Stops following. A process that lost the lead saves nothing more: the new leader has read the
   * checkpoint and goes on from there (reacting again to what this one had not saved changes nothing).
   */
  private async unfollow(reason: 'lost' | 'shutdown'): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (reason === 'shutdown') await this.flush();
    else this.unsaved = null;
  }

  /** Where it has reacted up to, when that is later than its saved checkpoint. */
  private unsaved: LogPosition | null = null;
  private savedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  private async handle(events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) await this.react(event);
    const last = events[events.length - 1];
    if (!last) return;
    // Every reaction is idempotent, so the place is saved at most once per interval (and once
    // more after it): a restart reacts again to at most that much of the log, changing nothing.
    // Under load that spares a transaction per batch (most batches are bookings, which need no
    // reaction).
    this.unsaved = last.logPosition;
    const due = this.savedAt + CHECKPOINT_INTERVAL_MS - Date.now();
    if (due <= 0) {
      await this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush().catch((error: unknown) =>
          this.logger.warn({ err: error }, 'waitlist offers checkpoint not saved; retrying later'),
        );
      }, due);
    }
  }

  /** Saves the latest place reacted to; saves run one at a time, so none goes backwards. */
  private flush(): Promise<void> {
    const run = this.saving.catch(() => undefined).then(() => this.saveUnsaved());
    this.saving = run;
    return run;
  }

  private async saveUnsaved(): Promise<void> {
    const at = this.unsaved;
    if (!at) return;
    await this.database.db.transaction().execute(async (trx) => {
      await lockCheckpoint(trx, WAITLIST_OFFERS_CHECKPOINT);
      await saveCheckpoint(trx, WAITLIST_OFFERS_CHECKPOINT, at, this.clock.now());
    });
    this.savedAt = Date.now();
    if (this.unsaved === at) this.unsaved = null;
  }

  /** One event's consequences; a domain refusal (slot gone, list changed) means nothing to do. */
  async react(event: RecordedEvent): Promise<void> {
    try {
      if (SLOT_EVENTS.has(event.type)) await this.slotChanged(event);
      else if (event.type === 'CalendarCapacityChanged') await this.capacityChanged(event);
    } catch (error) {
      if (error instanceof DomainError) return;
      throw error;
    }
  }

  private async slotChanged(recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as SlotEvent;
    // A booking without a hold cannot end an offer (offers are holds): no need to read the line.
    if (event.type === 'SlotBooked' && !event.data.hold_id) return;
    const calendarId = event.data.calendar_id;
    const line = await this.lines.line(calendarId);
    if (line.events.length === 0) return;
    if (event.type === 'SlotBooked') {
      const offer = event.data.hold_id ? offerOfHold(line.state, event.data.hold_id) : null;
      if (offer?.status === 'Offered')
        await this.commands.execute(
          new EndOfferCommand(calendarId, offer.offerId, 'Accepted', event.data.appointment_id),
        );
      return;
    }
    if (event.type === 'SlotHoldReleased') {
      const offer = offerOfHold(line.state, event.data.hold_id);
      if (offer?.status === 'Offered') {
        const status = event.data.reason === 'expired' ? 'Expired' : 'Declined';
        await this.commands.execute(new EndOfferCommand(calendarId, offer.offerId, status, null));
      }
    }
    if (event.type === 'SlotHoldReleased' || event.type === 'SlotBookingCanceled') {
      await this.commands.execute(
        new OfferFreedSlotCommand(
          calendarId,
          event.data.start,
          recorded.id,
          recorded.globalPosition,
        ),
      );
    }
  }

  /** A capacity rise frees places on every slot that was full: offered earliest first. */
  private async capacityChanged(recorded: RecordedEvent): Promise<void> {
    const {
      before,
      after,
      calendar_id: calendarId,
    } = recorded.data as CalendarChangeData['CalendarCapacityChanged'];
    const raised = after.booking_capacity;
    if (raised === undefined || raised <= (before.booking_capacity ?? raised)) return;
    const line = await this.lines.line(calendarId);
    if (line.state.entries.size === 0) return;
    const touched = await this.database.db
      .selectFrom('rm_slot_capacity')
      .select('start_at')
      .where('calendar_id', '=', calendarId)
      .where('start_at', '>', this.clock.now())
      .orderBy('start_at')
      .limit(RISE_SLOTS)
      .execute();
    for (const { start_at } of touched) {
      const start = slotId(start_at.toISOString());
      await this.commands
        .execute(new OfferFreedSlotCommand(calendarId, start, recorded.id, recorded.globalPosition))
        .catch((error: unknown) => {
          if (!(error instanceof DomainError)) throw error;
        });
    }
  }
}
