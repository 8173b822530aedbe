import { randomUUID } from 'node:crypto';
import {
  AddVisitReasonDto,
  type CommandAccepted,
  ConsistentReadQuery,
  type DirectoryEntryView,
  RegisterFacilityDto,
  RegisterProviderDto,
  RegisterResourceDto,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { NotFoundError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccessPolicy } from '../identity/auth/access-policy';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { directoryEntryDecider } from './domain/directory-entry.decider';
import { type DirectoryKind, directoryStreamId } from './domain/directory-entry.events';
import { DirectoryEntriesRepository } from './queries/directory-entries.repository';

const KINDS: Record<string, DirectoryKind> = {
  facilities: 'facility',
  providers: 'provider',
  resources: 'resource',
  'visit-reasons': 'visit_reason',
};
const NOT_FOUND = 'This page cannot be reached.';

/** A practice's facilities, providers, resources and visit reasons. */
@ApiTags('directory')
@Controller('practices/:practice_id')
export class DirectoryEntriesController {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly entries: DirectoryEntriesRepository,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('facilities')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  facility(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: RegisterFacilityDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    const { command_id, name, ...details } = dto;
    return this.register(caller, practiceId, 'facility', name, details, command_id, context);
  }

  @Post('providers')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  provider(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: RegisterProviderDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    const { command_id, ...details } = dto;
    const name = [dto.first_name, dto.last_name].join(' ');
    return this.register(
      caller,
      practiceId,
      'provider',
      name,
      details,
      command_id,
      context,
      dto.user_id,
    );
  }

  @Post('resources')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  resource(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: RegisterResourceDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    const { command_id, name, ...details } = dto;
    return this.register(caller, practiceId, 'resource', name, details, command_id, context);
  }

  @Post('visit-reasons')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  visitReason(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: AddVisitReasonDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    const { command_id, title, ...details } = dto;
    return this.register(caller, practiceId, 'visit_reason', title, details, command_id, context);
  }

  /** Public: patients browse a practice's facilities, providers, resources and reasons. */
  @Get(':kind')
  @Public()
  @ReadsFrom('directory')
  list(
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('kind') kind: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<DirectoryEntryView[]> {
    const directoryKind = KINDS[kind];
    if (!directoryKind) throw new NotFoundError(NOT_FOUND);
    return this.entries.list(practiceId, directoryKind);
  }

  @Get(':kind/:id')
  @Public()
  @ReadsFrom('directory')
  async one(
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('kind') kind: string,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<DirectoryEntryView> {
    const directoryKind = KINDS[kind];
    const entry = directoryKind ? await this.entries.get(directoryKind, id) : null;
    if (!entry || entry.practice_id !== practiceId) throw new NotFoundError(NOT_FOUND);
    return entry;
  }

  private async register(
    caller: Principal,
    practiceId: string,
    kind: DirectoryKind,
    name: string,
    details: object,
    commandId: string | undefined,
    context: RequestContext,
    id?: string,
  ): Promise<CommandAccepted> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const entryId = id ?? (commandId ? eventIdFor(commandId, -1) : randomUUID());
    // Unset optional fields are left out, not stored as nulls.
    const stored = JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
    const result = await this.pipeline.decideOn(directoryStreamId(kind, entryId), directoryEntryDecider, {
      command: {
        type: 'RegisterDirectoryEntry',
        entry: { id: entryId, practice_id: practiceId, kind, name, details: stored },
        now: this.clock.now(),
      },
      context,
      commandId: commandId ?? null,
    });
    return { id: entryId, position: result.position };
  }
}
