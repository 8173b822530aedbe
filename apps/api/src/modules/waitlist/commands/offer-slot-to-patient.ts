import type { HoldView, OfferWaitlistSlotDto, WaitlistActionResult } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor, eventIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { EndHoldCommand } from '../../scheduling/commands/end-hold';
import { HoldSlotCommand } from '../../scheduling/commands/hold-slot';
import { SchedulingReader } from '../../scheduling/queries/scheduling-reader';
import { waitlistDecider, type WaitlistCommand } from '../domain/waitlist.decider';
import { WAITLIST_BUSY, WaitlistLines } from '../waitlist-lines';

/**
 * A practice user offers one of the calendar's free slots to a patient of their choosing on its
 * waiting list: the slot is held for the patient for the offer's time, as for the next in line
 * when a place frees, and the offer is recorded with the staff member as its actor. The patient
 * accepts or declines it as any other offer; when it expires, the place goes to the line.
 */
export class OfferSlotToPatientCommand extends Command<WaitlistActionResult> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: OfferWaitlistSlotDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(OfferSlotToPatientCommand)
export class OfferSlotToPatientHandler implements ICommandHandler<OfferSlotToPatientCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly lines: WaitlistLines,
    private readonly calendars: SchedulingReader,
    private readonly commands: CommandBus,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    caller,
    calendarId,
    dto,
    context,
  }: OfferSlotToPatientCommand): Promise<WaitlistActionResult> {
    const settings = await this.calendars.calendar(calendarId);
    this.policy.assertMayWorkForPractice(caller, settings.practice_id);
    const commandId = dto.command_id ?? null;
    const offerId = entityIdFor(commandId);
    const patientId = dto.patient_id;
    const offer = (holdId: string, start: string, expiresAt: string): WaitlistCommand => ({
      type: 'OfferSlotToPatient',
      calendarId,
      offerId,
      patientId,
      start,
      holdId,
      expiresAt,
      by: caller.userId,
      now: this.clock.now(),
    });
    const staffContext = { ...context, onBehalfOf: patientId };
    /** The hold placed in this call (kept if the decision is tried again), given back on failure. */
    let held: HoldView | null = null;
    try {
      const position = await this.pipeline.run({
        commandId,
        context: staffContext,
        busy: WAITLIST_BUSY,
        read: [this.lines.stream(calendarId)],
        decide: async ([line]) => {
          if (line.state.offers.has(offerId)) return { append: [] };
          // Refused before any slot is held: not on the list, or an offer open already.
          waitlistDecider.decide(offer(offerId, dto.start_date, dto.start_date), line.state);
          held ??= await this.commands.execute(
            new HoldSlotCommand(
              {
                calendarId,
                start: dto.start_date,
                patientId,
                commandId: eventIdFor(`${offerId}/hold`, 0),
                holdMinutes: this.config.waitlistOfferTtlMs / 60_000,
              },
              null,
              staffContext,
            ),
          );
          const events = waitlistDecider.decide(
            offer(held.hold_id, held.start_date, held.expires_at),
            line.state,
          );
          return { append: [{ streamId: line.streamId, events }] };
        },
        answer: (committed) => committed.position,
      });
      return { calendar_id: calendarId, patient_id: patientId, position, offer_id: offerId };
    } catch (error) {
      const stale = held as HoldView | null;
      if (stale) {
        await this.commands
          .execute(
            new EndHoldCommand(
              { calendarId, start: stale.start_date, holdId: stale.hold_id, by: { patientId } },
              null,
              staffContext,
            ),
          )
          .catch(() => null);
      }
      throw error;
    }
  }
}
