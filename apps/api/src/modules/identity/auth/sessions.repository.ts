import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../../domain/domain-error';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { CLOCK, type Clock } from '../../../infra/clock';
import { DATABASE, type Database } from '../../../infra/database/database';
import { databaseWaitMs, noteDatabaseTrouble } from '../../../infra/database/request-deadline';

export const tokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();
const newRefreshToken = (): string => randomBytes(32).toString('base64url');

export interface SessionStart {
  readonly userId: string;
  readonly timeZone: string | null;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

export type RotateOutcome =
  | {
      readonly kind: 'rotated';
      readonly sessionId: string;
      readonly userId: string;
      readonly refreshToken: string;
    }
  | { readonly kind: 'reused'; readonly sessionId: string; readonly userId: string }
  | { readonly kind: 'invalid' };

/**
 * How long a session found open is taken as open without asking the database again. Revoking
 * through this repository forgets it at once; a revocation by another API process takes effect
 * here within this time.
 */
export const OPEN_SESSION_TTL_MS = 1000;
/** How long a request waits for its session's read before it answers 503. */
export const SESSION_LOOKUP_TIMEOUT_MS = 2000;
/** Beyond this many remembered sessions the cache starts over (a bound, not an eviction policy). */
const OPEN_SESSION_CACHE_MAX = 10_000;

interface OpenSession {
  readonly userId: string;
  readonly expiresAt: Date;
  /** performance.now() when the database last said it was open. */
  readonly checkedAt: number;
}

/**
 * Sessions and their refresh tokens. Only hashes are stored. Every refresh spends the token and
 * issues the next generation; a spent token presented again means it was stolen or replayed, so
 * the whole session (the token family) is revoked.
 */
@Injectable()
export class SessionsRepository {
  private readonly openSessions = new Map<string, OpenSession>();
  /** Counts revocations, so a check that read the row before one does not remember it open. */
  private revocations = 0;
  /** Session reads in flight, each with the revocation count when it started. */
  private readonly checks = new Map<
    string,
    { readonly revocations: number; readonly session: Promise<OpenSession | null> }
  >();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(start: SessionStart): Promise<{ sessionId: string; refreshToken: string }> {
    const sessionId = randomUUID();
    const refreshToken = newRefreshToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.refreshTokenTtlDays * 86_400_000);
    await this.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('auth_sessions')
        .values({
          session_id: sessionId,
          user_id: start.userId,
          created_at: now,
          last_used_at: now,
          expires_at: expiresAt,
          time_zone: start.timeZone,
          ip: start.ip,
          user_agent: start.userAgent?.slice(0, 500) ?? null,
          revoked_at: null,
          revoked_reason: null,
        })
        .execute();
      await trx
        .insertInto('auth_refresh_tokens')
        .values({
          token_hash: tokenHash(refreshToken),
          session_id: sessionId,
          generation: 1,
          created_at: now,
          used_at: null,
        })
        .execute();
    });
    return { sessionId, refreshToken };
  }

  async rotate(refreshToken: string, timeZone: string | null): Promise<RotateOutcome> {
    const now = this.clock.now();
    const outcome = await this.database.db
      .transaction()
      .execute(async (trx): Promise<RotateOutcome> => {
        const token = await trx
          .selectFrom('auth_refresh_tokens as t')
          .innerJoin('auth_sessions as s', 's.session_id', 't.session_id')
          .select(['t.token_hash', 't.generation', 't.used_at', 's.session_id', 's.user_id'])
          .select(['s.revoked_at', 's.expires_at'])
          .where('t.token_hash', '=', tokenHash(refreshToken))
          .forUpdate()
          .executeTakeFirst();
        if (!token || token.revoked_at || token.expires_at <= now) return { kind: 'invalid' };
        if (token.used_at) {
          this.forget(token.session_id);
          await trx
            .updateTable('auth_sessions')
            .set({ revoked_at: now, revoked_reason: 'refresh token reused' })
            .where('session_id', '=', token.session_id)
            .execute();
          return { kind: 'reused', sessionId: token.session_id, userId: token.user_id };
        }
        const next = newRefreshToken();
        await trx
          .updateTable('auth_refresh_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', token.token_hash)
          .execute();
        await trx
          .insertInto('auth_refresh_tokens')
          .values({
            token_hash: tokenHash(next),
            session_id: token.session_id,
            generation: token.generation + 1,
            created_at: now,
            used_at: null,
          })
          .execute();
        await trx
          .updateTable('auth_sessions')
          .set((eb) => ({ last_used_at: now, time_zone: timeZone ?? eb.ref('time_zone') }))
          .where('session_id', '=', token.session_id)
          .execute();
        return {
          kind: 'rotated',
          sessionId: token.session_id,
          userId: token.user_id,
          refreshToken: next,
        };
      });
    if (outcome.kind === 'reused') this.forget(outcome.sessionId);
    return outcome;
  }

  /** Whether a session is open: from the database, or from it within the last second. */
  async isActive(sessionId: string): Promise<boolean> {
    const now = this.clock.now();
    const known = this.openSessions.get(sessionId);
    if (known && performance.now() - known.checkedAt < OPEN_SESSION_TTL_MS) {
      return known.expiresAt > now;
    }
    // Concurrent requests share one read, unless a revocation came after it started.
    let check = this.checks.get(sessionId);
    if (!check || check.revocations !== this.revocations) {
      const started = { revocations: this.revocations, session: this.readOpen(sessionId) };
      this.checks.set(sessionId, started);
      void started.session
        .finally(() => {
          if (this.checks.get(sessionId) === started) this.checks.delete(sessionId);
        })
        .catch(() => undefined);
      check = started;
    }
    const session = await this.withinLookupTime(sessionId, check);
    return !!session && session.expiresAt > now;
  }

  /**
   * A shared read answers within SESSION_LOOKUP_TIMEOUT_MS or is dropped (the next caller starts
   * a new one), so one read lost with a database connection cannot hang the session for good.
   */
  private async withinLookupTime(
    sessionId: string,
    check: { readonly session: Promise<OpenSession | null> },
  ): Promise<OpenSession | null> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (this.checks.get(sessionId) === check) this.checks.delete(sessionId);
        noteDatabaseTrouble();
        reject(new DomainError('unavailable', SERVICE_UNAVAILABLE_MESSAGE));
      }, databaseWaitMs(SESSION_LOOKUP_TIMEOUT_MS));
    });
    try {
      return await Promise.race([check.session, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The session from the database if it is not revoked, remembered unless one was meanwhile. */
  private async readOpen(sessionId: string): Promise<OpenSession | null> {
    const checkedAt = performance.now();
    const revocations = this.revocations;
    const row = await this.database.db
      .selectFrom('auth_sessions')
      .select(['user_id', 'revoked_at', 'expires_at'])
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (!row || row.revoked_at) {
      this.openSessions.delete(sessionId);
      return null;
    }
    const session = { userId: row.user_id, expiresAt: row.expires_at, checkedAt };
    if (revocations === this.revocations) {
      if (this.openSessions.size >= OPEN_SESSION_CACHE_MAX) this.openSessions.clear();
      this.openSessions.set(sessionId, session);
    }
    return session;
  }

  async touch(sessionId: string, timeZone: string | null): Promise<void> {
    await this.database.db
      .updateTable('auth_sessions')
      .set((eb) => ({ last_used_at: this.clock.now(), time_zone: timeZone ?? eb.ref('time_zone') }))
      .where('session_id', '=', sessionId)
      .execute();
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    this.forget(sessionId);
    await this.database.db
      .updateTable('auth_sessions')
      .set({ revoked_at: this.clock.now(), revoked_reason: reason })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    this.forget(sessionId);
  }

  async revokeAllForUser(userId: string, reason: string): Promise<number> {
    this.forgetUser(userId);
    const result = await this.database.db
      .updateTable('auth_sessions')
      .set({ revoked_at: this.clock.now(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    this.forgetUser(userId);
    return Number(result.numUpdatedRows);
  }

  /**
   * Drops a session from the open-session cache, before its revocation is written (no check
   * answers from the cache meanwhile) and again after it commits (a check that read the row
   * before the commit does not keep it: the revocation count tells it not to).
   */
  private forget(sessionId: string): void {
    this.revocations += 1;
    this.openSessions.delete(sessionId);
  }

  private forgetUser(userId: string): void {
    this.revocations += 1;
    for (const [sessionId, session] of this.openSessions) {
      if (session.userId === userId) this.openSessions.delete(sessionId);
    }
  }
}
