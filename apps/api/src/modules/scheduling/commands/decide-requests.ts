import type {
  RequestDecisionOutcome,
  RequestDecisionsDto,
  RequestDecisionsResult,
} from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, DomainError } from '../../../domain/domain-error';
import { DOMAIN_ERROR_STATUS } from '../../../infra/http/domain-error-status';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { AppointmentChanges } from './appointment-changes';

/** A request decided by someone else meanwhile is not decided again the other way. */
export const notPending = (status: string): string =>
  `This request is no longer pending: it is ${status}.`;

/**
 * Several pending requests accepted or rejected at once (the requests page's bulk action). Each
 * is its own change of its own appointment, in order: one that fails (decided meanwhile, not the
 * caller's practice, no reason) is reported with its message and leaves the others as decided.
 */
export class DecideRequestsCommand extends Command<RequestDecisionsResult> {
  constructor(
    readonly caller: Principal,
    readonly dto: RequestDecisionsDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(DecideRequestsCommand)
export class DecideRequestsHandler implements ICommandHandler<DecideRequestsCommand> {
  constructor(private readonly changes: AppointmentChanges) {}

  async execute({ caller, dto, context }: DecideRequestsCommand): Promise<RequestDecisionsResult> {
    const outcomes: RequestDecisionOutcome[] = [];
    for (const decision of dto.decisions) {
      try {
        const changed = await this.changes.change({
          appointmentId: decision.appointment_id,
          caller,
          access: 'practice',
          expectedRevision: decision.expected_revision ?? null,
          context,
          command: (details, now) => {
            if (details.status !== 'Pending' && details.status !== decision.status) {
              throw new ConflictError(notPending(details.status));
            }
            return {
              type: 'ChangeAppointmentStatus',
              status: decision.status,
              by: caller.userId,
              reason: decision.reason ?? null,
              now,
            };
          },
        });
        outcomes.push({
          appointment_id: decision.appointment_id,
          ok: true,
          status: changed.status,
          status_code: 200,
          message: null,
          position: changed.position,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes.push({
          appointment_id: decision.appointment_id,
          ok: false,
          status: null,
          status_code: DOMAIN_ERROR_STATUS[error.kind],
          message: error.message,
          position: 0,
        });
      }
    }
    return { outcomes, position: Math.max(0, ...outcomes.map((o) => o.position)) };
  }
}
