import { randomUUID } from 'node:crypto';
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
import { ApiTags } from '@nestjs/swagger';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { NotFoundError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccountService } from './account.service';
import { AccessPolicy, forbidden } from './auth/access-policy';
import { Caller, type Principal, Roles } from './auth/principal';
import { SecurityAudit } from './security-audit';
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
    private readonly audit: SecurityAudit,
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
    if (caller.userId !== patientId && !this.policy.isOperator(caller)) throw forbidden();
    return this.users.familyMembers(patientId);
  }

  @Post('patients/:patient_id/family-members')
  @Roles('Patient')
  @HttpCode(201)
  @ResponseMessage('Family member saved.')
  async addFamilyMember(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Body() dto: AddFamilyMemberDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    if (caller.userId !== patientId) throw forbidden();
    const memberId = dto.command_id ? eventIdFor(dto.command_id, -1) : randomUUID();
    const { position } = await this.accounts.run(
      patientId,
      {
        type: 'AddFamilyMember',
        member: {
          member_id: memberId,
          relationship: dto.relationship,
          first_name: dto.first_name.trim(),
          last_name: dto.last_name.trim(),
          middle_name: dto.middle_name?.trim() || null,
          birth_date: dto.birth_date ?? null,
          gender: dto.gender ?? null,
        },
        now: this.accounts.now(),
      },
      context,
      dto.command_id ?? null,
    );
    return { id: memberId, position };
  }

  @Put('users/:user_id/status')
  @Roles('SuperUser', 'SupportAgent', 'PracticeAdmin')
  @HttpCode(200)
  async changeStatus(
    @Caller() caller: Principal,
    @Param('user_id', new ParseUUIDPipe()) userId: string,
    @Body() dto: ChangeUserStatusDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    await this.policy.assertMayManageUser(caller, userId, true);
    const now = this.accounts.now();
    const result = await this.accounts.run(
      userId,
      dto.disabled ? { type: 'DisableUser', now } : { type: 'EnableUser', now },
      context,
    );
    if (dto.disabled) await this.account.endAllSessions(userId, 'user disabled');
    await this.audit.record(
      dto.disabled ? 'UserDisabled' : 'UserEnabled',
      { user_id: userId },
      context,
    );
    return result;
  }

  @Put('users/:user_id/role')
  @Roles('SuperUser')
  @HttpCode(200)
  async changeRole(
    @Param('user_id', new ParseUUIDPipe()) userId: string,
    @Body() dto: ChangeRoleDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    const result = await this.accounts.run(
      userId,
      {
        type: 'ChangeUserRole',
        userType: dto.type,
        practiceId: dto.practice_id ?? null,
        now: this.accounts.now(),
      },
      context,
    );
    // Tokens carry the type: the user signs in again under the new role.
    await this.account.endAllSessions(userId, 'role changed');
    await this.audit.record(
      'UserRoleChanged',
      { user_id: userId, type: dto.type, practice_id: dto.practice_id ?? null },
      context,
    );
    return result;
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
