import type { FamilyMemberView, UserView } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../domain/domain-error';
import { AccessPolicy } from './auth/access-policy';
import type { Principal } from './auth/principal';
import { UserAccounts } from './user-accounts';
import { userView } from './user-view';
import { UsersRepository } from './users.repository';

const USER_NOT_FOUND = 'This user does not exist.';

/** Users as the account pages show them, each read behind its access rule. */
@Injectable()
export class UserQueries {
  constructor(
    private readonly accounts: UserAccounts,
    private readonly users: UsersRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async user(caller: Principal, userId: string): Promise<UserView> {
    await this.policy.assertMayManageUser(caller, userId, false);
    return this.view(userId);
  }

  familyMembers(caller: Principal, patientId: string): Promise<FamilyMemberView[]> {
    this.policy.assertMaySeeFamily(caller, patientId);
    return this.users.familyMembers(patientId);
  }

  async practiceUsers(caller: Principal, practiceId: string) {
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

  /** The user's own stream: current at once, not a read model. */
  async view(userId: string): Promise<UserView> {
    const state = await this.accounts.load(userId);
    if (!state.profile) throw new NotFoundError(USER_NOT_FOUND);
    const credential = await this.users.credentialOf(userId);
    return userView(state, !!credential?.passwordHash);
  }
}
