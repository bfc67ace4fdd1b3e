import type { JobProgress } from '../api/contract';
import { PaceMeter } from '../common/progressPace';

/** A running long job: its cancel signal and a throttled progress reporter. */
export interface Job {
  readonly id: string;
  /** The label its reports carry now. */
  readonly label: string;
  readonly signal: AbortSignal;
  report(done: number, total: number | null): void;
  /**
   * Goes on under another label counting something else (an import's labels after its file's
   * bytes): reports after it carry the new label and unit, and the rate starts afresh.
   */
  phase(label: string, unit?: string): void;
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

  /** Starts a job; `unit` says what its reports count (see JobProgress.unit). */
  start(label: string, jobId?: string, unit?: string): Job {
    const id = jobId ?? `job-${Date.now().toString(36)}-${++this.counter}`;
    const controller = new AbortController();
    this.running.set(id, controller);
    let current = { label, unit, pace: new PaceMeter() };
    let lastSent = 0;
    let last = { done: 0, total: null as number | null };
    // A report held back by the interval, sent before the job's label changes (a phase's last count).
    let unsent = false;
    const send = (finished: boolean) => {
      const { rate, etaSeconds } = current.pace.at(performance.now(), last.done, last.total);
      this.emit({ jobId: id, label: current.label, done: last.done, total: last.total, ...(current.unit ? { unit: current.unit } : {}), rate, etaSeconds, finished });
      unsent = false;
    };
    return {
      id,
      get label() {
        return current.label;
      },
      signal: controller.signal,
      report: (done, total) => {
        // The first report to say how much is coming goes at once: a phase may then work for a
        // while (a crowd's task is made) before it counts again.
        const totalNew = last.total === null && total !== null;
        last = { done, total };
        const now = performance.now();
        if (now - lastSent >= PROGRESS_INTERVAL_MS || totalNew) {
          lastSent = now;
          send(false);
        } else {
          unsent = true;
        }
      },
      phase: (label, unit) => {
        if (unsent) send(false);
        current = { label, unit, pace: new PaceMeter() };
        last = { done: 0, total: null };
        // The new label shows at once, not at the next report that happens to be due.
        lastSent = performance.now();
        send(false);
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
