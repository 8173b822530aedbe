import {
  AUTH_MESSAGES,
  type LoginResult,
  SocialSignUpDto,
  SocialStartQuery,
  SocialTicketDto,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { Public } from './auth/principal';
import { SocialSignInService } from './social-sign-in.service';

@ApiTags('auth')
@Controller('auth/social')
export class SocialSignInController {
  constructor(private readonly social: SocialSignInService) {}

  @Get('providers')
  @Public()
  providers() {
    return this.social.providers();
  }

  /** Sends the browser to the provider (302). */
  @Get(':provider/start')
  @Public()
  async start(
    @Param('provider') provider: string,
    @Query() query: SocialStartQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = await this.social.start(provider, query.redirect ?? null);
    await reply.redirect(url, 302);
  }

  /** The provider sends the browser back here; it goes on to a web route with a ticket. */
  @Get(':provider/callback')
  @Public()
  async callback(
    @Param('provider') provider: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const target = await this.social.callback(provider, new URL(request.url, 'http://local'));
    await reply.redirect(target, 302);
  }

  @Post('exchange')
  @Public()
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.loggedIn)
  exchange(@Body() dto: SocialTicketDto, @Context() context: RequestContext): Promise<LoginResult> {
    return this.social.exchange(dto.ticket, context);
  }

  @Post('signup')
  @Public()
  @HttpCode(201)
  @ResponseMessage(AUTH_MESSAGES.loggedIn)
  signUp(@Body() dto: SocialSignUpDto, @Context() context: RequestContext): Promise<LoginResult> {
    return this.social.signUp(dto, context);
  }
}
