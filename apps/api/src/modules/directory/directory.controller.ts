import {
  type CommandAccepted,
  ConsistentReadQuery,
  type PracticeView,
  RegisterPracticeDto,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Public, Roles } from '../identity/auth/principal';
import { RegisterPracticeCommand } from './commands/register-practice';
import { PracticesRepository } from './queries/practices.repository';

@ApiTags('directory')
@Controller('practices')
export class DirectoryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly practices: PracticesRepository,
  ) {}

  @Post()
  @Roles('SuperUser')
  @HttpCode(201)
  @ResponseMessage('Practice registered.')
  register(
    @Body() dto: RegisterPracticeDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new RegisterPracticeCommand(dto, context));
  }

  @Get(':practice_id')
  @Public()
  @ReadsFrom('practices')
  get(
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<PracticeView> {
    return this.practices.get(practiceId);
  }
}
