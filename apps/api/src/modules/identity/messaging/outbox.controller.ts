import type { OutboxMessageView } from '@medbook/contracts';
import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { Public } from '../auth/principal';
import { OutboxMessageSender } from './message-sender';

/** The local outbox, so a person trying the product can read the codes it sent. Not in production. */
@ApiTags('dev')
@Controller('dev/outbox')
export class OutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxMessageSender,
  ) {}

  @Get()
  @Public()
  list(): Promise<OutboxMessageView[]> {
    if (this.config.env === 'production') throw new NotFoundException();
    return this.outbox.recent();
  }
}
