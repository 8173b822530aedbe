import { randomUUID } from 'node:crypto';
import {
  DemoRequestDto,
  type DemoRequestView,
  type LandingConfigView,
  MARKETING_MESSAGES,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { Public, Roles } from '../identity/auth/principal';
import { DemoRequestsRepository } from './demo-requests.repository';

/** Ours: one address may ask for a demo this many times an hour. */
const REQUESTS_PER_HOUR = 5;
const TOO_MANY = 'Too many demo requests from this address. Please try again later.';

/** The practices' landing page (spec 2.6): whether it is on, and its Request a Demo form. */
@ApiTags('marketing')
@Controller('marketing')
export class MarketingController {
  constructor(
    private readonly requests: DemoRequestsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('landing')
  @Public()
  landing(): LandingConfigView {
    return { enabled: this.config.landingEnabled };
  }

  @Post('demo-requests')
  @Public()
  @HttpCode(201)
  @ResponseMessage(MARKETING_MESSAGES.demoRequested)
  async requestDemo(
    @Body() dto: DemoRequestDto,
    @Context() context: RequestContext,
  ): Promise<{ id: string }> {
    const now = this.clock.now();
    if (
      context.ip &&
      (await this.requests.countFrom(context.ip, new Date(now.getTime() - 3_600_000))) >=
        REQUESTS_PER_HOUR
    ) {
      throw new DomainError('rate_limited', TOO_MANY);
    }
    const id = randomUUID();
    const text = (value: string | undefined) => value?.normalize('NFC').trim() || null;
    await this.requests.add({
      id,
      first_name: dto.first_name.normalize('NFC').trim(),
      last_name: dto.last_name.normalize('NFC').trim(),
      email: dto.email.trim(),
      phone: text(dto.phone),
      practice_name: dto.practice_name.normalize('NFC').trim(),
      message: text(dto.message),
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, 512) ?? null,
      requested_at: now,
    });
    return { id };
  }

  /** The latest requests, for the operators who arrange the demos. */
  @Get('demo-requests')
  @Roles('SuperUser', 'SupportAgent')
  latest(): Promise<DemoRequestView[]> {
    return this.requests.latest(200);
  }
}
