/** Lets a sleeping loop be woken early: wait() resolves on wake() or after the timeout. */
export class WakeSignal {
  private pending = false;
  private resolve: (() => void) | null = null;

  wake(): void {
    if (this.resolve) {
      const resolve = this.resolve;
      this.resolve = null;
      resolve();
    } else {
      this.pending = true;
    }
  }

  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = null;
        resolve();
      }, timeoutMs);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
