import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '@medbook/event-store';
import { DomainError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { CommandPipeline, ReadAgain } from '../../../infra/event-sourcing/command-pipeline';
import { eventIdFor } from '../../../infra/event-sourcing/event-ids';
import { EndHoldCommand } from '../../scheduling/commands/end-hold';
import { HoldSlotCommand } from '../../scheduling/commands/hold-slot';
import { SchedulingReader } from '../../scheduling/queries/scheduling-reader';
import { LineChanged, waitlistDecider } from '../domain/waitlist.decider';
import { nextInLine } from '../domain/waitlist.events';
import { WAITLIST_BUSY, WaitlistLines } from '../waitlist-lines';
import { WAITLIST_OFFERS } from './end-offer';

/**
 * A place freed on this slot: the next patient in line who waited before it freed gets an offer
 * that holds it for them. Idempotent per trigger: a retry finds its offer made. Answers the
 * offer's id, or null when there is nobody to offer it to (or nothing to offer).
 */
export class OfferFreedSlotCommand extends Command<string | null> {
  constructor(
    readonly calendarId: string,
    readonly start: string,
    /** The event that freed the place, and where it stands in the log. */
    readonly triggerId: string,
    readonly triggerPosition: number,
  ) {
    super();
  }
}

@CommandHandler(OfferFreedSlotCommand)
export class OfferFreedSlotHandler implements ICommandHandler<OfferFreedSlotCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly lines: WaitlistLines,
    private readonly calendars: SchedulingReader,
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ calendarId, start, triggerId, triggerPosition }: OfferFreedSlotCommand) {
    const offerId = eventIdFor(`${triggerId}/${start}`, 0);
    /** The hold placed for the patient chosen in an earlier attempt, if any. */
    let heldFor: { patientId: string; holdId: string } | null = null;
    return this.pipeline.run({
      commandId: offerId,
      context: WAITLIST_OFFERS,
      busy: WAITLIST_BUSY,
      read: [this.lines.stream(calendarId)],
      decide: async ([line]) => {
        const none = { append: [], reply: (): string | null => null };
        if (line.state.offers.has(offerId)) return { append: [], reply: () => offerId };
        const joinedBefore = joinedPositions(line.events);
        const next = nextInLine(
          line.state,
          start,
          (patientId) => (joinedBefore.get(patientId) ?? Infinity) < triggerPosition,
        );
        if (heldFor && heldFor.patientId !== next?.patientId) {
          // The line moved while the slot was held for someone else: give that hold back.
          const stale = heldFor;
          await this.commands
            .execute(
              new EndHoldCommand(
                { calendarId, start, holdId: stale.holdId, by: { patientId: stale.patientId } },
                null,
                WAITLIST_OFFERS,
              ),
            )
            .catch(() => null);
        }
        if (!next) return none;
        const settings = await this.calendars.calendar(calendarId);
        if (!settings.wait_list_enabled) return none;
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
              WAITLIST_OFFERS,
            ),
          );
        } catch (error) {
          // Taken meanwhile, in the past, or no longer on the schedule: nothing to offer.
          if (error instanceof DomainError) return none;
          throw error;
        }
        heldFor = { patientId: next.patientId, holdId: hold.hold_id };
        try {
          const events = waitlistDecider.decide(
            {
              type: 'MakeOffer',
              calendarId,
              offerId,
              patientId: next.patientId,
              start: hold.start_date,
              holdId: hold.hold_id,
              expiresAt: hold.expires_at,
              triggerId,
              now: this.clock.now(),
            },
            line.state,
          );
          return { append: [{ streamId: line.streamId, events }] };
        } catch (error) {
          // The line moved since the patient was chosen: choose again on the fresh line.
          if (error instanceof LineChanged) throw new ReadAgain();
          throw error;
        }
      },
      answer: () => offerId,
    });
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
