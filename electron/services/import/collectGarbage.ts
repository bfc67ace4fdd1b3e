import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Full garbage collections on demand, for imports of big records. Each big record leaves
 * megabytes of strings (its line, its parsed text, its payload, their copies between threads)
 * in V8's large-object space, which only a full collection frees — and V8 lets that space grow
 * by hundreds of MB before it runs one on its own. Capping the heap instead (a worker's
 * `resourceLimits`) would bound it too, but a record bigger than the cap then aborts the whole
 * process (Node 20), where this way it is merely imported with more memory.
 *
 * `--expose-gc` set at run time applies to contexts created after it: the collector is taken
 * from a fresh `vm` context, and collects the whole isolate (thread) it is called from.
 */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** Collects once every `everyChars` characters of big records that passed through a thread. */
export class GarbageBudget {
  private since = 0;

  constructor(
    private readonly everyChars: number,
    private readonly collectNow: () => void = collect,
  ) {}

  /** Counts `chars` of text this thread made and dropped; collects when the budget is spent. */
  spend(chars: number): void {
    this.since += chars;
    if (this.since >= this.everyChars) {
      this.since = 0;
      this.collectNow();
    }
  }
}

/**
 * Collects in full whenever the thread's old generation (old and large-object spaces) has grown
 * by `growth` bytes since the last such collection: a bound on the dead weight V8 lets pile up
 * there, measured rather than guessed from what passed through (what outlives the young
 * generation varies from run to run with the timing of the threads).
 */
export class HeapGrowthBudget {
  private base: number;

  constructor(
    private readonly growth: number,
    private readonly collectNow: () => void = collect,
    private readonly used: () => number = oldGenerationUsed,
  ) {
    this.base = used();
  }

  /** Collects if the old generation has grown by the budget; cheap otherwise (a few µs). */
  check(): void {
    if (this.used() - this.base < this.growth) return;
    this.collectNow();
    this.base = this.used();
  }
}

function oldGenerationUsed(): number {
  let used = 0;
  for (const space of v8.getHeapSpaceStatistics()) if (space.space_name === 'old_space' || space.space_name === 'large_object_space') used += space.space_used_size;
  return used;
}
