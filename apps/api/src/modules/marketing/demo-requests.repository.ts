import type { DemoRequestView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';

export interface NewDemoRequest extends Omit<DemoRequestView, 'requested_at'> {
  readonly ip: string | null;
  readonly user_agent: string | null;
  readonly requested_at: Date;
}

/** The landing page's demo requests (migration 0041). */
@Injectable()
export class DemoRequestsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async add(request: NewDemoRequest): Promise<void> {
    await sql`
      INSERT INTO demo_requests
        (id, first_name, last_name, email, phone, practice_name, message, ip, user_agent, requested_at)
      VALUES (${request.id}, ${request.first_name}, ${request.last_name}, ${request.email},
              ${request.phone}, ${request.practice_name}, ${request.message}, ${request.ip},
              ${request.user_agent}, ${request.requested_at})`.execute(this.database.db);
  }

  /** How many requests this address sent since then: a form that floods the table is refused. */
  async countFrom(ip: string, since: Date): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM demo_requests
       WHERE ip = ${ip} AND requested_at > ${since}`.execute(this.database.db);
    return Number(rows[0]?.n ?? 0);
  }

  async latest(limit: number): Promise<DemoRequestView[]> {
    const { rows } = await sql<DemoRequestView>`
      SELECT id::text, first_name, last_name, email, phone, practice_name, message,
             to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS requested_at
        FROM demo_requests
       ORDER BY requested_at DESC, id
       LIMIT ${limit}`.execute(this.database.db);
    return rows;
  }
}
