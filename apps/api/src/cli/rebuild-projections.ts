import 'reflect-metadata';
import { PostgresEventStore } from '@medbook/event-store';
import { Presets, SingleBar } from 'cli-progress';
import { systemClock } from '../infra/clock';
import { loadConfig } from '../infra/config/app-config';
import { connectDatabase, MAINTENANCE_TIMEOUTS } from '../infra/database/database';
import { openDatabaseServer } from '../infra/database/database-server';
import { migrateToLatest } from '../infra/database/migrator';
import { ProjectionRebuilder } from '../infra/projections/projection-rebuilder';
import { ALL_PROJECTIONS } from '../projections';
import { withUpcasters } from '../upcasters';

/**
 * `npm run projections:rebuild [name...]`: replays the whole log into fresh tables and swaps them
 * in, for every projection or the named ones. Safe while the server runs.
 */
async function main(names: readonly string[]): Promise<void> {
  const unknown = names.filter((name) => !ALL_PROJECTIONS.some((p) => p.name === name));
  if (unknown.length) {
    const known = ALL_PROJECTIONS.map((p) => p.name).join(', ');
    throw new Error(`Unknown projection ${unknown.join(', ')}; known: ${known}`);
  }
  const chosen = names.length
    ? ALL_PROJECTIONS.filter((p) => names.includes(p.name))
    : ALL_PROJECTIONS;
  const config = loadConfig();
  const server = await openDatabaseServer(config);
  const database = connectDatabase(server.url, {
    // The projections load side by side on two connections; the log is read on its own pool.
    max: 4,
    appName: 'medbook-rebuild',
    timeouts: MAINTENANCE_TIMEOUTS,
  });
  const store = withUpcasters(new PostgresEventStore(database.eventStoreSql, { listen: false }));
  try {
    await migrateToLatest(database.db, config.migrationsDir);
    const rebuilder = new ProjectionRebuilder(store, database.db, systemClock);
    // One read of the log for all of them: each batch is applied to every chosen projection.
    const bar = new SingleBar(
      {
        format: `${'rebuilding'.padEnd(20)} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s`,
      },
      Presets.shades_classic,
    );
    bar.start(1, 0, { rate: 0 });
    const startedAt = Date.now();
    const result = await rebuilder.rebuildAll(chosen, {
      onProgress: ({ applied, total }) => {
        bar.setTotal(Math.max(total, 1));
        bar.update(applied, { rate: eventsPerSecond(applied, startedAt) });
      },
    });
    bar.update(Math.max(result.applied, 1), { rate: eventsPerSecond(result.applied, startedAt) });
    bar.stop();
    const ms = Date.now() - startedAt;
    for (const projection of chosen) {
      process.stdout.write(
        `Rebuilt ${projection.name}: ${result.applied} events to position ${result.position.position} in ${ms} ms\n`,
      );
    }
  } finally {
    await store.close();
    await database.close();
    await server.stop();
  }
}

function eventsPerSecond(applied: number, since: number): number {
  return Math.round((applied * 1000) / Math.max(1, Date.now() - since));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `Rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
