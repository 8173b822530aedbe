import type { WaitlistActionResult } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { LOGGER } from '../../../infra/logging/logger';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { MESSAGE_SENDER, type MessageSender } from '../../identity/messaging/message-sender';
import { EndHoldCommand } from '../../scheduling/commands/end-hold';
import { SchedulingReader } from '../../scheduling/queries/scheduling-reader';
import { waitlistDecider } from '../domain/waitlist.decider';
import { openOfferOf, type WaitlistOffer } from '../domain/waitlist.events';
import { WAITLIST_BUSY, WaitlistLines } from '../waitlist-lines';
import { WaitlistRepository } from '../waitlist.repository';

/**
 * A practice user takes a patient off a calendar's waiting list. An open offer of theirs ends
 * (its held place goes back, and so to the next in line); the patient is told by email (the
 * account that put them on the list) and, live, on their own room.
 */
export class RemoveFromWaitlistCommand extends Command<WaitlistActionResult> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly patientId: string,
    readonly context: RequestContext,
    /** The practice's reason, when it gives one: told to the patient, kept in the trail. */
    readonly reason?: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveFromWaitlistCommand)
export class RemoveFromWaitlistHandler implements ICommandHandler<RemoveFromWaitlistCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly lines: WaitlistLines,
    private readonly calendars: SchedulingReader,
    private readonly commands: CommandBus,
    private readonly policy: AccessPolicy,
    private readonly repository: WaitlistRepository,
    @Inject(MESSAGE_SENDER) private readonly sender: MessageSender,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    calendarId,
    patientId,
    context,
    reason,
  }: RemoveFromWaitlistCommand): Promise<WaitlistActionResult> {
    const note = reason?.trim() || undefined;
    const settings = await this.calendars.calendar(calendarId);
    this.policy.assertMayWorkForPractice(caller, settings.practice_id);
    const contact = await this.repository.contactOf(calendarId, patientId);
    const staffContext = { ...context, onBehalfOf: patientId };
    let offer: WaitlistOffer | null = null;
    const position = await this.pipeline.run({
      commandId: null,
      context: staffContext,
      busy: WAITLIST_BUSY,
      read: [this.lines.stream(calendarId)],
      decide: ([line]) => {
        offer = openOfferOf(line.state, patientId);
        const events = waitlistDecider.decide(
          {
            type: 'RemoveFromWaitlist',
            calendarId,
            patientId,
            by: caller.userId,
            ...(note ? { note } : {}),
            now: this.clock.now(),
          },
          line.state,
        );
        return { append: [{ streamId: line.streamId, events }] };
      },
      answer: (committed) => committed.position,
    });
    const withdrawn = offer as WaitlistOffer | null;
    if (withdrawn) {
      await this.commands.execute(
        new EndHoldCommand(
          { calendarId, start: withdrawn.start, holdId: withdrawn.holdId, by: { patientId } },
          null,
          staffContext,
        ),
      );
    }
    if (contact?.email) {
      const who = contact.patient_name ?? 'You';
      const list = contact.calendar_name ?? settings.name;
      const practice = contact.practice_name ?? 'The practice';
      // The removal stands whatever the mail does: a failure is logged, not answered.
      await this.sender
        .sendEmail({
          to: contact.email,
          subject: `${practice}: removed from the waiting list`,
          text:
            `${practice} removed ${who === 'You' ? 'you' : who} from the waiting list of ${list}.` +
            (note ? ` Reason: ${note}` : '') +
            ' Contact the practice if you still need an appointment.',
        })
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, 'waitlist removal email not sent'),
        );
    }
    return { calendar_id: calendarId, patient_id: patientId, position };
  }
}
