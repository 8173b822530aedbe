import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Leadership } from '../leadership/leadership';
import { shutdownStep } from '../lifecycle/shutdown-step';

/**
 * Server-side work on a timer (expiring holds, expiring offers) in the one process that leads
 * the job (see Leadership): one run at a time (a tick while one runs joins it), a failed run is
 * logged and the next tick tries again, and shutdown waits for the run in progress.
 */
export abstract class PeriodicJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  protected constructor(
    private readonly job: {
      readonly name: string;
      readonly intervalMs: number;
      readonly leadership: Leadership;
      readonly logger: Logger;
    },
  ) {}

  /** One run's work; answers how many things it handled. */
  protected abstract work(): Promise<number>;

  onApplicationBootstrap(): Promise<void> {
    return this.job.leadership.campaign({
      name: this.job.name,
      lead: () => Promise.resolve(this.startTimer()),
      // A run in progress finishes: each of its commands is atomic and decided on fresh state.
      resign: () => Promise.resolve(this.stopTimer()),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopTimer();
    const running = this.running;
    if (running)
      await shutdownStep(
        `${this.job.name}: the run in progress`,
        5000,
        this.job.logger,
        () => running,
      );
  }

  private startTimer(): void {
    this.stopTimer();
    this.timer = setInterval(
      () =>
        void this.runOnce().catch((error: unknown) => {
          this.job.logger.warn({ err: error }, `${this.job.name} failed`);
        }),
      this.job.intervalMs,
    );
    this.timer.unref();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs the work now, or joins the run in progress. */
  protected runOnce(): Promise<number> {
    this.running ??= (async () => {
      try {
        return await this.work();
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
