import 'reflect-metadata';
import { systemClock } from './infra/clock';
import { loadConfig } from './infra/config/app-config';
import { connectDatabase, MAINTENANCE_TIMEOUTS, openConnections } from './infra/database/database';
import { openDatabaseServer } from './infra/database/database-server';
import { migrateToLatest } from './infra/database/migrator';
import { pendingShutdownSteps } from './infra/lifecycle/shutdown-step';
import { createLogger } from './infra/logging/logger';
import { createApp } from './create-app';

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const server = await openDatabaseServer(config, (line) =>
    logger.debug({ postgres: line.trim() }, 'embedded postgres'),
  );
  if (!config.databaseUrl) logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL ready');
  // Migrations may run long on a big database: their own connection, without the API's limits.
  const maintenance = connectDatabase(server.url, {
    max: 1,
    appName: 'medbook-migrate',
    timeouts: MAINTENANCE_TIMEOUTS,
  });
  const applied = await migrateToLatest(maintenance.db, config.migrationsDir).finally(() =>
    maintenance.close(),
  );
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  const database = connectDatabase(server.url, { max: config.databasePoolMax });
  const unopened = await openConnections(database, config.databasePoolMax);
  if (unopened > 0) {
    logger.warn({ unopened }, 'some database connections will be opened on first use');
  }

  const app = await createApp({ config, database, logger, clock: systemClock });
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  logger.info(
    { port: config.port, ready_ms: Date.now() - startedAt },
    `Medbook is ready at http://localhost:${config.port}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Each step is bounded on its own (shutdownStep); this is the last resort, so a process being
    // replaced never hangs on: it exits with what it was still waiting on in the log.
    setTimeout(() => {
      logger.error(
        { limit_ms: config.shutdownTimeoutMs, pending: pendingShutdownSteps() },
        'shutdown took too long: exiting',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    await app.close();
    await database.close();
    await server.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  // The logger may not exist yet: this is the one place that writes to stderr directly.
  process.stderr.write(
    `Medbook failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
