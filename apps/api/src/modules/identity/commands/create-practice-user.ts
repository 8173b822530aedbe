import type { CreatePracticeUserDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccountService } from '../account.service';
import { AccessPolicy } from '../auth/access-policy';
import type { Principal } from '../auth/principal';

/** A practice admin adds a provider, admin or staff member to their practice. */
export class CreatePracticeUserCommand extends Command<{ id: string }> {
  constructor(
    readonly caller: Principal,
    readonly practiceId: string,
    readonly dto: CreatePracticeUserDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CreatePracticeUserCommand)
export class CreatePracticeUserHandler implements ICommandHandler<CreatePracticeUserCommand> {
  constructor(
    private readonly policy: AccessPolicy,
    private readonly account: AccountService,
  ) {}

  async execute({
    caller,
    practiceId,
    dto,
    context,
  }: CreatePracticeUserCommand): Promise<{ id: string }> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const created = await this.account.createAccount(dto, context, {
      type: dto.type,
      practiceId,
      socialProvider: null,
    });
    return { id: created };
  }
}
