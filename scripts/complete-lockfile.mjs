// The registry mirror these machines use serves native bindings only for linux-x64, so a lockfile
// written here lacks the other platforms' optional entries and `npm ci` then refuses it as out of
// sync. This adds each missing optional binding with its platform (from its name), which `npm ci`
// skips on a platform that does not match. Run after `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'wasm32'];
const CPU = {
  arm64: 'arm64',
  arm: 'arm',
  x64: 'x64',
  ia32: 'ia32',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return null;
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux') platform.libc = [parts.some((p) => p.includes('musl')) ? 'musl' : 'glibc'];
  return platform;
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    if (packages[at] || packages[`${key}/${at}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[at] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
