import type { LeaveWaitlistQuery } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { EndHoldCommand } from '../../scheduling/commands/end-hold';
import { waitlistDecider } from '../domain/waitlist.decider';
import { openOfferOf, type WaitlistOffer } from '../domain/waitlist.events';
import { WAITLIST_BUSY, WaitlistLines } from '../waitlist-lines';

/** Leaves the list; an open offer is declined and its slot passes to the next in line. */
export class LeaveWaitlistCommand extends Command<{ position: number }> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly query: LeaveWaitlistQuery,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(LeaveWaitlistCommand)
export class LeaveWaitlistHandler implements ICommandHandler<LeaveWaitlistCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly lines: WaitlistLines,
    private readonly commands: CommandBus,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, calendarId, query, context }: LeaveWaitlistCommand) {
    const patientId = query.patient_id ?? caller.userId;
    await this.policy.assertMayActForPatient(caller, patientId);
    let offer: WaitlistOffer | null = null;
    const position = await this.pipeline.run({
      commandId: null,
      context,
      busy: WAITLIST_BUSY,
      read: [this.lines.stream(calendarId)],
      decide: ([line]) => {
        offer = openOfferOf(line.state, patientId);
        const command = {
          type: 'LeaveWaitlist',
          calendarId,
          patientId,
          now: this.clock.now(),
        } as const;
        return {
          append: [
            { streamId: line.streamId, events: waitlistDecider.decide(command, line.state) },
          ],
        };
      },
      answer: (committed) => committed.position,
    });
    const declined = offer as WaitlistOffer | null;
    if (declined) {
      await this.commands.execute(
        new EndHoldCommand(
          { calendarId, start: declined.start, holdId: declined.holdId, by: { patientId } },
          null,
          context,
        ),
      );
    }
    return { position };
  }
}
