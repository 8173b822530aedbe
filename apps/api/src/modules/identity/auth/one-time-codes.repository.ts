import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../../infra/clock';
import { DATABASE, type Database } from '../../../infra/database/database';
import { tokenHash } from './sessions.repository';

export type CodePurpose = 'password_reset' | 'mobile_verification';

export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

export type CodeCheck =
  | { readonly kind: 'valid'; readonly target: string }
  | { readonly kind: 'wrong' }
  | { readonly kind: 'exhausted' };

const codeHash = (codeId: string, code: string): Buffer =>
  createHash('sha256').update(`${codeId}:${code}`).digest();

/** Six-digit codes: hashed, expiring, single use, a bounded number of tries. */
@Injectable()
export class OneTimeCodesRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Issues a new code; any earlier unused code for the same purpose stops working. */
  async issue(userId: string, purpose: CodePurpose, target: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeId = randomUUID();
    const now = this.clock.now();
    await this.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('auth_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('auth_codes')
        .values({
          code_id: codeId,
          purpose,
          user_id: userId,
          target,
          code_hash: codeHash(codeId, code),
          created_at: now,
          expires_at: new Date(now.getTime() + CODE_TTL_MS),
          used_at: null,
        })
        .execute();
    });
    return code;
  }

  /** Checks a code against the user's live one; a right code is spent, a wrong one counted. */
  check(userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const now = this.clock.now();
    return this.database.db.transaction().execute(async (trx): Promise<CodeCheck> => {
      const live = await trx
        .selectFrom('auth_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!live) return { kind: 'wrong' };
      if (live.code_hash.equals(codeHash(live.code_id, code))) {
        await trx
          .updateTable('auth_codes')
          .set({ used_at: now })
          .where('code_id', '=', live.code_id)
          .execute();
        return { kind: 'valid', target: live.target };
      }
      const attempts = live.attempts + 1;
      await trx
        .updateTable('auth_codes')
        .set({ attempts, used_at: attempts >= MAX_CODE_ATTEMPTS ? now : null })
        .where('code_id', '=', live.code_id)
        .execute();
      return attempts >= MAX_CODE_ATTEMPTS ? { kind: 'exhausted' } : { kind: 'wrong' };
    });
  }

  async issueResetToken(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.database.db
      .insertInto('auth_reset_tokens')
      .values({
        token_hash: tokenHash(token),
        user_id: userId,
        expires_at: new Date(this.clock.now().getTime() + CODE_TTL_MS),
        used_at: null,
      })
      .execute();
    return token;
  }

  async resetTokenUser(token: string): Promise<string | null> {
    const row = await this.database.db
      .selectFrom('auth_reset_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Spends a reset token: answers its user once, then never again. */
  async spendResetToken(token: string): Promise<string | null> {
    const now = this.clock.now();
    const row = await this.database.db
      .updateTable('auth_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}
