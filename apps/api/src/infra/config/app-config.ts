import path from 'node:path';
import { PROJECT_ROOT } from './project-root';

export interface AppConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  /** Unset: an embedded PostgreSQL is started under dataDir. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly migrationsDir: string;
  readonly webDistDir: string;
  readonly logLevel: string;
  readonly bodyLimitBytes: number;
  readonly corsOrigins: readonly string[];
  readonly projectionPollMs: number;
  /** How long a read may wait for a projection to reach the position it asked for. */
  readonly readWaitMs: number;
  readonly runProjections: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = integer(env.PORT, 3000, 'PORT');
  return {
    env:
      env.NODE_ENV === 'production'
        ? 'production'
        : env.NODE_ENV === 'test'
          ? 'test'
          : 'development',
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(PROJECT_ROOT, env.DATA_DIR ?? '.data'),
    migrationsDir: path.join(PROJECT_ROOT, 'migrations'),
    webDistDir: path.join(PROJECT_ROOT, 'apps', 'web', 'dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    bodyLimitBytes: integer(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    corsOrigins: (env.CORS_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port}`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    projectionPollMs: integer(env.PROJECTION_POLL_MS, 1000, 'PROJECTION_POLL_MS'),
    readWaitMs: integer(env.READ_WAIT_MS, 5000, 'READ_WAIT_MS'),
    runProjections: env.RUN_PROJECTIONS !== 'false',
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  }
  return parsed;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
