// Builds the API (with its libs) and the web app when their sources are newer than their output,
// so `npm start` on a fresh clone just works and on a warm one starts at once.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

function builtAt(file) {
  const full = path.join(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : -1;
}

function run(label, command, args) {
  process.stdout.write(`Building ${label}...\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`Building ${label} failed.\n`);
    process.exit(result.status ?? 1);
  }
}

export function ensureBuilt() {
  const apiSources = Math.max(
    newest('apps/api/src'),
    newest('libs/contracts/src'),
    newest('libs/event-store/src'),
    newest('tsconfig.json'),
    newest('apps/api/tsconfig.json'),
  );
  // tsc -b rewrites only what changed, so the newest output (its build info included) is the mark.
  const apiBuilt = existsSync(path.join(root, 'apps/api/dist/main.js'))
    ? Math.max(
        newest('apps/api/dist'),
        newest('libs/contracts/dist'),
        newest('libs/event-store/dist'),
      )
    : -1;
  if (apiBuilt < apiSources) {
    run('the API', process.execPath, [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-b',
      'apps/api',
    ]);
  }
  const webSources = Math.max(
    newest('apps/web/src'),
    newest('apps/web/index.html'),
    newest('apps/web/vite.config.ts'),
    newest('libs/contracts/src'),
  );
  if (
    existsSync(path.join(root, 'apps/web/index.html')) &&
    builtAt('apps/web/dist/index.html') < webSources
  ) {
    run('the web app', 'npm', ['run', 'build', '-w', 'apps/web']);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuilt();
