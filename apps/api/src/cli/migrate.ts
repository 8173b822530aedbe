import 'reflect-metadata';
import { loadConfig } from '../infra/config/app-config';
import { connectDatabase, MAINTENANCE_TIMEOUTS } from '../infra/database/database';
import { openDatabaseServer } from '../infra/database/database-server';
import { migrateToLatest } from '../infra/database/migrator';

/** `npm run migrate`: brings the database up to date; running it again changes nothing. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await openDatabaseServer(config);
  const database = connectDatabase(server.url, {
    max: 1,
    appName: 'medbook-migrate',
    timeouts: MAINTENANCE_TIMEOUTS,
  });
  try {
    const applied = await migrateToLatest(database.db, config.migrationsDir);
    process.stdout.write(
      applied.length ? `Applied ${applied.join(', ')}\n` : 'The database is up to date.\n',
    );
  } finally {
    await database.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Migration failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
