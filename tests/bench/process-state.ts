import { execFileSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { summarise, type CpuProfile } from './cpu-profile-summary';

/** Samples the API's main thread over the idle second before the socket and week cases. */
const IDLE_PROFILE = !!process.env.BENCH_IDLE_PROFILE;

/**
 * This process's state while nothing is asked of it (the API runs here): its event loop's
 * utilisation over one idle second, its heap, and the machine's load. The whole run's later cases
 * came out slower than short runs' (see benchmarks.md); this says whether the process is busy
 * or its heap grown before them.
 */
export async function processState(port: number): Promise<string> {
  const session = IDLE_PROFILE ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const before = performance.eventLoopUtilization();
  const slices: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const slice = performance.eventLoopUtilization();
    await new Promise((resolve) => setTimeout(resolve, 100));
    slices.push((performance.eventLoopUtilization(slice).utilization * 100).toFixed(0));
  }
  const idle = performance.eventLoopUtilization(before);
  gc.disconnect();
  process.stdout.write(
    `  busy % per 100 ms: ${slices.join(' ')}; GC pauses ${pauses.length}, ${pauses.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...pauses).toFixed(0)} ms\n`,
  );
  if (session) {
    const profile = (await session.post('Profiler.stop')).profile as unknown as CpuProfile;
    session.disconnect();
    const { totalMs, areas, functions } = summarise(profile);
    const top = (items: { name: string; ms: number }[], n: number) =>
      items
        .slice(0, n)
        .map((item) => `${item.name} ${item.ms.toFixed(0)} ms`)
        .join(', ');
    process.stdout.write(
      `  idle second sampled busy ${totalMs.toFixed(0)} ms; by area: ${top(areas, 8)}\n  by function: ${top(functions, 12)}\n`,
    );
  }
  // The API's listening socket: connections waiting to be accepted (Recv-Q), and those open.
  const ss = (...args: string[]) =>
    execFileSync('ss', ['-tnH', ...args, `( sport = :${port} )`], { encoding: 'utf8' });
  try {
    const listening = ss('-l').trim().split(/\s+/);
    const open = ss('state', 'established').split('\n').filter(Boolean).length;
    process.stdout.write(
      `  accept queue ${listening[1] ?? '?'} (of ${listening[2] ?? '?'}); ${open} connections open\n`,
    );
  } catch {
    // No `ss` (iproute2) on this machine: the rest is still told.
  }
  const heap = process.memoryUsage();
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  return `event loop ${(idle.utilization * 100).toFixed(1)} % busy over an idle second; heap used ${mib(heap.heapUsed)} of ${mib(heap.heapTotal)}, RSS ${mib(heap.rss)}; 1-min load ${os.loadavg()[0]!.toFixed(2)}`;
}
