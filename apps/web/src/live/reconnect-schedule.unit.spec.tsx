import { RECONNECT_DELAYS_MS, reconnector } from './reconnect-schedule';

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

/** A reconnector whose attempts all fail (each reports the loss again), times of attempts noted. */
function failing() {
  const attemptsAt: number[] = [];
  let pausedAt: number | null = null;
  const started = Date.now();
  const plan = reconnector({
    connect: () => {
      attemptsAt.push(Date.now() - started);
      plan.lost();
    },
    paused: () => {
      pausedAt = Date.now() - started;
    },
  });
  return { plan, attemptsAt, pausedAt: () => pausedAt };
}

it("is the spec's schedule: 0, 2, 10 and 30 seconds", () => {
  expect(RECONNECT_DELAYS_MS).toEqual([0, 2000, 10000, 30000]);
});

it('tries after 0, 2, 10 and 30 s of each failure, then stops and says so', () => {
  const { plan, attemptsAt, pausedAt } = failing();
  plan.lost();
  jest.advanceTimersByTime(0);
  expect(attemptsAt).toEqual([0]);
  jest.advanceTimersByTime(1999);
  expect(attemptsAt).toEqual([0]);
  jest.advanceTimersByTime(1);
  expect(attemptsAt).toEqual([0, 2000]);
  jest.advanceTimersByTime(10000);
  expect(attemptsAt).toEqual([0, 2000, 12000]);
  expect(pausedAt()).toBeNull();
  jest.advanceTimersByTime(30000);
  expect(attemptsAt).toEqual([0, 2000, 12000, 42000]);
  expect(pausedAt()).toBe(42000);
  // Stopped: no attempt however long one waits.
  jest.advanceTimersByTime(10 * 60_000);
  expect(attemptsAt).toHaveLength(4);
});

it('starts over from the first delay after a connection', () => {
  const attempts: number[] = [];
  const started = Date.now();
  const plan = reconnector({
    connect: () => attempts.push(Date.now() - started),
    paused: () => undefined,
  });
  plan.lost();
  jest.advanceTimersByTime(0);
  plan.lost();
  jest.advanceTimersByTime(2000);
  expect(attempts).toEqual([0, 2000]);
  plan.connected();
  expect(plan.attempts).toBe(0);
  plan.lost();
  jest.advanceTimersByTime(0);
  expect(attempts).toEqual([0, 2000, 2000]);
});

it('counts one loss reported twice (disconnect and connect error) as one attempt', () => {
  const attempts: number[] = [];
  const plan = reconnector({ connect: () => attempts.push(1), paused: () => undefined });
  plan.lost();
  plan.lost();
  jest.advanceTimersByTime(0);
  expect(attempts).toHaveLength(1);
  expect(plan.attempts).toBe(1);
});

it('the button starts the schedule over with an attempt now', () => {
  const { plan, attemptsAt, pausedAt } = failing();
  plan.lost();
  jest.advanceTimersByTime(42000);
  expect(pausedAt()).toBe(42000);
  plan.restart();
  expect(attemptsAt).toEqual([0, 2000, 12000, 42000, 42000]);
  jest.advanceTimersByTime(2000);
  expect(attemptsAt.at(-1)).toBe(44000);
  jest.advanceTimersByTime(40000);
  expect(attemptsAt.slice(4)).toEqual([42000, 44000, 54000, 84000]);
  expect(pausedAt()).toBe(84000);
});
