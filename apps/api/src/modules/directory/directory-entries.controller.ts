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
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { ChangeDirectoryEntryCommand } from './commands/change-directory-entry';
import {
  facilityEntry,
  providerEntry,
  RegisterDirectoryEntryCommand,
  resourceEntry,
  visitReasonEntry,
} from './commands/register-directory-entry';
import { DirectoryEntriesRepository } from './queries/directory-entries.repository';

/** A practice's facilities, providers, resources and visit reasons. */
@ApiTags('directory')
@Controller('practices/:practice_id')
export class DirectoryEntriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly entries: DirectoryEntriesRepository,
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
    return this.commands.execute(
      new RegisterDirectoryEntryCommand(caller, practiceId, facilityEntry(dto), context),
    );
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
    return this.commands.execute(
      new RegisterDirectoryEntryCommand(caller, practiceId, providerEntry(dto), context),
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
    return this.commands.execute(
      new RegisterDirectoryEntryCommand(caller, practiceId, resourceEntry(dto), context),
    );
  }

  /** Edits a facility: the whole form as when registered; its time zone stays. */
  @Put('facilities/:id')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  changeFacility(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() dto: RegisterFacilityDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(
      new ChangeDirectoryEntryCommand(caller, practiceId, id, facilityEntry(dto), context),
    );
  }

  /** Edits a provider: the whole form as when registered; their account stays. */
  @Put('providers/:id')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  changeProvider(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() dto: RegisterProviderDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(
      new ChangeDirectoryEntryCommand(caller, practiceId, id, providerEntry(dto), context),
    );
  }

  /** Edits a resource: the whole form as when registered. */
  @Put('resources/:id')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  changeResource(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() dto: RegisterResourceDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(
      new ChangeDirectoryEntryCommand(caller, practiceId, id, resourceEntry(dto), context),
    );
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
    return this.commands.execute(
      new RegisterDirectoryEntryCommand(caller, practiceId, visitReasonEntry(dto), context),
    );
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
    return this.entries.listOfRoute(practiceId, kind);
  }

  @Get(':kind/:id')
  @Public()
  @ReadsFrom('directory')
  one(
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('kind') kind: string,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<DirectoryEntryView> {
    return this.entries.oneOfRoute(practiceId, kind, id);
  }
}
