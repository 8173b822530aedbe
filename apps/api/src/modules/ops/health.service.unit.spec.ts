import type { EventStore } from '@medbook/event-store';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from '../../infra/database/database';
import type { ProjectionsService } from '../../infra/projections/projections.service';
import { DATABASE_ANSWER_MS, HealthService } from './health.service';

/** A driver whose connections come at once and answer every query, or never come. */
function driver(answers: boolean): Driver {
  const connection: DatabaseConnection = {
    executeQuery: () => Promise.resolve({ rows: [] }),
    // eslint-disable-next-line require-yield
    streamQuery: async function* () {
      throw new Error('not used');
    },
  };
  return {
    init: () => Promise.resolve(),
    acquireConnection: () => (answers ? Promise.resolve(connection) : new Promise(() => {})),
    beginTransaction: () => Promise.resolve(),
    commitTransaction: () => Promise.resolve(),
    rollbackTransaction: () => Promise.resolve(),
    releaseConnection: () => Promise.resolve(),
    destroy: () => Promise.resolve(),
  };
}

/** With `publicStates`, for the public probe: it may read those states and nothing more. */
function health(
  databaseAnswers: boolean,
  publicStates: readonly string[] | null = null,
): HealthService {
  // Each projection's lag and the log's head and holdup are for operators only.
  const operatorsOnly = () => Promise.reject(new Error('read for the public probe'));
  const operators = <T>(value: T) => (publicStates ? operatorsOnly : () => Promise.resolve(value));
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver(databaseAnswers),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return new HealthService(
    {
      statuses: operators([]),
      states: () => Promise.resolve(publicStates ?? []),
    } as unknown as ProjectionsService,
    { db } as unknown as Database,
    { head: operators(null), holdup: operators(null) } as unknown as EventStore,
    { now: () => new Date('2026-11-26T12:00:00Z') },
  );
}

describe('HealthService', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reports the database up when it answers', async () => {
    await expect(health(true).report()).resolves.toMatchObject({
      status: 'ok',
      database: 'up',
    });
  });

  it('reports the database down once it has not answered for a second, not later', async () => {
    let report: unknown = null;
    void health(false)
      .report()
      .then((r) => (report = r));
    await jest.advanceTimersByTimeAsync(DATABASE_ANSWER_MS - 1);
    expect(report).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(report).toMatchObject({ status: 'degraded', database: 'down', projections: [] });
  });

  it('tells the public up while the database answers and every projection runs, reading no more', async () => {
    await expect(health(true, ['running', 'running']).publicStatus()).resolves.toEqual({
      status: 'up',
      checked_at: '2026-11-26T12:00:00.000Z',
    });
  });

  it('tells the public degraded while a projection is not running', async () => {
    for (const state of ['failing', 'back-filling', 'stopped', 'starting']) {
      await expect(health(true, ['running', state]).publicStatus()).resolves.toMatchObject({
        status: 'degraded',
      });
    }
  });

  it('tells the public degraded once the database has not answered for a second', async () => {
    let answer: unknown = null;
    void health(false, ['running'])
      .publicStatus()
      .then((a) => (answer = a));
    await jest.advanceTimersByTimeAsync(DATABASE_ANSWER_MS);
    expect(answer).toMatchObject({ status: 'degraded' });
  });
});
