import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'kysely';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE, type Database } from '../database/database';
import { shutdownStep } from '../lifecycle/shutdown-step';
import { LOGGER } from '../logging/logger';

/** Work that one process at a time does: a projection group, a scheduler, a process manager. */
export interface LeaderRole {
  readonly name: string;
  /** This process has just taken the role's lock: start the work. */
  lead(): Promise<void>;
  /**
   * Stop the work: at once when the lock is lost with its connection (another process may
   * already lead), after finishing what is in hand when this process shuts down.
   */
  resign(reason: 'lost' | 'shutdown'): Promise<void>;
}

export interface RoleLeader {
  /** The leading process's INSTANCE_ID, or null while no process leads the role. */
  readonly instance: string | null;
  readonly thisProcess: boolean;
}

/** The first key of every medbook advisory lock ('medb'); the second names the role. */
const LOCK_CLASS = 0x6d656462;
const APPLICATION_NAME_PREFIX = 'medbook-leader ';
/** A leader whose connection answers no heartbeat within this loses its roles. */
const HEARTBEAT_TIMEOUT_MS = 2000;

interface Candidacy {
  readonly role: LeaderRole;
  leading: boolean;
  /** The role's lead and resign calls, one after another. */
  transition: Promise<void>;
}

/**
 * Chooses, for each role, the one process that does it, by PostgreSQL advisory locks: a process
 * that stands (RUN_PROJECTIONS is not false) holds one dedicated connection and takes each free
 * role's session lock with pg_try_advisory_lock, trying again every LEADERSHIP_POLL_MS. The lock
 * lives as long as the connection: when the leader dies, PostgreSQL drops the lock with the
 * connection and a follower takes the role at its next try; when the leader's connection ends or
 * stops answering, the leader stops the work at once. The work itself stays safe with two leaders
 * for a moment (projections lock their checkpoint rows, commands are idempotent): the lock spares
 * the duplicated effort and keeps one process publishing each live message.
 */
@Injectable()
export class Leadership implements OnApplicationShutdown {
  private readonly candidacies = new Map<string, Candidacy>();
  private client: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get instanceId(): string {
    return this.config.instanceId;
  }

  /**
   * Stands for a role (unless this process runs no projections); resolves after the first try,
   * with the role's work started when this process took it.
   */
  async campaign(role: LeaderRole): Promise<void> {
    if (!this.config.runProjections || this.stopped || this.candidacies.has(role.name)) return;
    this.candidacies.set(role.name, { role, leading: false, transition: Promise.resolve() });
    this.timer ??= setInterval(() => void this.tryNow(), this.config.leadershipPollMs);
    this.timer.unref();
    await this.tryNow();
  }

  isLeading(name: string): boolean {
    return this.candidacies.get(name)?.leading ?? false;
  }

  /** Who leads a role now, as PostgreSQL's lock table says. */
  async leaderOf(name: string): Promise<RoleLeader> {
    if (this.isLeading(name)) return { instance: this.instanceId, thisProcess: true };
    const { rows } = await sql<{ application_name: string }>`
      SELECT a.application_name
        FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND l.classid = ${String(LOCK_CLASS)}::oid AND l.objid = ${String(roleKey(name))}::oid
       LIMIT 1`.execute(this.database.db);
    const holder = rows[0]?.application_name;
    return {
      instance: holder === undefined ? null : holder.replace(APPLICATION_NAME_PREFIX, ''),
      thisProcess: false,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await shutdownStep('leadership: the round in progress', 3000, this.logger, () => this.attempt);
    // The work stops before the locks go, so no other process starts while this one finishes.
    await Promise.all(
      [...this.candidacies.values()]
        .filter((c) => c.leading)
        .map((c) =>
          shutdownStep(`leadership: resign ${c.role.name}`, 10_000, this.logger, () =>
            this.step(c, false, () => c.role.resign('shutdown')),
          ),
        ),
    );
    const client = this.client;
    this.client = null;
    // Ending the connection frees every lock: another process takes the roles at its next try.
    await shutdownStep('leadership: end the lock connection', 2000, this.logger, () =>
      client?.end().catch(() => undefined),
    );
  }

  /** One round: a heartbeat when leading, then a try at every role not led here. */
  private tryNow(): Promise<void> {
    this.attempt ??= this.round().finally(() => (this.attempt = null));
    return this.attempt;
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    let client: Client;
    try {
      client = await this.connection();
    } catch (error) {
      this.logger.warn({ err: error }, 'leadership: cannot reach PostgreSQL; trying again');
      return;
    }
    try {
      if ([...this.candidacies.values()].some((c) => c.leading)) await client.query('SELECT 1');
      for (const candidacy of this.candidacies.values()) {
        if (candidacy.leading || this.stopped) continue;
        const key = roleKey(candidacy.role.name);
        const { rows } = await client.query<{ taken: boolean }>(
          'SELECT pg_try_advisory_lock($1, $2) AS taken',
          [LOCK_CLASS, key],
        );
        if (!rows[0]?.taken) continue;
        this.logger.info({ role: candidacy.role.name }, 'leading');
        await this.step(candidacy, true, () => candidacy.role.lead());
        if (!candidacy.leading && this.client === client) {
          // Its work did not start: free the role for another process (or the next try).
          await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, key]);
        }
      }
    } catch (error) {
      this.lose(client, error);
    }
  }

  /** Moves a role in or out of leadership after its previous move; a failed start is undone. */
  private step(candidacy: Candidacy, leading: boolean, work: () => Promise<void>): Promise<void> {
    candidacy.leading = leading;
    const run = candidacy.transition.then(work).catch((error: unknown) => {
      this.logger.error({ err: error, role: candidacy.role.name }, 'leadership: role failed');
      if (leading) {
        candidacy.leading = false;
        return candidacy.role.resign('lost').catch(() => undefined);
      }
    });
    candidacy.transition = run;
    return run;
  }

  private async connection(): Promise<Client> {
    if (this.client) return this.client;
    const client = new Client({
      connectionString: this.database.url,
      application_name: `${APPLICATION_NAME_PREFIX}${this.instanceId}`.slice(0, 63),
      keepAlive: true,
      connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('connection ended')));
    await client.connect();
    this.client = client;
    return client;
  }

  /** The connection is gone, and every lock with it: every role led here stops now. */
  private lose(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const lost = [...this.candidacies.values()].filter((c) => c.leading);
    if (lost.length > 0) {
      this.logger.warn(
        { err: error, roles: lost.map((c) => c.role.name) },
        'leadership lost with its connection: stopping',
      );
    }
    for (const candidacy of lost)
      void this.step(candidacy, false, () => candidacy.role.resign('lost'));
  }
}

/** A role's lock key: its name's FNV-1a hash, kept positive (PostgreSQL shows it as an oid). */
export function roleKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of Buffer.from(name, 'utf8')) {
    hash ^= char;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}
