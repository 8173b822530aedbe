import { BOOKING_MESSAGES, type HoldSlotDto, type HoldView } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, type Committed } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { CalendarStates } from '../calendar-states';
import { bookableSlot, settingsOf } from '../domain/booking';
import { slotDecider } from '../domain/slot.decider';
import type { SlotEvent } from '../domain/slot.events';
import { SchedulingReader } from '../queries/scheduling-reader';
import { SlotStates } from '../slot-states';

export interface HoldRequest {
  readonly calendarId: string;
  readonly start: string;
  readonly patientId: string;
  readonly commandId: string | null;
  /** How long the hold lasts (a waitlist offer's time); the calendar's hold minutes by default. */
  readonly holdMinutes?: number;
}

/** Holds a place in a slot for a patient while they finish booking. */
export class HoldSlotCommand extends Command<HoldView> {
  constructor(
    readonly request: HoldRequest,
    /** Whose right to hold is checked; null when the use case sending it checked already. */
    readonly caller: Principal | null,
    readonly context: RequestContext,
  ) {
    super();
  }

  /** A patient's hold, or a practice user's for the patient named. */
  static of(
    caller: Principal,
    calendarId: string,
    dto: HoldSlotDto,
    context: RequestContext,
  ): HoldSlotCommand {
    const patientId = dto.patient_id ?? caller.userId;
    return new HoldSlotCommand(
      { calendarId, start: dto.start_date, patientId, commandId: dto.command_id ?? null },
      caller,
      { ...context, onBehalfOf: patientId === caller.userId ? null : patientId },
    );
  }
}

@CommandHandler(HoldSlotCommand)
export class HoldSlotHandler implements ICommandHandler<HoldSlotCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly calendars: CalendarStates,
    private readonly slots: SlotStates,
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ request, caller, context }: HoldSlotCommand): Promise<HoldView> {
    const { calendarId, patientId, commandId } = request;
    if (caller) {
      await this.policy.assertMayBookFor(caller, patientId, () =>
        this.reader.calendarPractice(calendarId),
      );
    }
    const holdId = entityIdFor(commandId);
    return this.pipeline.run({
      commandId,
      context,
      busy: BOOKING_MESSAGES.unableToBook,
      read: [this.calendars.stream(calendarId)],
      // The slot's stream is named by the calendar's slot at the start: read once that is known.
      decide: async ([calendar], readMore) => {
        const settings = settingsOf(calendar.state);
        const now = this.clock.now();
        const slot = bookableSlot(settings, request.start, now);
        // Read whole (a retry of this hold is found in the slot's events); its state is then
        // remembered, so the booking that follows in this process need not read it.
        const [slotRead] = await readMore([this.slots.streamReadWhole(calendarId, slot.start)]);
        const existing = slotRead.state.holds.get(holdId);
        if (existing) {
          const last = slotRead.events[slotRead.events.length - 1];
          return {
            append: [],
            reply: () => ({
              hold_id: holdId,
              calendar_id: calendarId,
              start_date: slot.start,
              expires_at: existing.expiresAt,
              position: last?.globalPosition ?? 0,
            }),
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
            holdMinutes: request.holdMinutes ?? settings.hold_minutes,
            now,
          },
          slotRead.state,
        );
        return {
          append: [{ streamId: slotRead.streamId, events }],
          unchanged: [calendar.streamId],
        };
      },
      answer: (committed) => holdView(calendarId, committed),
    });
  }
}

function holdView(calendarId: string, committed: Committed): HoldView {
  const held = committed.events.find(
    (e): e is Extract<SlotEvent, { type: 'SlotHeld' }> => e.type === 'SlotHeld',
  );
  if (!held) throw new Error('A hold answers with its SlotHeld event');
  return {
    hold_id: held.data.hold_id,
    calendar_id: calendarId,
    start_date: held.data.start,
    expires_at: held.data.expires_at,
    position: committed.position,
  };
}
