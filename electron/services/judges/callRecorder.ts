import { judgeCallQueries, markCallInvalid, type CacheRecord, type CallWrite } from '../../../db/queries/judges';
import type { JudgeLabel } from '../../core/judges/model';
import { recordJudgeLabel } from '../annotation/judgeLabels';
import type { ServiceContext } from '../context';

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
 * Records finished calls and applies their labels in batches ("group commit"): whenever the
 * workspace is free, everything finished so far goes in one transaction behind the write lock.
 * Committing each call alone would spend the run's time on `synchronous=FULL` syncs.
 *
 * Within a batch each call is recorded before its labels are applied, and both commit
 * together, so a crash leaves either both or neither; a resumed run skips every recorded
 * call. Labels that cannot be saved turn their call `invalid`, with the reason.
 */
export class CallRecorder {
  private pending: RecordEntry[] = [];
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;
  /** Calls recorded so far (tests and progress). */
  recorded = 0;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly run: { taskId: number; runId: number; raterId: number; model: string; baseUrl: string },
  ) {}

  add(entry: RecordEntry): void {
    this.pending.push(entry);
    if (!this.flushing) this.flushing = this.flushLoop();
  }

  /** Waits until everything added so far is committed; rethrows a failed commit. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.failure) throw this.failure;
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.failure) {
        const batch = this.pending;
        this.pending = [];
        await this.ctx.writeLock.run(() => this.write(batch));
      }
    } catch (error) {
      this.failure = error;
    } finally {
      this.flushing = null;
    }
  }

  private write(batch: RecordEntry[]): void {
    const { db } = this.ctx;
    const queries = judgeCallQueries(db);
    let labelled = false;
    db.transaction(() => {
      for (const entry of batch) {
        const callId = entry.existingCallId ?? queries.record(entry.call!);
        if (callId === null) continue;
        this.recorded++;
        if (entry.cache) queries.cachePut(entry.cache.hash, this.run.model, this.run.baseUrl, entry.cache.entry);
        if (entry.call?.status === 'failed') continue;
        if (!entry.labels) {
          queries.markApplied(callId);
          continue;
        }
        try {
          // A savepoint: labels that cannot be saved roll back alone, the call stays recorded.
          db.transaction(() => {
            for (const label of entry.labels!) {
              recordJudgeLabel(db, { task: this.run.taskId, itemId: entry.itemId, raterId: this.run.raterId, ...label });
            }
            queries.markApplied(callId);
          })();
          labelled = true;
        } catch (error) {
          markCallInvalid(db, callId, `the answer could not be saved as labels: ${(error as Error).message}`);
        }
      }
    }).immediate();
    if (labelled) this.ctx.emit('workspace.changed', { what: 'labels' });
  }
}
