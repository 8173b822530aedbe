import type { OutboxMessageView } from '@medbook/contracts';
import { Controller, Get, Inject, NotFoundException, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { isLoopbackAddress, isLoopbackHost } from '../../../infra/http/loopback';
import { Public } from '../auth/principal';
import { OutboxMessageSender } from './message-sender';

/**
 * The local outbox, so a person trying the product on their own machine can read the codes it
 * sent. It holds password-reset codes, so it answers only when the server is a development one
 * that listens on loopback, and only to a request from this machine that no proxy forwarded;
 * anywhere else it does not exist (404).
 */
@ApiTags('dev')
@Controller('dev/outbox')
export class OutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxMessageSender,
  ) {}

  @Get()
  @Public()
  list(@Req() request: FastifyRequest): Promise<OutboxMessageView[]> {
    if (!this.open(request)) throw new NotFoundException();
    return this.outbox.recent();
  }

  private open(request: FastifyRequest): boolean {
    return (
      this.config.env !== 'production' &&
      isLoopbackHost(this.config.host) &&
      isLoopbackAddress(request.socket.remoteAddress) &&
      request.headers['x-forwarded-for'] === undefined &&
      request.headers.forwarded === undefined
    );
  }
}
