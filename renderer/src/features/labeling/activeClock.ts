/**
 * Time spent on an item, counted only while the window is visible: hidden time (another
 * window, a locked screen) is not labeling time. `take` hands out the time since the last
 * take, so each saved label carries the seconds spent on it.
 */
export class ActiveClock {
  private since: number;
  private banked = 0;
  private hidden = false;

  constructor(now: number, private readonly capSeconds = 3600) {
    this.since = now;
  }

  hide(now: number): void {
    if (this.hidden) return;
    this.banked += now - this.since;
    this.hidden = true;
  }

  show(now: number): void {
    if (!this.hidden) return;
    this.since = now;
    this.hidden = false;
  }

  /** Seconds since the last take (or since the clock started), capped so a forgotten window does not count as an hour of work. */
  take(now: number): number {
    const ms = this.banked + (this.hidden ? 0 : now - this.since);
    this.banked = 0;
    this.since = now;
    return Math.min(this.capSeconds, Math.max(0, ms / 1000));
  }
}
