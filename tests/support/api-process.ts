// API processes of their own (the built `apps/api/dist/main.js`, as `npm start` runs it), for
// tests of several processes on one database: each can be killed like a real deployment's.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../apps/api/src/infra/config/project-root';
import { type ApiClient, apiClient } from './api-client';
import { freePort } from './test-app';

export interface ApiProcess {
  /** Its INSTANCE_ID: how the leadership status names it. */
  readonly instanceId: string;
  /** http://127.0.0.1:<port>, with no trailing slash. */
  readonly url: string;
  readonly api: ApiClient;
  readonly child: ChildProcess;
  /** What it has written to stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no shutdown at all, as when a machine dies. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Compiles the API when its sources changed (`tsc -b` does nothing otherwise): the processes run
 * what `npm start` runs. NestJS injects by decorator metadata, which tsx's esbuild does not emit.
 */
export function buildApi(): void {
  const result = spawnSync(
    process.execPath,
    [path.join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api'],
    { cwd: PROJECT_ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`building the API failed:\n${result.stdout}`);
}

/** Starts `node apps/api/dist/main.js` on the database, and waits until its /health answers. */
export async function startApiProcess(options: {
  readonly databaseUrl: string;
  readonly instanceId: string;
  readonly env?: Readonly<Record<string, string>>;
}): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'apps/api/dist/main.js')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: options.databaseUrl,
      INSTANCE_ID: options.instanceId,
      DATABASE_POOL_MAX: '8',
      PROJECTION_POLL_MS: '200',
      READ_WAIT_MS: '10000',
      // The races here test capacity and order, not admission (tests/int/robustness has its own).
      ADMISSION_MAX_COMMANDS: '100000',
      ADMISSION_MAX_QUERIES: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.instanceId} exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.instanceId} not ready in 60 s:\n${output}`);
    }
    const ready = await fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    instanceId: options.instanceId,
    url,
    api: apiClient(url),
    child,
    output: () => output,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
