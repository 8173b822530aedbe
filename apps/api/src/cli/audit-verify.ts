import 'reflect-metadata';
import { PostgresEventStore } from '@medbook/event-store';
import { Presets, SingleBar } from 'cli-progress';
import { loadConfig } from '../infra/config/app-config';
import { connectDatabase, MAINTENANCE_TIMEOUTS } from '../infra/database/database';
import { openDatabaseServer } from '../infra/database/database-server';
import { migrateToLatest } from '../infra/database/migrator';
import { describeVerification, verifyAndRecord } from '../modules/ops/audit-log/log-verification';

/**
 * `npm run audit:verify`: checks every event's hash chain, every stream head and every seal of
 * the log, records the outcome (LogVerified) and exits 0 when the log is intact, 1 naming the
 * first tampered event when it is not. Safe while the server runs (one read-only snapshot).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const server = await openDatabaseServer(config);
  const database = connectDatabase(server.url, {
    max: 2,
    appName: 'medbook-audit-verify',
    timeouts: { ...MAINTENANCE_TIMEOUTS, idleInTransactionMs: 0 },
  });
  const store = new PostgresEventStore(database.eventStoreSql, { listen: false });
  try {
    await migrateToLatest(database.db, config.migrationsDir);
    const bar = new SingleBar(
      {
        format: `${'verifying'.padEnd(12)} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s`,
      },
      Presets.shades_classic,
    );
    bar.start(1, 0, { rate: 0 });
    const startedAt = Date.now();
    const rate = (checked: number) =>
      Math.round((checked * 1000) / Math.max(1, Date.now() - startedAt));
    const { verified, recorded } = await verifyAndRecord(
      database.sql,
      store,
      ({ checked, total }) => {
        bar.setTotal(Math.max(total, checked, 1));
        bar.update(checked, { rate: rate(checked) });
      },
    );
    bar.update(Math.max(verified.events, 1), { rate: rate(verified.events) });
    bar.stop();
    process.stdout.write(
      `${describeVerification(verified)}\nChecked in ${Date.now() - startedAt} ms (${rate(verified.events)} events/s).\n`,
    );
    if (!recorded) process.stdout.write('The outcome could not be recorded in the log.\n');
    return verified.ok ? 0 : 1;
  } finally {
    await store.close();
    await database.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Verification failed to run: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(2);
  },
);
