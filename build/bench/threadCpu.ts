import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux build that matters). */
const TICKS_PER_SECOND = 100;
const SAMPLE_EVERY_MS = 100;

/** CPU seconds of this process's threads since a ThreadCpu started: its main thread's, and each other thread's. */
export interface ThreadSeconds {
  main: number;
  /** The other threads' (the parse worker, the checkpoint thread, V8's collector and compiler helpers, libuv's pool), most first. */
  others: number[];
}

/**
 * CPU time per thread of this process, read from /proc/self/task (Linux; elsewhere it reports
 * nothing). Sampled every 100 ms, so that a thread that ends before the last look (the parse
 * worker ends with its import) still counts with what it had used by its last sample.
 */
export class ThreadCpu {
  private readonly first = new Map<string, number>();
  private readonly last = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.sample(this.first);
    this.timer = setInterval(() => this.sample(this.last), SAMPLE_EVERY_MS);
  }

  /** Stops sampling; null where /proc has no tasks. */
  stop(): ThreadSeconds | null {
    clearInterval(this.timer);
    this.sample(this.last);
    if (this.last.size === 0) return null;
    const used = (tid: string) => ((this.last.get(tid) ?? 0) - (this.first.get(tid) ?? 0)) / TICKS_PER_SECOND;
    const main = String(process.pid);
    const others = [...this.last.keys()].filter((tid) => tid !== main).map(used);
    return { main: used(main), others: others.filter((s) => s > 0).sort((a, b) => b - a) };
  }

  private sample(into: Map<string, number>): void {
    let tids: string[];
    try {
      tids = fs.readdirSync('/proc/self/task');
    } catch {
      return;
    }
    for (const tid of tids) {
      try {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        into.set(tid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // The thread ended between the listing and the read: its last sample stands.
      }
    }
  }
}
