import { itemWriter, type ItemWithFindings, type ItemWrite } from '../../../db/queries/catalog';
import { heartbeat } from '../../../db/queries/imports';
import { refusedRowOf } from '../../../db/sql/sqlDb';
import { FormatError } from '../../core/formats/types';
import type { ServiceContext } from '../context';
import { HeapGrowthBudget } from './collectGarbage';
import { contentHashOf, type PreparedItem } from './preparedItems';

/** Where an import's chunks go. */
export interface ChunkTarget {
  datasetId: number;
  importId: number;
  /** The dataset is hidden while this import runs: items go straight in; else they are staged. */
  direct: boolean;
}

/**
 * Characters of payload gathered before a chunk is written: ~450 conversations, written in
 * ~15 ms, far under the chunk budget (a chunk that reaches the budget commits, and the rest goes
 * in the next one). Small, because buffered items outlive the young generation: with 4 MB
 * chunks the importing thread's heap peaked at ~110 MB, with 1 MB at ~40 MB, as without
 * buffering. The ~200 commits this makes for 100,000 conversations cost no sync each (they are
 * not durable: see WriteOptions.durable).
 */
const CHUNK_CHARS = 1024 * 1024;
/**
 * A full collection of the importing thread whenever its old generation has grown by 32 MB.
 * Items live there until their chunk is written, long enough that V8 promotes many of them; it
 * then let that dead weight pile up to 50-130 MB before collecting it, and the import's peak
 * memory swung with it (100,000 conversations: 333-359 MB). Collected at 32 MB of growth
 * (1-5 collections of ~35 ms CPU; V8 runs most of them itself still) the peak was 285-297 MB;
 * at 16 MB, 25 collections bought nothing more (283-288 MB).
 */
const COLLECT_AFTER_GROWTH = 32 * 1024 * 1024;
/**
 * Items written per bulk statement (a COPY on PostgreSQL, a run of one prepared INSERT on
 * SQLite). A chunk of CHUNK_CHARS is one slice or a few, each written in a few milliseconds, so a
 * write still ends soon after its budget is spent; on PostgreSQL each slice is a round trip or
 * three (ids, items, findings), so fewer and larger slices are cheaper there.
 */
const SLICE_ITEMS = 500;
/**
 * How often chunks renew the import's heartbeat: far inside its lease (IMPORT_LEASE_MS, 15
 * minutes), and not with every chunk, which on PostgreSQL costs a round trip each (~300 for
 * 100,000 conversations). An import discarded as abandoned meanwhile is found by the next
 * renewal — a stall long enough to lose the lease is also long enough to make one due — or by
 * the publish, which always renews.
 */
const HEARTBEAT_EVERY_MS = 5_000;

/**
 * Writes an import's items chunk by chunk while the file is still being parsed: one chunk may be
 * waiting for (or holding) the lock while the next fills up.
 */
export class ChunkWriter {
  private buffer: ItemWithFindings[] = [];
  private chars = 0;
  private inFlight: Promise<void> | null = null;
  private failure: unknown = null;
  private readonly garbage = new HeapGrowthBudget(COLLECT_AFTER_GROWTH);
  /** When the last chunk that renewed the import's heartbeat began (performance.now()). */
  private heartbeatAt = -Infinity;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly target: ChunkTarget,
  ) {}

  async add(item: PreparedItem): Promise<void> {
    // Everything computed here, outside the lock (the content hash, say), shortens its holds.
    this.buffer.push({ item: toItemWrite(item, this.target), findings: item.findings });
    this.chars += item.payload.length + (item.rawText?.length ?? 0);
    if (this.chars >= CHUNK_CHARS) await this.flush();
  }

  /** Writes what is gathered and waits for every chunk. */
  async finish(): Promise<void> {
    await this.flush();
    await this.settle();
  }

  /** Waits for the chunk in flight, if any, whatever its outcome. */
  async settle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (this.failure) throw this.failure;
  }

  private async flush(): Promise<void> {
    await this.settle();
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.garbage.check();
    this.chars = 0;
    const written: Promise<void> = this.writeAll(batch)
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        if (this.inFlight === written) this.inFlight = null;
      });
    this.inFlight = written;
  }

  /**
   * Writes a batch in as few writes as the chunk budget allows: slices of SLICE_ITEMS, and a new
   * write once one has held the lock for its budget. The write function returns where it got to
   * rather than advance a counter, so that PostgreSQL may run it again after a conflict (its
   * rows, COPYed or not, went with the rolled-back attempt).
   */
  private async writeAll(batch: ItemWithFindings[]): Promise<void> {
    const { importId, direct } = this.target;
    for (let next = 0; next < batch.length; ) {
      const from = next;
      const started = performance.now();
      const beat = started - this.heartbeatAt >= HEARTBEAT_EVERY_MS;
      next = await this.ctx.sqlWrite(
        (db, hold) => {
          if (beat) heartbeat(db, importId);
          const writer = itemWriter(db);
          let at = from;
          while (at < batch.length) {
            const slice = batch.slice(at, at + SLICE_ITEMS);
            if (direct) writer.insertAll(slice);
            else writer.stageAll(slice);
            at += slice.length;
            if (hold.overBudget()) break;
          }
          return at;
        },
        { chunk: true, durable: false, label: 'import chunk' },
      ).catch((error: unknown) => {
        throw refusedRecord(error);
      });
      if (beat) this.heartbeatAt = started;
    }
  }
}

/**
 * A record the database refused (PostgreSQL's COPY names the row, and the row its source line:
 * an external id too long for the index, say) as a bad-input error naming the line; any other
 * failure as it is.
 */
function refusedRecord(error: unknown): unknown {
  const refused = refusedRowOf(error);
  const line = refused?.row[refused.columns.indexOf('source_line')];
  return typeof line === 'number' ? new FormatError(`the database refused this record: ${(error as Error).message}`, line) : error;
}

function toItemWrite(item: PreparedItem, target: ChunkTarget): ItemWrite {
  return {
    datasetId: target.datasetId,
    externalId: item.externalId,
    kind: item.kind,
    payload: item.payload,
    rawText: item.rawText,
    contentHash: contentHashOf(item),
    metadata: item.metadata,
    metrics: item.metrics,
    importId: target.importId,
    sourceLine: item.line,
    counts: item.counts,
  };
}
