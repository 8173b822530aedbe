import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { connectDatabase } from '../../apps/api/src/infra/database/database';
import { startEmbeddedPostgres } from '../../apps/api/src/infra/database/embedded-postgres';
import { migrateToLatest } from '../../apps/api/src/infra/database/migrator';
import { PROJECT_ROOT } from '../../apps/api/src/infra/config/project-root';
import { databaseUrl, TEST_ENV } from './test-env';

declare global {
  var __medbookTestDatabase:
    { stop(): Promise<void>; template: string; adminUrl: string } | undefined;
}

/**
 * One PostgreSQL for the run: TEST_DATABASE_URL when given, else an embedded one in a temp dir.
 * Migrations run once into a template database; each test file clones it (see test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => undefined as void;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'medbook-test-'));
    const embedded = await startEmbeddedPostgres(dir, 'postgres');
    adminUrl = embedded.url;
    stop = () => embedded.stop();
  }
  const template = `medbook_template_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${template}"`);
  await admin.end();
  const database = connectDatabase(databaseUrl(adminUrl, template), { max: 2 });
  await migrateToLatest(database.db, path.join(PROJECT_ROOT, 'migrations'));
  await database.close();
  process.env[TEST_ENV.adminUrl] = adminUrl;
  process.env[TEST_ENV.template] = template;
  globalThis.__medbookTestDatabase = { stop, template, adminUrl };
}
