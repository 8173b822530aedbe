import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import type { AppConfig } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseServer {
  readonly url: string;
  /** Stops the embedded PostgreSQL this process started; a no-op otherwise. */
  stop(): Promise<void>;
}

const URL_FILE = 'postgres.url';

/**
 * Where the database is: DATABASE_URL when set; else the embedded PostgreSQL under the data dir,
 * started here or, when another process of ours (the running server) already has it, shared.
 */
export async function openDatabaseServer(
  config: AppConfig,
  log: (message: string) => void = () => undefined,
): Promise<DatabaseServer> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: () => Promise.resolve() };
  const urlFile = path.join(config.dataDir, URL_FILE);
  const running = await runningUrl(urlFile);
  if (running) return { url: running, stop: () => Promise.resolve() };
  const embedded = await startEmbeddedPostgres(config.dataDir, 'medbook', log);
  await writeFile(urlFile, embedded.url, { mode: 0o600 });
  return {
    url: embedded.url,
    stop: async () => {
      await rm(urlFile, { force: true });
      await embedded.stop();
    },
  };
}

async function runningUrl(urlFile: string): Promise<string | null> {
  if (!existsSync(urlFile)) return null;
  const url = (await readFile(urlFile, 'utf8')).trim();
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => undefined });
  try {
    await probe`SELECT 1`;
    return url;
  } catch {
    return null;
  } finally {
    await probe.end({ timeout: 1 });
  }
}
