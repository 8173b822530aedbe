import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../../apps/api/dist/infra/database/embedded-postgres';

export interface BenchDatabase {
  /** A fresh, empty database of its own. */
  readonly url: string;
  /** Drops the database and stops the embedded server, if one was started. */
  close(): Promise<void>;
}

/** A scratch database on `BENCH_DATABASE_URL`, else on an embedded PostgreSQL in a temp dir. */
export async function openBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'medbook-bench-'));
  const embedded = process.env.BENCH_DATABASE_URL
    ? null
    : await startEmbeddedPostgres(tempDir, 'postgres');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    close: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      await embedded?.stop();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
