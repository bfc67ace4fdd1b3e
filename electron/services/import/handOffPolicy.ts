/**
 * Whether the parse worker hands lines over to the importing thread when it asks (see
 * parseInWorker.ts). The importing thread asks whenever it has nothing queued, but nothing
 * queued for a moment is not spare time: on two cores it also writes, hashes and commits, and
 * lines it parses cost more there than in the worker (a second heap's garbage beside the
 * chunks it holds, a second compilation of the readers). Granted at once, it asked for ~27% of
 * 100,000 conversations, then fell behind: the worker waited for credit 1.2-2 s in all, and the
 * import used ~1 s more CPU (10.2-10.4 s against 9.3 s with no lines handed over).
 *
 * So a request waits until the worker has sent {@link CALM_BATCHES} batches in a row without
 * waiting for credit — the importing thread kept up — and is granted then; a worker that had to
 * wait for credit since sees the importing thread as the slower side and keeps its lines.
 */
export const CALM_BATCHES = 16;

export class HandOffPolicy {
  private sent = 0;
  private lastWaitAt = -Infinity;
  private asked = false;

  constructor(private readonly calmBatches = CALM_BATCHES) {}

  /** The importing thread asked for lines (it stays asked until lines are handed over). */
  ask(): void {
    this.asked = true;
  }

  /** A batch is about to be sent; `waited`: the worker had to wait for credit before it. */
  sending(waited: boolean): void {
    this.sent++;
    if (waited) this.lastWaitAt = this.sent;
  }

  /** Asked between batches: hand the next lines over now? */
  handOff(): boolean {
    if (!this.asked || this.sent - this.lastWaitAt <= this.calmBatches) return false;
    this.asked = false;
    return true;
  }
}
