import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { createApp } from '../../apps/api/src/create-app';
import { freePort } from '../../apps/api/src/infra/database/free-port';
import type { Clock } from '../../apps/api/src/infra/clock';
import { type AppConfig, loadConfig } from '../../apps/api/src/infra/config/app-config';
import { pendingShutdownSteps } from '../../apps/api/src/infra/lifecycle/shutdown-step';
import type { Projection } from '../../apps/api/src/infra/projections/projection';
import { type ApiClient, apiClient } from './api-client';
import { createTestDatabase, type TestDatabase } from './test-database';

const CLOSE_WATCHDOG_MS = 15_000;

export interface TestApp {
  readonly app: NestFastifyApplication;
  readonly database: TestDatabase;
  /** http://127.0.0.1:<port>, with no trailing slash. */
  readonly url: string;
  /** A client of this app's HTTP API: `app.api.as(user).put(path, body)`. */
  readonly api: ApiClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly config?: Partial<AppConfig>;
  readonly clock?: Clock;
  readonly projections?: readonly Projection[];
  /** A database of the test's own or another app's, left in place on close; by default a fresh clone. */
  readonly database?: TestDatabase;
}

/** The whole service on its own cloned database and a free port, as `npm start` runs it. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // The port is chosen first: the origin allowlist (CORS, socket handshakes) names it.
  const port = await freePort();
  const base = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: 'silent',
  });
  const config: AppConfig = {
    ...base,
    host: '127.0.0.1',
    publicUrl: `http://127.0.0.1:${port}`,
    projectionPollMs: 200,
    // Tests of other behaviour send bursts on purpose; admission has its own test.
    admission: { commands: 100_000, queries: 100_000, sockets: 100_000 },
    // Generous: transaction ids are cluster-wide, so another test file's open transaction on the
    // same server can hold projections back for a while (they wait, they never skip).
    readWaitMs: 10_000,
    ...options.config,
  };
  const app = await createApp({
    config,
    database,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    clock: options.clock ?? { now: () => new Date() },
    ...(options.projections ? { projections: options.projections } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    api: apiClient(`http://127.0.0.1:${port}`),
    close: async () => {
      // A close that hangs would show only as a hook timeout: say what it waits on.
      const watchdog = setTimeout(
        () =>
          process.stderr.write(
            `app.close() still running after ${CLOSE_WATCHDOG_MS} ms; shutdown steps pending: ` +
              `${JSON.stringify(pendingShutdownSteps())}\n`,
          ),
        CLOSE_WATCHDOG_MS,
      );
      try {
        await app.close();
      } finally {
        clearTimeout(watchdog);
      }
      if (!options.database) await database.drop();
    },
  };
}

export { freePort };
