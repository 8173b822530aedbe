import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';

/**
 * Server-side work on a timer (expiring holds, expiring offers) in the processes that run the
 * projections: one run at a time (a tick while one runs joins it), a failed run is logged and the
 * next tick tries again, and shutdown waits for the run in progress.
 */
export abstract class PeriodicJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  protected constructor(
    private readonly job: {
      readonly name: string;
      readonly intervalMs: number;
      readonly config: AppConfig;
      readonly logger: Logger;
    },
  ) {}

  /** One run's work; answers how many things it handled. */
  protected abstract work(): Promise<number>;

  onApplicationBootstrap(): void {
    if (!this.job.config.runProjections) return;
    this.timer = setInterval(
      () =>
        void this.runOnce().catch((error: unknown) => {
          this.job.logger.warn({ err: error }, `${this.job.name} failed`);
        }),
      this.job.intervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
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
