import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { CLOCK, type Clock } from '../../../infra/clock';
import { DATABASE, type Database } from '../../../infra/database/database';

const HOUR_MS = 3_600_000;

/** Failed sign-ins over the last hour, per account and per IP, shared by every API process. */
@Injectable()
export class LoginThrottleRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async isBlocked(account: string, ip: string | null): Promise<boolean> {
    const since = new Date(this.clock.now().getTime() - HOUR_MS);
    const { db } = this.database;
    const [byAccount, byIp] = await Promise.all([
      db
        .selectFrom('auth_login_failures')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('account', '=', account)
        .where('failed_at', '>', since)
        .executeTakeFirstOrThrow(),
      ip
        ? db
            .selectFrom('auth_login_failures')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('ip', '=', ip)
            .where('failed_at', '>', since)
            .executeTakeFirstOrThrow()
        : Promise.resolve({ count: '0' }),
    ]);
    return (
      Number(byAccount.count) >= this.config.loginFailuresPerAccountHour ||
      Number(byIp.count) >= this.config.loginFailuresPerIpHour
    );
  }

  async recordFailure(account: string, ip: string | null): Promise<void> {
    const now = this.clock.now();
    const { db } = this.database;
    await db.insertInto('auth_login_failures').values({ account, ip, failed_at: now }).execute();
    // Old failures no longer count; dropping them keeps the table to an hour's worth.
    await db
      .deleteFrom('auth_login_failures')
      .where('failed_at', '<', new Date(now.getTime() - 2 * HOUR_MS))
      .execute();
  }

  async clear(account: string): Promise<void> {
    await this.database.db
      .deleteFrom('auth_login_failures')
      .where('account', '=', account)
      .execute();
  }
}
