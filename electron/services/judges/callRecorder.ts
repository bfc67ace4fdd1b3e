import { judgeCallQueries, markCallInvalid, type CacheRecord, type CallWrite } from '../../../db/queries/judges';
import { labelQueries } from '../../../db/queries/labels';
import type { SqlDb } from '../../../db/sql/sqlDb';
import { isRetryableConflict } from '../../../db/sql/pgWritePath';
import type { JudgeLabel } from '../../core/judges/model';
import { applyLabelChange } from '../annotation/labelWriter';
import { toStored } from '../annotation/taskContext';
import type { ServiceContext } from '../context';

/** A batch is committed this long after its first call finished, or sooner when it is full. */
export const BATCH_DELAY_MS = 200;
export const BATCH_SIZE = 128;

/** A finished call to record, with the labels to apply and the response to cache. */
export interface RecordEntry {
  /** The call to record; absent to apply the labels of a call recorded earlier (a resume after a crash). */
  call?: CallWrite;
  existingCallId?: number;
  itemId: number;
  /** Labels to apply (an answer that was read); null when there is nothing to apply. */
  labels: JudgeLabel[] | null;
  cache?: { hash: string; entry: CacheRecord };
}

/**
 * Records finished calls and applies their labels in batches ("group commit"): a batch goes
 * in one write (db/writePath.ts) {@link BATCH_DELAY_MS} after its first call
 * finished, or once it holds {@link BATCH_SIZE} calls. Committing each call alone would spend
 * the run on `synchronous=FULL` syncs, each of which blocks the event loop and with it every
 * request in flight. The price: a crash loses at most the last batch's answers, which a
 * resume asks for again.
 *
 * Within a batch each call is recorded before its labels are applied, and both commit
 * together, so a crash leaves either both or neither; a resumed run skips every recorded
 * call. Labels go through the annotation service's label writer (the same events, history and
 * blind-mode rules as a human's, source `judge`). Labels that cannot be saved turn their call
 * `invalid`, with the reason.
 */
export class CallRecorder {
  private pending: RecordEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;
  /** Calls recorded so far. */
  recorded = 0;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly run: { taskId: number; runId: number; raterId: number; model: string; baseUrl: string },
  ) {}

  add(entry: RecordEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= BATCH_SIZE) this.flushNow();
    else this.timer ??= setTimeout(() => this.flushNow(), BATCH_DELAY_MS);
  }

  /** Commits everything added so far and waits for it; rethrows a failed commit. */
  async drain(): Promise<void> {
    this.flushNow();
    while (this.flushing) await this.flushing;
    if (this.failure) throw this.failure;
  }

  private flushNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const previous = this.flushing ?? Promise.resolve();
    const current: Promise<void> = previous
      .then(async () => {
        if (this.failure) return;
        const { recorded, labelled } = await this.ctx.sqlWrite((db) => this.write(db, batch), { label: 'judge calls' });
        // After the commit: on PostgreSQL a write may run twice (a serialization failure).
        this.recorded += recorded;
        if (labelled) this.ctx.emit('workspace.changed', { what: 'labels' });
      })
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        if (this.flushing === current) this.flushing = null;
      });
    this.flushing = current;
  }

  /** Records a batch inside a write; free of effects outside the database, so it may run again. */
  private write(db: SqlDb, batch: RecordEntry[]): { recorded: number; labelled: boolean } {
    // The query layer prepares each statement once per connection, so these cost little per batch.
    const calls = judgeCallQueries(db);
    const labels = labelQueries(db);
    let labelled = false;
    let recorded = 0;
    for (const entry of batch) {
      const callId = entry.existingCallId ?? calls.record(entry.call!);
      if (callId === null) continue;
      recorded++;
      if (entry.cache) calls.cachePut(entry.cache.hash, this.run.model, this.run.baseUrl, entry.cache.entry);
      if (entry.call?.status === 'failed') continue;
      if (!entry.labels) {
        calls.markApplied(callId);
        continue;
      }
      try {
        // A savepoint: labels that cannot be saved roll back alone, the call stays recorded.
        db.savepoint(() => {
          for (const label of entry.labels!) {
            const key = { taskId: this.run.taskId, itemId: entry.itemId, unit: label.unit, question: label.question, raterId: this.run.raterId };
            applyLabelChange(labels, { key, answer: toStored(label, label.rationale), action: 'set', source: 'judge', visibleRaters: null, secondsSpent: 0 });
          }
          calls.markApplied(callId);
        });
        labelled = true;
      } catch (error) {
        // A serialization failure or deadlock (PostgreSQL) is the write's to retry, not the answer's fault.
        if (isRetryableConflict(error)) throw error;
        markCallInvalid(db, callId, `the answer could not be saved as labels: ${(error as Error).message}`);
      }
    }
    return { recorded, labelled };
  }
}
