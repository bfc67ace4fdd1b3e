import type { JobProgress } from '../api/contract';

/** A running long job: its cancel signal and a throttled progress reporter. */
export interface Job {
  readonly id: string;
  readonly signal: AbortSignal;
  report(done: number, total: number | null): void;
  finish(): void;
}

/** How often progress events are sent at most; a bar needs no more. */
const PROGRESS_INTERVAL_MS = 200;

/**
 * Tracks long jobs (imports, bootstraps, judge runs) so they can report progress as
 * `job.progress` events and be cancelled by id from any transport.
 */
export class JobRegistry {
  private readonly running = new Map<string, AbortController>();
  private counter = 0;

  constructor(private readonly emit: (progress: JobProgress) => void) {}

  start(label: string, jobId?: string): Job {
    const id = jobId ?? `job-${Date.now().toString(36)}-${++this.counter}`;
    const controller = new AbortController();
    this.running.set(id, controller);
    const started = performance.now();
    let lastSent = 0;
    let last = { done: 0, total: null as number | null };
    const send = (finished: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      const rate = seconds > 0 ? last.done / seconds : 0;
      const etaSeconds = last.total !== null && rate > 0 ? Math.max(0, (last.total - last.done) / rate) : null;
      this.emit({ jobId: id, label, done: last.done, total: last.total, rate, etaSeconds, finished });
    };
    return {
      id,
      signal: controller.signal,
      report: (done, total) => {
        last = { done, total };
        const now = performance.now();
        if (now - lastSent >= PROGRESS_INTERVAL_MS) {
          lastSent = now;
          send(false);
        }
      },
      finish: () => {
        this.running.delete(id);
        send(true);
      },
    };
  }

  /** Cancels a running job; false when no such job is running. */
  cancel(jobId: string): boolean {
    const controller = this.running.get(jobId);
    if (!controller) return false;
    controller.abort(new Error('cancelled'));
    return true;
  }
}
