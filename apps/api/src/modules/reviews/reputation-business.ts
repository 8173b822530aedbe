import type { ReputationSetting } from '@medbook/contracts';
import { type Kysely, sql } from 'kysely';
import type { AppConfig } from '../../infra/config/app-config';
import type { DB } from '../../infra/database/database.types';

/**
 * The business a practice user signs into at the reputation service: their own when they are a
 * provider set up for it, else the first of the practice's providers with reputation management
 * on. A plain read of the reviews read model, so that sign-in (identity) can say it too.
 */
export async function reputationBusinessOf(
  db: Kysely<DB>,
  practiceId: string,
  userId: string,
): Promise<string | null> {
  const setting = await db
    .selectFrom('rm_survey_settings')
    .select(['provider_id', 'reputation_business_id'])
    .where('practice_id', '=', practiceId)
    .where('has_reputation_enabled', '=', true)
    .where('reputation_business_id', 'is not', null)
    .orderBy(sql`provider_id = ${userId}`, 'desc')
    .orderBy('provider_id')
    .executeTakeFirst();
  return setting?.reputation_business_id ?? null;
}

/**
 * The login response's reputation_setting: enabled when the service is configured (its sign-on
 * address and key) and the practice has a business there; the header shows Reputation Management
 * only then. The key stays on the server.
 */
export async function reputationSettingOf(
  db: Kysely<DB>,
  config: Pick<AppConfig, 'reputationSsoUrl' | 'reputationSsoKey'>,
  practiceId: string | null,
  userId: string,
): Promise<ReputationSetting> {
  const business = practiceId ? await reputationBusinessOf(db, practiceId, userId) : null;
  return {
    enabled: Boolean(config.reputationSsoUrl && config.reputationSsoKey && business),
    api_key: null,
    business_id: business,
  };
}
