import {
  AddFamilyMemberDto,
  ChangeRoleDto,
  ChangeUserStatusDto,
  type CommandAccepted,
  CreatePracticeUserDto,
  type FamilyMemberView,
  type UserView,
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
import { ConsistentReadQuery } from '@medbook/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccountService } from './account.service';
import { AccessPolicy } from './auth/access-policy';
import { Caller, type Principal, Roles } from './auth/principal';
import { AddFamilyMemberCommand } from './commands/add-family-member';
import { ChangeUserRoleCommand } from './commands/change-user-role';
import { ChangeUserStatusCommand } from './commands/change-user-status';
import { UserAccounts } from './user-accounts';
import { userView } from './user-view';
import { UsersRepository } from './users.repository';

const USER_NOT_FOUND = 'This user does not exist.';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly accounts: UserAccounts,
    private readonly account: AccountService,
    private readonly users: UsersRepository,
    private readonly policy: AccessPolicy,
    private readonly commands: CommandBus,
  ) {}

  @Get('users/me')
  async me(@Caller() caller: Principal): Promise<UserView> {
    return this.view(caller.userId);
  }

  @Get('users/:user_id')
  async user(
    @Caller() caller: Principal,
    @Param('user_id', new ParseUUIDPipe()) userId: string,
  ): Promise<UserView> {
    await this.policy.assertMayManageUser(caller, userId, false);
    return this.view(userId);
  }

  @Get('patients/:patient_id/family-members')
  @ReadsFrom('users')
  async family(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<FamilyMemberView[]> {
    this.policy.assertMaySeeFamily(caller, patientId);
    return this.users.familyMembers(patientId);
  }

  @Post('patients/:patient_id/family-members')
  @Roles('Patient')
  @HttpCode(201)
  @ResponseMessage('Family member saved.')
  addFamilyMember(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Body() dto: AddFamilyMemberDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new AddFamilyMemberCommand(caller, patientId, dto, context));
  }

  @Put('users/:user_id/status')
  @Roles('SuperUser', 'SupportAgent', 'PracticeAdmin')
  @HttpCode(200)
  changeStatus(
    @Caller() caller: Principal,
    @Param('user_id', new ParseUUIDPipe()) userId: string,
    @Body() dto: ChangeUserStatusDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.commands.execute(
      new ChangeUserStatusCommand(caller, userId, dto.disabled, context),
    );
  }

  @Put('users/:user_id/role')
  @Roles('SuperUser')
  @HttpCode(200)
  changeRole(
    @Param('user_id', new ParseUUIDPipe()) userId: string,
    @Body() dto: ChangeRoleDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.commands.execute(new ChangeUserRoleCommand(userId, dto, context));
  }

  @Get('practices/:practice_id/users')
  @Roles('PracticeAdmin', 'SuperUser', 'SupportAgent')
  @ReadsFrom('users')
  async practiceUsers(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ) {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const rows = await this.users.practiceUsers(practiceId);
    return rows.map((row) => ({
      id: row.user_id,
      type: row.type,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      disabled: row.disabled,
    }));
  }

  @Post('practices/:practice_id/users')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('User created.')
  async createPracticeUser(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: CreatePracticeUserDto,
    @Context() context: RequestContext,
  ): Promise<{ id: string }> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const created = await this.account.createAccount(dto, context, {
      type: dto.type,
      practiceId,
      socialProvider: null,
    });
    return { id: created };
  }

  private async view(userId: string): Promise<UserView> {
    const state = await this.accounts.load(userId);
    if (!state.profile) throw new NotFoundError(USER_NOT_FOUND);
    const credential = await this.users.credentialOf(userId);
    return userView(state, !!credential?.passwordHash);
  }
}
