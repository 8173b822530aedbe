import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../../infra/clock';
import { DATABASE, type Database } from '../../../infra/database/database';
import { tokenHash } from './sessions.repository';

export type TicketKind = 'session' | 'social_signup';

const TICKET_TTL_MS = 10 * 60_000;

/** One-time tickets the browser carries across a redirect; stored hashed, spent once. */
@Injectable()
export class TicketsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async issue(kind: TicketKind, payload: object): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.database.db
      .insertInto('auth_tickets')
      .values({
        ticket_hash: tokenHash(ticket),
        kind,
        payload: sql<string>`${payload}::jsonb`,
        expires_at: new Date(this.clock.now().getTime() + TICKET_TTL_MS),
        used_at: null,
      })
      .execute();
    return ticket;
  }

  async spend<T>(kind: TicketKind, ticket: string): Promise<T | null> {
    const now = this.clock.now();
    const row = await this.database.db
      .updateTable('auth_tickets')
      .set({ used_at: now })
      .where('ticket_hash', '=', tokenHash(ticket))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('payload')
      .executeTakeFirst();
    return row ? (row.payload as T) : null;
  }

  async savePendingAuthorization(request: {
    state: string;
    provider: string;
    nonce: string;
    codeVerifier: string;
    redirect: string | null;
  }): Promise<void> {
    await this.database.db
      .insertInto('auth_oidc_requests')
      .values({
        state: request.state,
        provider: request.provider,
        nonce: request.nonce,
        code_verifier: request.codeVerifier,
        redirect: request.redirect,
        created_at: this.clock.now(),
      })
      .execute();
  }

  /** Takes the pending authorization for a state: once, and only within ten minutes. */
  async takePendingAuthorization(state: string) {
    const row = await this.database.db
      .deleteFrom('auth_oidc_requests')
      .where('state', '=', state)
      .returningAll()
      .executeTakeFirst();
    if (!row || row.created_at.getTime() < this.clock.now().getTime() - TICKET_TTL_MS) return null;
    return row;
  }
}
