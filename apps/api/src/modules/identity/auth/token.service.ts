import { randomBytes, randomUUID } from 'node:crypto';
import { USER_TYPES, type UserType } from '@medbook/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { CLOCK, type Clock } from '../../../infra/clock';
import { DATABASE, type Database } from '../../../infra/database/database';
import type { Principal } from './principal';

const ISSUER = 'medbook';
const KEY_ID = 'access-v1';

export class InvalidTokenError extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'token expired' : 'token invalid');
  }
}

/**
 * Short-lived access tokens (HS256, jose). The key is made on first start and kept in the
 * database, so every API process signs and verifies with the same one.
 */
/** How many verified tokens a process remembers (about 200 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

@Injectable()
export class TokenService implements OnModuleInit {
  private key: Uint8Array | null = null;
  /**
   * Tokens whose signature this process has checked, until they expire: a client sends the same
   * token with every request, and the HMAC check (WebCrypto, a promise each) cost about 5% of a
   * booking's CPU. Keyed by the whole token, so only an identical, already-verified token hits;
   * revocation is the session check's job (auth guard), as before.
   */
  private readonly verified = new Map<string, { principal: Principal; expiresAtMs: number }>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    const { db } = this.database;
    await db
      .insertInto('auth_keys')
      .values({ kid: KEY_ID, secret: randomBytes(32) })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    const row = await db
      .selectFrom('auth_keys')
      .select('secret')
      .where('kid', '=', KEY_ID)
      .executeTakeFirstOrThrow();
    this.key = new Uint8Array(row.secret);
  }

  get accessTokenTtlSeconds(): number {
    return this.config.accessTokenTtlSeconds;
  }

  async sign(
    principal: Principal,
    ttlSeconds = this.config.accessTokenTtlSeconds,
  ): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ typ: principal.type, pid: principal.practiceId, sid: principal.sessionId })
      .setProtectedHeader({ alg: 'HS256', kid: KEY_ID })
      .setSubject(principal.userId)
      .setIssuer(ISSUER)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.signingKey());
  }

  async verify(token: string): Promise<Principal> {
    const now = this.clock.now();
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > now.getTime()) return known.principal;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.signingKey(), {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const type = payload.typ as UserType;
      // A purpose token (an invitation link) is never an access token.
      if (payload.aud !== undefined) throw new InvalidTokenError(false);
      if (!payload.sub || !USER_TYPES.includes(type)) throw new InvalidTokenError(false);
      const principal: Principal = {
        userId: payload.sub,
        type,
        practiceId: typeof payload.pid === 'string' ? payload.pid : null,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
      };
      if (typeof payload.exp === 'number') {
        // Oldest first out: a Map iterates in insertion order.
        if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
          this.verified.delete(this.verified.keys().next().value!);
        }
        this.verified.set(token, { principal, expiresAtMs: payload.exp * 1000 });
      }
      return principal;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError(error instanceof errors.JWTExpired);
    }
  }

  /**
   * A signed token for one purpose other than access (its audience), such as a video visit's
   * invitation link: the claims cannot be changed and it expires; single use is the caller's.
   */
  async signPurpose(
    purpose: string,
    subject: string,
    claims: Readonly<Record<string, string>>,
    expiresAt: Date,
  ): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: KEY_ID })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(purpose)
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.signingKey());
  }

  /** The claims of a purpose token; InvalidTokenError (expired or not) otherwise. */
  async verifyPurpose(
    purpose: string,
    token: string,
  ): Promise<{ subject: string; claims: Record<string, unknown> }> {
    try {
      const { payload } = await jwtVerify(token, this.signingKey(), {
        issuer: ISSUER,
        audience: purpose,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (!payload.sub) throw new InvalidTokenError(false);
      return { subject: payload.sub, claims: payload };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError(error instanceof errors.JWTExpired);
    }
  }

  private signingKey(): Uint8Array {
    if (!this.key) throw new Error('TokenService used before its key was loaded');
    return this.key;
  }
}
