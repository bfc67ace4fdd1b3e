/** A job's rate and time left, as `job.progress` carries them. */
export interface Pace {
  /** Units per second, 0 until there is a rate to give. */
  rate: number;
  etaSeconds: number | null;
}

/**
 * The pace of one phase of work, measured from its first count rather than from its start: work
 * set up before anything is counted (a crowd release's task of 120 raters made before its first
 * label is written) would otherwise make the first rate tiny and the time left absurd ("0% …
 * 238 min left" for a job that took 40 s). Until a second count there is no rate and no time
 * left. A job resumed at `resumedAt` units counts its pace from the first units beyond them.
 */
export class PaceMeter {
  private mark: { at: number; done: number } | null = null;

  constructor(private readonly resumedAt = 0) {}

  /** The pace at `now` (ms, any clock the caller keeps to) with `done` of `total` done. */
  at(now: number, done: number, total: number | null): Pace {
    if (this.mark === null) {
      if (done > this.resumedAt) this.mark = { at: now, done };
      return { rate: 0, etaSeconds: null };
    }
    const seconds = (now - this.mark.at) / 1000;
    const rate = seconds > 0 && done > this.mark.done ? (done - this.mark.done) / seconds : 0;
    return { rate, etaSeconds: total !== null && rate > 0 ? Math.max(0, (total - done) / rate) : null };
  }
}
