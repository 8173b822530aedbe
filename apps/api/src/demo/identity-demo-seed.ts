import { createHash } from 'node:crypto';
import type { UserType } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../infra/config/app-config';
import { CommandPipeline } from '../infra/event-sourcing/command-pipeline';
import { eventIdFor } from '../infra/event-sourcing/event-ids';
import { systemContext } from '../infra/http/request-context';
import { LOGGER } from '../infra/logging/logger';
import { practiceDecider } from '../modules/directory/domain/practice.decider';
import { practiceStreamId } from '../modules/directory/domain/practice.events';
import { AccountService } from '../modules/identity/account.service';
import { UserAccounts } from '../modules/identity/user-accounts';

export const DEMO_PASSWORD = 'Demo-Pass-2026!';
export const DEMO_PRACTICE_ID = eventIdFor('demo-practice', -1);

export const DEMO_ACCOUNTS: readonly {
  type: UserType;
  email: string;
  first: string;
  last: string;
}[] = [
  { type: 'Patient', email: 'patient@demo.medbook.local', first: 'Paula', last: 'Patient' },
  { type: 'Provider', email: 'provider@demo.medbook.local', first: 'Peter', last: 'Provider' },
  { type: 'PracticeAdmin', email: 'admin@demo.medbook.local', first: 'Ada', last: 'Admin' },
  { type: 'Staff', email: 'staff@demo.medbook.local', first: 'Sam', last: 'Staff' },
  { type: 'SuperUser', email: 'super@demo.medbook.local', first: 'Sue', last: 'Super' },
  { type: 'SupportAgent', email: 'support@demo.medbook.local', first: 'Sid', last: 'Support' },
  {
    type: 'FinancialSuperUser',
    email: 'finance@demo.medbook.local',
    first: 'Fay',
    last: 'Finance',
  },
];

const SEED_CONTEXT = systemContext('demo-seed');

/** On a first start: a demo practice and one account per role, printed on the console. */
@Injectable()
export class IdentityDemoSeed {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly accounts: UserAccounts,
    private readonly account: AccountService,
    private readonly pipeline: CommandPipeline,
  ) {}

  async seed(): Promise<void> {
    await this.pipeline.decideOn(practiceStreamId(DEMO_PRACTICE_ID), practiceDecider, {
      command: {
        type: 'RegisterPractice',
        practiceId: DEMO_PRACTICE_ID,
        name: 'Lakeside Family Medicine',
        timeZone: 'America/New_York',
        now: this.accounts.now(),
      },
      context: SEED_CONTEXT,
      commandId: 'demo-practice',
    });
    const password = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
    let created = 0;
    for (const demo of DEMO_ACCOUNTS) {
      if (await this.accounts.userIdByEmail(demo.email)) continue;
      const practice = ['Provider', 'PracticeAdmin', 'Staff'].includes(demo.type);
      await this.account.createAccount(
        { email: demo.email, password, first_name: demo.first, last_name: demo.last },
        SEED_CONTEXT,
        { type: demo.type, practiceId: practice ? DEMO_PRACTICE_ID : null, socialProvider: null },
      );
      created += 1;
    }
    if (created === 0) return;
    const lines = DEMO_ACCOUNTS.map((d) => `  ${d.type.padEnd(19)} ${d.email}`).join('\n');
    // Printed on purpose: the person who ran `npm start` needs these to sign in.
    process.stdout.write(
      `\nDemo accounts (password for all: ${DEMO_PASSWORD}):\n${lines}\n` +
        `Codes sent by email or SMS are listed at ${this.config.publicUrl}/api/v1/dev/outbox\n\n`,
    );
    this.logger.info({ accounts: created }, 'demo accounts created');
  }
}
