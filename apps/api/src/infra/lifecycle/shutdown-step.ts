import type { Logger } from 'pino';

/** The shutdown steps still running in this process, by name: what a stuck shutdown waits on. */
const running = new Map<string, number>();
let serial = 0;

export function pendingShutdownSteps(): { readonly step: string; readonly waited_ms: number }[] {
  const now = Date.now();
  return [...running].map(([step, since]) => ({ step, waited_ms: now - since }));
}

/**
 * Runs one part of the shutdown, given up (logged, left to finish on its own) after `limitMs`:
 * a process being replaced must go in bounded time even when PostgreSQL or a peer stops
 * answering in the middle of it, and the log must say what it was waiting on.
 */
export async function shutdownStep(
  step: string,
  limitMs: number,
  logger: Logger,
  work: () => Promise<unknown> | null | undefined,
): Promise<void> {
  const key = running.has(step) ? `${step} #${++serial}` : step;
  running.set(key, Date.now());
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limitMs);
    timer.unref();
  });
  const done = Promise.resolve()
    .then(work)
    .then(
      () => 'done' as const,
      (error: unknown) => {
        logger.warn({ err: error, step }, 'shutdown step failed');
        return 'done' as const;
      },
    )
    // Listed until it really ends, given up or not.
    .finally(() => running.delete(key));
  try {
    if ((await Promise.race([done, late])) === 'late') {
      logger.error({ step, limit_ms: limitMs }, 'shutdown step abandoned: still running');
    }
  } finally {
    clearTimeout(timer);
  }
}
