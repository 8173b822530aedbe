import pino from 'pino';
import { pendingShutdownSteps, shutdownStep } from './shutdown-step';

/** A logger that keeps what it was given. */
function recordingLogger() {
  const lines: { level: number; msg: string; step?: string }[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  );
  return { logger, lines };
}

afterEach(() => jest.useRealTimers());

it('waits for a step that ends in time, and logs nothing', async () => {
  const { logger, lines } = recordingLogger();
  let ended = false;
  await shutdownStep('quick', 1000, logger, async () => {
    await Promise.resolve();
    ended = true;
  });
  expect(ended).toBe(true);
  expect(lines).toEqual([]);
  expect(pendingShutdownSteps()).toEqual([]);
});

it('gives up a step that never ends at its limit, names it in the log and keeps it listed', async () => {
  jest.useFakeTimers();
  const { logger, lines } = recordingLogger();
  let settled = false;
  let finish: () => void = () => undefined;
  const step = shutdownStep(
    'projections: stop',
    10_000,
    logger,
    () => new Promise<void>((resolve) => (finish = resolve)),
  ).then(() => (settled = true));
  await jest.advanceTimersByTimeAsync(9_999);
  expect(settled).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  await step;
  expect(settled).toBe(true);
  expect(lines).toEqual([
    expect.objectContaining({
      level: 50,
      step: 'projections: stop',
      msg: 'shutdown step abandoned: still running',
    }),
  ]);
  // Still running: a watchdog asking what shutdown waits on is told.
  expect(pendingShutdownSteps().map((p) => p.step)).toEqual(['projections: stop']);
  finish();
  await jest.advanceTimersByTimeAsync(0);
  expect(pendingShutdownSteps()).toEqual([]);
});

it('logs a step that fails and goes on', async () => {
  const { logger, lines } = recordingLogger();
  await shutdownStep('live: end the fan-out connections', 1000, logger, () =>
    Promise.reject(new Error('connection refused')),
  );
  expect(lines).toEqual([
    expect.objectContaining({ level: 40, step: 'live: end the fan-out connections' }),
  ]);
  expect(pendingShutdownSteps()).toEqual([]);
});

it('lists two steps of the same name apart', async () => {
  jest.useFakeTimers();
  const { logger } = recordingLogger();
  const never = () => new Promise<void>(() => undefined);
  const both = Promise.all([
    shutdownStep('job: the run in progress', 100, logger, never),
    shutdownStep('job: the run in progress', 100, logger, never),
  ]);
  expect(pendingShutdownSteps()).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(100);
  await both;
});
