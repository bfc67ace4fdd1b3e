/**
 * Runs the daily backup at launch and then every hour (a laptop left open over midnight still
 * gets the next day's backup), one run at a time. `idle()` lets the app wait for a running
 * backup before it closes or switches the workspace the backup reads from.
 */
export class BackupScheduler {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly backup: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 60 * 60 * 1000,
  ) {}

  /** Runs once now and schedules the hourly check. */
  start(): void {
    this.runNow();
    if (this.timer) return;
    this.timer = setInterval(() => this.runNow(), this.intervalMs);
    this.timer.unref?.();
  }

  /** Starts a run unless one is under way; the same promise is returned either way. */
  runNow(): Promise<void> {
    if (!this.running) {
      this.running = this.backup()
        .then(() => undefined, (error: unknown) => this.onError(error))
        .finally(() => {
          this.running = null;
        });
    }
    return this.running;
  }

  /** Resolves when no backup is running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops scheduling and waits for a running backup to finish. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }
}
