import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import {
  connectDatabase,
  type Database,
  type DatabaseTimeouts,
} from '../../apps/api/src/infra/database/database';
import { databaseUrl, TEST_ENV } from './test-env';

export interface TestDatabase extends Database {
  readonly url: string;
  readonly name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function createTestDatabase(
  options: { max?: number; timeouts?: Partial<DatabaseTimeouts> } = {},
): Promise<TestDatabase> {
  const adminUrl = required(TEST_ENV.adminUrl);
  const template = required(TEST_ENV.template);
  // Named after the run's template, so a run's teardown drops its own clones and no other run's.
  const name = `medbook_test_${template.replace('medbook_template_', '')}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  // The service's own limits answer an outage within 2 s (1 s to connect, 1.5 s for a pool
  // place); on a loaded 2-core machine a healthy server can take longer than that to fork a
  // backend, so tests wait up to 10 s. The outage tests connect with the service's limits.
  const database = connectDatabase(url, {
    max: options.max ?? 10,
    appName: name,
    timeouts: { connectSeconds: 10, acquireMs: 10_000, ...options.timeouts },
  });
  return {
    ...database,
    url,
    name,
    drop: async () => {
      // A bounded end: postgres.js may still be re-listening after a test cut its connections.
      await database.sql.end({ timeout: 1 });
      await database.eventStoreSql.end({ timeout: 1 });
      await database.close();
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await cleanup.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run this test through jest's int or e2e project`);
  return value;
}
