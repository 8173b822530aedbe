import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AuditVerificationReport } from '@medbook/contracts';
import { PostgresEventStore } from '@medbook/event-store';
import type postgres from 'postgres';
import type { LogProblem } from '../../../apps/api/src/modules/ops/audit-log/audit-log.events';
import { verifyAndRecord } from '../../../apps/api/src/modules/ops/audit-log/log-verification';
import { LogSealer } from '../../../apps/api/src/modules/ops/audit-log/log-sealer';
import { eventually, newEvent, newEvents, testMetadata } from '../../support/events';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { createUser } from '../../support/accounts';
import { startTestApp } from '../../support/test-app';
import {
  type LogSealed,
  SEALS_STREAM,
} from '../../../apps/api/src/modules/ops/audit-log/audit-log.events';

const ROOT = path.join(__dirname, '..', '..', '..');

jest.setTimeout(120_000);

let database: TestDatabase;
let store: PostgresEventStore;

beforeEach(async () => {
  database = await createTestDatabase({ max: 20 });
  store = new PostgresEventStore(database.sql, { listen: false });
});

afterEach(async () => {
  await store.close();
  await database.drop();
});

const verify = async () => (await verifyAndRecord(database.sql, store)).verified;
const seal = () => new LogSealer(database.sql, store).sealAll();

const lastSealEnd = async () => {
  const [last] = await store.readStream(SEALS_STREAM, { direction: 'backwards', maxCount: 1 });
  return last ? (last.data as LogSealed['data']).through.position : 0;
};

/**
 * Seals all that was written, and answers how many events the seals cover that were there before
 * the call. A long transaction elsewhere in the cluster (a busy machine's other tests) may hold
 * the readable end of the log back for many seconds, so it first waits for the head. Even then a
 * seal may stop short: its statement keeps a transaction that was running when it began and has
 * ended before it read the server's activity (it cannot tell that transaction's database, so the
 * horizon errs on the early side, as it must). It then seals again until the written log is
 * covered; each further seal also covers the one before's own event, which is not counted.
 */
const sealWritten = async () => {
  const [written] = await database.sql<{ last: string }[]>`
    SELECT max(global_position) AS last FROM es_events`;
  await eventually(
    () => store.head(),
    (head) => (head?.position ?? 0) >= Number(written!.last),
    60_000,
  );
  let events = 0;
  let seals = 0;
  await eventually(
    async () => {
      const sealed = await seal();
      if (sealed > 0) seals += 1;
      events += sealed;
      return lastSealEnd();
    },
    (end) => end >= Number(written!.last),
    60_000,
  );
  return events - Math.max(0, seals - 1);
};

/** Tampers as a database superuser would: with every trigger (the append-only guard, the chain) off. */
const tamper = (change: (tx: postgres.TransactionSql) => Promise<unknown>) =>
  database.sql.begin(async (tx) => {
    await tx`SET LOCAL session_replication_role = replica`;
    await change(tx);
  });

const positionOf = async (streamId: string, revision: number) => {
  const [row] = await database.sql<{ global_position: string }[]>`
    SELECT global_position FROM es_events WHERE stream_id = ${streamId} AND stream_revision = ${revision}`;
  return Number(row!.global_position);
};

/**
 * A log written through the adapter's three write paths: the one-statement single-stream append
 * (new and existing stream, several events each), the one-statement append to several streams
 * (new ones and an existing one at its exact revision), and es_append (expected revision `any`).
 */
async function writeLog(): Promise<{
  single: string;
  created: string;
  moved: string;
  anyRevision: string;
}> {
  const single = `single-${randomUUID()}`;
  const created = `a-created-${randomUUID()}`;
  const moved = `z-moved-${randomUUID()}`;
  const anyRevision = `any-${randomUUID()}`;
  await store.appendToStream(single, newEvents(3), 'no_stream');
  await store.appendToStream(single, newEvents(2), 2);
  await store.appendToStream(moved, newEvents(2), 'no_stream');
  await store.appendToStreams([
    { streamId: created, events: newEvents(3), expectedRevision: 'no_stream' },
    { streamId: moved, events: newEvents(2), expectedRevision: 1 },
  ]);
  await store.appendToStream(anyRevision, newEvents(2), 'any');
  await store.appendToStream(
    anyRevision,
    [newEvent('Odd', { text: 'quote " backslash \\ tab \t é ✓ \u0001' })],
    'any',
  );
  return { single, created, moved, anyRevision };
}

const firstProblem = async (): Promise<LogProblem> => {
  const verified = await verify();
  expect(verified.ok).toBe(false);
  return verified.first_problem!;
};

describe('the hash chain', () => {
  it('chains every event of every write path, and an untouched log verifies', async () => {
    const { single, created, moved, anyRevision } = await writeLog();
    const hashes = await database.sql<{ stream_id: string; hash: Buffer | null }[]>`
      SELECT stream_id, hash FROM es_events WHERE stream_id IN (${single}, ${created}, ${moved}, ${anyRevision})`;
    expect(hashes).toHaveLength(5 + 3 + 4 + 3);
    expect(hashes.every((h) => h.hash?.length === 32)).toBe(true);

    // The trigger's hashes are the ones the migration's back-fill computes for existing events.
    const [differing] = await database.sql<{ n: string }[]>`
      SELECT count(*) AS n FROM (
        SELECT hash, es_chain(es_event_digest(global_position, transaction_id, stream_id,
                 stream_revision, event_id, event_type, data, metadata, recorded_at))
                 OVER (PARTITION BY stream_id ORDER BY stream_revision) AS refolded
          FROM es_events) AS e
       WHERE hash <> refolded`;
    expect(differing!.n).toBe('0');

    const verified = await verify();
    expect(verified).toMatchObject({ ok: true, events: 15, streams: 4, problems: 0 });
    expect(verified.first_problem).toBeNull();
  });

  it('keeps one stream chained under concurrent appends, each of several events', async () => {
    const stream = `busy-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 40 }, () => store.appendToStream(stream, newEvents(3), 'any')),
    );
    // Exact-revision writers that race: the losers fail, the winners chain.
    await Promise.allSettled(
      Array.from({ length: 20 }, () => store.appendToStream(stream, newEvents(2), 119)),
    );
    const others = Array.from({ length: 30 }, (_, i) => `calm-${i}-${randomUUID()}`);
    await Promise.all(others.map((id) => store.appendToStream(id, newEvents(2), 'no_stream')));
    const verified = await verify();
    expect(verified).toMatchObject({ ok: true, events: 122 + 60 });
  });

  it('refuses to write an event whose predecessor is missing, rather than break the chain', async () => {
    const stream = `gap-${randomUUID()}`;
    await store.appendToStream(stream, newEvents(1), 'no_stream');
    await expect(
      database.sql`
        INSERT INTO es_events (event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at)
        VALUES (${randomUUID()}, ${stream}, 2, 'Skipped', '{}', ${database.sql.json(testMetadata() as never)}, now())`,
    ).rejects.toMatchObject({ code: 'ES004' });
  });
});

describe('tampering found by audit:verify', () => {
  it('names an event whose data was changed', async () => {
    const { single } = await writeLog();
    await tamper(
      (tx) => tx`
      UPDATE es_events SET data = '{"n": 2}' WHERE stream_id = ${single} AND stream_revision = 1`,
    );
    expect(await firstProblem()).toEqual({
      stream_id: single,
      revision: 1,
      position: await positionOf(single, 1),
      problem: expect.stringMatching(/does not match its content/) as unknown,
    });
  });

  it('names an event whose metadata was changed', async () => {
    const { created } = await writeLog();
    await tamper(
      (tx) => tx`
      UPDATE es_events SET metadata = metadata || '{"actorId": "someone-else"}'
       WHERE stream_id = ${created} AND stream_revision = 0`,
    );
    expect(await firstProblem()).toEqual({
      stream_id: created,
      revision: 0,
      position: await positionOf(created, 0),
      problem: 'its content does not match its hash',
    });
  });

  it('names two events of a stream that were swapped', async () => {
    const { single } = await writeLog();
    await tamper(async (tx) => {
      await tx`UPDATE es_events SET stream_revision = -1 WHERE stream_id = ${single} AND stream_revision = 1`;
      await tx`UPDATE es_events SET stream_revision = 1 WHERE stream_id = ${single} AND stream_revision = 2`;
      await tx`UPDATE es_events SET stream_revision = 2 WHERE stream_id = ${single} AND stream_revision = -1`;
    });
    const problem = await firstProblem();
    // The first of the two in log order: the event that was revision 1, now revision 2.
    expect(problem).toMatchObject({
      stream_id: single,
      revision: 2,
      position: await positionOf(single, 2),
    });
    expect(await positionOf(single, 2)).toBeLessThan(await positionOf(single, 1));
  });

  it('names an event deleted from the middle of its stream', async () => {
    const { single } = await writeLog();
    const after = await positionOf(single, 3);
    await tamper(
      (tx) => tx`DELETE FROM es_events WHERE stream_id = ${single} AND stream_revision = 2`,
    );
    expect(await firstProblem()).toEqual({
      stream_id: single,
      revision: 2,
      position: after,
      problem: 'revision 2 is missing',
    });
  });

  it('names a sealed stream deleted whole, with its head', async () => {
    const { created } = await writeLog();
    await sealWritten();
    const head = await positionOf(created, 2);
    await tamper(async (tx) => {
      await tx`DELETE FROM es_events WHERE stream_id = ${created}`;
      await tx`DELETE FROM es_streams WHERE stream_id = ${created}`;
    });
    const verified = await verify();
    expect(verified.first_problem).toEqual({
      stream_id: created,
      revision: 2,
      position: head,
      problem: `sealed stream head missing: stream ${created} revision 2 sealed at position ${head} is gone`,
    });
    // The seal's count finds it too, whatever else an intruder deleted.
    expect(verified.problems).toBe(2);
  });

  it("names a stream's deleted tail, its head in es_streams moved back too", async () => {
    const { single } = await writeLog();
    await sealWritten();
    const head = await positionOf(single, 4);
    await tamper(async (tx) => {
      await tx`DELETE FROM es_events WHERE stream_id = ${single} AND stream_revision >= 3`;
      await tx`UPDATE es_streams SET revision = 2 WHERE stream_id = ${single}`;
    });
    expect(await firstProblem()).toMatchObject({
      stream_id: single,
      revision: 4,
      position: head,
      problem: expect.stringMatching(/^sealed stream head missing/) as unknown,
    });
  });

  it("names a stream's deleted tail from its head in es_streams, before any seal", async () => {
    const { single } = await writeLog();
    await tamper(
      (tx) => tx`DELETE FROM es_events WHERE stream_id = ${single} AND stream_revision >= 3`,
    );
    expect(await firstProblem()).toEqual({
      stream_id: single,
      revision: 3,
      position: await positionOf(single, 2),
      problem: 'revisions 3 to 4 are missing',
    });
  });

  it('names a forged event inserted without the chain', async () => {
    const { anyRevision } = await writeLog();
    await tamper(async (tx) => {
      await tx`
        INSERT INTO es_events (event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at, hash)
        VALUES (${randomUUID()}, ${anyRevision}, 3, 'Forged', '{}', ${tx.json(testMetadata() as never)}, now(),
                sha256('forged'))`;
      await tx`UPDATE es_streams SET revision = 3 WHERE stream_id = ${anyRevision}`;
    });
    expect(await firstProblem()).toMatchObject({
      stream_id: anyRevision,
      revision: 3,
      position: await positionOf(anyRevision, 3),
      problem: expect.stringMatching(/does not match its content/) as unknown,
    });
  });

  it('names a forged event with a valid chain slipped into a sealed range', async () => {
    const { single, anyRevision } = await writeLog();
    await sealWritten();
    // The intruder knows the algorithm: the chain is right, and the commit is an old, sealed one.
    await tamper(async (tx) => {
      await tx`
        INSERT INTO es_events (event_id, stream_id, stream_revision, event_type, data, metadata,
                               recorded_at, transaction_id, hash)
        SELECT ${randomUUID()}::uuid, ${anyRevision}, 3, 'Forged', '{}', metadata, recorded_at,
               transaction_id, sha256('placeholder')
          FROM es_events WHERE stream_id = ${single} AND stream_revision = 0`;
      await tx`
        UPDATE es_events AS e
           SET hash = es_chain_step(p.hash, es_event_digest(e.global_position, e.transaction_id,
                 e.stream_id, e.stream_revision, e.event_id, e.event_type, e.data, e.metadata,
                 e.recorded_at))
          FROM es_events p
         WHERE e.stream_id = ${anyRevision} AND e.stream_revision = 3
           AND p.stream_id = e.stream_id AND p.stream_revision = 2`;
      await tx`UPDATE es_streams SET revision = 3 WHERE stream_id = ${anyRevision}`;
    });
    const verified = await verify();
    expect(verified.first_problem).toEqual({
      stream_id: anyRevision,
      revision: 3,
      position: await positionOf(anyRevision, 3),
      problem: 'event not covered by its seal: it lies in a sealed range but was not sealed',
    });
    expect(verified.problems).toBe(2);
  });
});

describe('seals', () => {
  it('seal only a log that advanced, each chained to the one before', async () => {
    await writeLog();
    expect(await sealWritten()).toBe(15);
    expect(await seal()).toBe(0);
    await store.appendToStream(`later-${randomUUID()}`, newEvents(4), 'no_stream');
    // The first seal event and the four new ones.
    expect(await sealWritten()).toBe(5);
    const verified = await verify();
    expect(verified).toMatchObject({ ok: true, seals: 2 });
  });

  it('name a seal whose range was rewritten', async () => {
    const { single } = await writeLog();
    await sealWritten();
    // Every hash recomputed after the change: the chains agree, the seal does not.
    await tamper(async (tx) => {
      await tx`UPDATE es_events SET data = '{"n": 7}' WHERE stream_id = ${single} AND stream_revision = 4`;
      await tx`
        UPDATE es_events AS e
           SET hash = es_chain_step(p.hash, es_event_digest(e.global_position, e.transaction_id,
                 e.stream_id, e.stream_revision, e.event_id, e.event_type, e.data, e.metadata,
                 e.recorded_at))
          FROM es_events p
         WHERE e.stream_id = ${single} AND e.stream_revision = 4
           AND p.stream_id = e.stream_id AND p.stream_revision = 3`;
    });
    const verified = await verify();
    expect(verified.first_problem).toMatchObject({
      stream_id: single,
      revision: 4,
      problem: "its hash is not the one sealed for the stream's head",
    });
    expect(verified.problems).toBe(2);
  });
});

describe('the seal job', () => {
  it('seals the log on the leading process, and GET /ops/audit-verification shows the last seal', async () => {
    const testApp = await startTestApp({ database, config: { auditSealIntervalMs: 200 } });
    try {
      const { single } = await writeLog();
      const [head] = await database.sql<{ last: string }[]>`
        SELECT max(global_position) AS last FROM es_events WHERE stream_id = ${single}`;
      const [seal] = await eventually(
        () => store.readStream(SEALS_STREAM, { direction: 'backwards', maxCount: 1 }),
        ([last]) =>
          ((last?.data as LogSealed['data'] | undefined)?.through.position ?? 0) >=
          Number(head!.last),
        60_000,
      );
      expect(seal!.type).toBe('LogSealed');
      const superUser = await createUser(testApp, 'SuperUser');
      const answer = await testApp.api.as(superUser).get('/api/v1/ops/audit-verification');
      expect(answer.status).toBe(200);
      // The job goes on sealing (signing the operator in appended events): the last seal or a later one.
      const report = answer.body.data as AuditVerificationReport;
      expect(report.last_verification).toBeNull();
      expect(report.last_seal!.through.position).toBeGreaterThanOrEqual(
        (seal!.data as LogSealed['data']).through.position,
      );
    } finally {
      await testApp.close();
    }
  });
});

describe('npm run audit:verify', () => {
  const run = (url: string) =>
    promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/src/cli/audit-verify.ts'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' } },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  it('exits 0 on an intact log and 1 naming the first tampered event', async () => {
    const { moved } = await writeLog();
    const intact = await run(database.url);
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/The log is intact: 15 events in 4 streams/);

    await tamper(
      (tx) =>
        tx`UPDATE es_events SET event_type = 'Other' WHERE stream_id = ${moved} AND stream_revision = 3`,
    );
    const position = await positionOf(moved, 3);
    const tampered = await run(database.url);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain(
      `The log was tampered with: stream ${moved}, revision 3, position ${position}: its hash does not match its content`,
    );
  });
});
