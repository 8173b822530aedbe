/**
 * Spec (real-time channels): a lost hub reconnects after 0, 2, 10 and 30 seconds, then stops.
 * The one place the schedule lives; the live socket follows it and, once it has run out, tells
 * the page that live updates are paused (a button starts the schedule over).
 */
export const RECONNECT_DELAYS_MS: readonly number[] = [0, 2000, 10000, 30000];

export interface ReconnectTimers {
  readonly set: (run: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
}

const REAL_TIMERS: ReconnectTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Reconnector {
  /** The connection dropped, or an attempt failed: the next attempt on schedule, or stop. */
  lost(): void;
  /** Connected: a later loss starts the schedule from its first delay. */
  connected(): void;
  /** The user asks to reconnect: the schedule starts over with an attempt now. */
  restart(): void;
  /** Attempts made since the last connection (or restart). */
  readonly attempts: number;
}

/**
 * Calls `connect` after each delay of the schedule, one attempt per loss; when a loss comes
 * after the last delay's attempt, calls `paused` and tries no more until `restart`.
 */
export function reconnector(options: {
  readonly connect: () => void;
  readonly paused: () => void;
  readonly delays?: readonly number[];
  readonly timers?: ReconnectTimers;
}): Reconnector {
  const { connect, paused } = options;
  const delays = options.delays ?? RECONNECT_DELAYS_MS;
  const timers = options.timers ?? REAL_TIMERS;
  let attempts = 0;
  let pending: unknown = null;
  const cancel = () => {
    if (pending !== null) timers.clear(pending);
    pending = null;
  };
  return {
    lost() {
      // One attempt at a time: a second report of the same loss does not skip a delay.
      if (pending !== null) return;
      const delay = delays[attempts];
      if (delay === undefined) {
        paused();
        return;
      }
      attempts += 1;
      pending = timers.set(() => {
        pending = null;
        connect();
      }, delay);
    },
    connected() {
      cancel();
      attempts = 0;
    },
    restart() {
      cancel();
      attempts = 1;
      connect();
    },
    get attempts() {
      return attempts;
    },
  };
}
