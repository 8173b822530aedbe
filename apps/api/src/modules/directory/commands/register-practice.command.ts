import type { CommandAccepted, RegisterPracticeDto } from '@medbook/contracts';
import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';

export class RegisterPracticeCommand extends Command<CommandAccepted> {
  constructor(
    readonly dto: RegisterPracticeDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}
