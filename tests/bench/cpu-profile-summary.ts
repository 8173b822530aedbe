// Self time of a V8 CPU profile (`node --cpu-prof`, or the inspector's Profiler as
// `npm run bench:booking` takes it with BENCH_PROFILE=1), by function and by area (a package in
// node_modules, a folder of our build, Node's own code, the garbage collector).
// Alone: `npx tsx tests/bench/cpu-profile-summary.ts <file.cpuprofile> [top]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly children?: readonly number[];
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface SelfTime {
  readonly name: string;
  readonly ms: number;
  readonly share: number;
}

/** Where a frame's code lives: a package, a folder of our build, Node itself, or V8's own. */
export function areaOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(apps\/api\/dist\/(?:modules\/[^/]+|infra\/[^/]+|[^/]+)|libs\/[^/]+)/.exec(url);
  return ours ? ours[1]! : url;
}

/** Self time per function and per area, largest first (ms over the whole profile). */
export function summarise(profile: CpuProfile): {
  totalMs: number;
  functions: SelfTime[];
  areas: SelfTime[];
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // The profiler's own stop (node:inspector's post and what it calls) is not the program's work.
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const profilerOwn = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)?.callFrame.url === 'node:inspector') return true;
    }
    return false;
  };
  const fn = new Map<string, number>();
  const area = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || profilerOwn(id)) return;
    totalUs += us;
    const file = url.replace(/^.*\/(node_modules|apps|libs)\//, '$1/');
    const key = url ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const a = areaOf(url, functionName);
    area.set(a, (area.get(a) ?? 0) + us);
  });
  const sorted = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / totalUs }));
  return { totalMs: totalUs / 1000, functions: sorted(fn), areas: sorted(area) };
}

if (process.argv[1]?.endsWith('cpu-profile-summary.ts')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top]');
  const top = Number(process.argv[3] ?? 30);
  const { totalMs, functions, areas } = summarise(
    JSON.parse(readFileSync(file, 'utf8')) as CpuProfile,
  );
  const line = (s: SelfTime) =>
    `${(s.share * 100).toFixed(1).padStart(5)} %  ${s.ms.toFixed(0).padStart(7)} ms  ${s.name}`;
  process.stdout.write(`Busy (not idle): ${totalMs.toFixed(0)} ms\n\nBy area:\n`);
  process.stdout.write(`${areas.slice(0, top).map(line).join('\n')}\n\nBy function (self):\n`);
  process.stdout.write(`${functions.slice(0, top).map(line).join('\n')}\n`);
}
