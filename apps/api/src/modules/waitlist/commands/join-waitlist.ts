import { type JoinWaitlistDto, WAITLIST_MESSAGES, type WaitlistJoined } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { SchedulingReader } from '../../scheduling/queries/scheduling-reader';
import { waitlistDecider } from '../domain/waitlist.decider';
import { WAITLIST_BUSY, WaitlistLines } from '../waitlist-lines';

/** A patient (or who acts for them, the practice's desk included) joins a calendar's waiting list. */
export class JoinWaitlistCommand extends Command<WaitlistJoined> {
  constructor(
    readonly caller: Principal,
    readonly dto: JoinWaitlistDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** Who may put a named patient on a list: the practice's own people, not operators. */
const FRONT_DESK = new Set(['Provider', 'Staff', 'PracticeAdmin']);

@CommandHandler(JoinWaitlistCommand)
export class JoinWaitlistHandler implements ICommandHandler<JoinWaitlistCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly lines: WaitlistLines,
    private readonly calendars: SchedulingReader,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, dto, context }: JoinWaitlistCommand): Promise<WaitlistJoined> {
    // Only patients are added: a patient themselves (or their family), or one named by the
    // front desk of the calendar's practice (issue 18: staff book with the wizard's rules).
    if (caller.type !== 'Patient' && (!dto.patient_id || !FRONT_DESK.has(caller.type))) {
      throw new DomainError('forbidden', WAITLIST_MESSAGES.onlyPatient);
    }
    const patientId = dto.patient_id ?? caller.userId;
    const settings = await this.calendars.calendar(dto.calendar_id);
    await this.policy.assertMayBookFor(caller, patientId, () =>
      Promise.resolve(settings.practice_id),
    );
    if (!settings.wait_list_enabled) throw new DomainError('invalid', WAITLIST_MESSAGES.notEnabled);
    const calendarId = settings.calendar_id;
    const joined = await this.pipeline.run({
      commandId: dto.command_id ?? null,
      context: { ...context, onBehalfOf: patientId === caller.userId ? null : patientId },
      busy: WAITLIST_BUSY,
      read: [this.lines.stream(calendarId)],
      decide: ([line]) => ({
        append: [
          {
            streamId: line.streamId,
            events: waitlistDecider.decide(
              {
                type: 'JoinWaitlist',
                calendarId,
                practiceId: settings.practice_id,
                providerId: settings.provider_id,
                resourceId: settings.resource_id,
                patientId,
                joinedBy: caller.userId,
                listType: dto.type ?? 'appointment-unavailable',
                now: this.clock.now(),
              },
              line.state,
            ),
          },
        ],
      }),
      answer: (committed) => committed.position,
    });
    // The place in line as it stands now (others may have joined or left since).
    const { state } = await this.lines.line(calendarId);
    const mine = state.entries.get(patientId);
    const place = mine
      ? [...state.entries.values()].filter((e) => e.seq <= mine.seq).length
      : state.entries.size;
    return {
      calendar_id: calendarId,
      patient_id: patientId,
      position: place,
      event_position: joined,
    };
  }
}
