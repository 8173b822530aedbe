import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../../apps/api/dist/infra/database/embedded-postgres';

export interface BenchDatabase {
  /** A fresh, empty database of its own. */
  readonly url: string;
  /** The embedded server's postmaster (its children are all of its processes); null on BENCH_DATABASE_URL. */
  postmasterPid(): number | null;
  /** Drops the database and stops the embedded server, if one was started. */
  close(): Promise<void>;
}

/**
 * A scratch database on `BENCH_DATABASE_URL`, else on an embedded PostgreSQL in a temp dir.
 * `preload` names libraries for `shared_preload_libraries` (pg_stat_statements): the embedded
 * server is then restarted once with them (a server on BENCH_DATABASE_URL is left as it is).
 */
export async function openBenchDatabase(
  prefix: string,
  options: { preload?: readonly string[] } = {},
): Promise<BenchDatabase> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'medbook-bench-'));
  let embedded = process.env.BENCH_DATABASE_URL
    ? null
    : await startEmbeddedPostgres(tempDir, 'postgres');
  if (embedded && options.preload?.length) {
    const admin = postgres(embedded.url, { max: 1, onnotice: () => undefined });
    await admin.unsafe(
      `ALTER SYSTEM SET shared_preload_libraries = '${options.preload.join(',')}'`,
    );
    await admin.end();
    await embedded.stop();
    embedded = await startEmbeddedPostgres(tempDir, 'postgres', undefined, embedded.port);
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    postmasterPid: () =>
      embedded
        ? Number(
            readFileSync(path.join(embedded.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
          )
        : null,
    close: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      await embedded?.stop();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
