import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ImportFileError, ImportFileReport, ImportReport } from '../../api/contract';
import { catalogQueries, type CatalogQueries, type ItemWrite } from '../../../db/queries/catalog';
import { withRollbackJournal } from '../../../db/workspace';
import type { FormatModule, FormatReader, Framing } from '../../core/formats/module';
import { FormatError } from '../../core/formats/types';
import type { ServiceContext } from '../context';
import type { Job } from '../jobs';
import { detectSource } from './detectSource';
import { addJourneyScore, refreshLinkedMetrics, type JourneyScores } from './linkMetrics';
import { BIG_FILE_BYTES, parseFileInWorker, parseInWorkerOrHere, useWorkerFor } from './parseInWorker';
import { contentHashOf, parseFile, prepareLines, type PreparedItem } from './preparedItems';
import { parseWorkerUrl } from './workerCode';

export interface ImportSource {
  /** Path on disk. */
  path: string;
  /** Name shown in reports (the path as the user gave it, or an uploaded file's name). */
  displayName: string;
}

export interface ImportOptions {
  dataset?: string;
  skipInvalid?: boolean;
  jobId?: string;
}

/** Skipped-record errors listed per file at most; the count is always exact. */
const MAX_LISTED_ERRORS = 1000;

/**
 * Imports files one by one, each atomically: a file is either fully written (minus records
 * skipped with `skipInvalid`) or rejected with its first error, leaving the workspace as it
 * was. A file whose exact content was imported into the dataset before is a no-op.
 */
export async function importFiles(ctx: ServiceContext, sources: ImportSource[], options: ImportOptions = {}): Promise<ImportReport> {
  const totalBytes = sources.reduce((sum, s) => sum + sizeOf(s.path), 0);
  const job = ctx.jobs.start(sources.length === 1 ? `Importing ${sources[0].displayName}` : `Importing ${sources.length} files`, options.jobId);
  const files: ImportFileReport[] = [];
  let bytesBefore = 0;
  try {
    for (const source of sources) {
      const progress = (bytes: number) => job.report(bytesBefore + bytes, totalBytes);
      files.push(await ctx.writeLock.run(() => importOne(ctx, source, options, job, progress)));
      bytesBefore += sizeOf(source.path);
      job.report(bytesBefore, totalBytes);
    }
  } finally {
    job.finish();
  }
  if (files.some((f) => f.status === 'imported')) ctx.emit('workspace.changed', { what: 'datasets' });
  return { files };
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

async function importOne(
  ctx: ServiceContext,
  source: ImportSource,
  options: ImportOptions,
  job: Job,
  onBytes: (bytes: number) => void,
): Promise<ImportFileReport> {
  const report: ImportFileReport = {
    file: source.displayName,
    format: null,
    kind: null,
    dataset: null,
    status: 'rejected',
    imported: 0,
    skipped: 0,
    errors: [],
  };
  const fileName = path.basename(source.displayName);
  const rejected = (error: unknown) => ({ ...report, status: 'rejected' as const, imported: 0, skipped: 0, errors: [toFileError(error)] });

  const problem = checkFile(source.path);
  if (problem) return rejected(problem);

  let framing: Framing;
  let format: FormatModule;
  try {
    ({ framing, format } = await detectSource(source.path, fileName));
  } catch (error) {
    return rejected(error);
  }
  report.format = format.id;
  report.kind = format.kind;
  const datasetName = options.dataset ?? datasetNameFor(fileName);
  report.dataset = datasetName;

  const contentHash = await hashFile(source.path);
  const queries = catalogQueries(ctx.db);
  const existing = queries.datasetByName(datasetName);
  if (existing && existing.kind !== format.kind) {
    return rejected(new FormatError(`dataset "${datasetName}" holds ${existing.kind}s; this file holds ${format.kind}s (choose another --dataset)`));
  }
  if (existing && queries.isAlreadyImported(existing.id, contentHash)) {
    return { ...report, status: 'unchanged' };
  }

  // A big file goes to the database once, through the rollback journal (see withRollbackJournal).
  const errors = report.errors;
  const write = () => writeFile(ctx, source.path, { framing, format, fileName, datasetName, existing, contentHash, options, errors, job, onBytes });
  const outcome = sizeOf(source.path) >= BIG_FILE_BYTES ? await withRollbackJournal(ctx.db, write) : await write();
  return outcome.ok ? { ...report, status: 'imported', ...outcome.counts } : rejected(outcome.error);
}

interface FileWrite {
  framing: Framing;
  format: FormatModule;
  fileName: string;
  datasetName: string;
  existing: { id: number } | undefined;
  contentHash: string;
  options: ImportOptions;
  /** Where skipped records' errors are listed. */
  errors: ImportFileError[];
  job: Job;
  onBytes: (bytes: number) => void;
}

/** Writes one file's records in one transaction; on any error, rolls it back. */
async function writeFile(
  ctx: ServiceContext,
  file: string,
  w: FileWrite,
): Promise<{ ok: true; counts: { imported: number; skipped: number } } | { ok: false; error: unknown }> {
  const queries = catalogQueries(ctx.db);
  ctx.db.exec('BEGIN IMMEDIATE');
  try {
    const datasetId = w.existing?.id ?? queries.createDataset(w.datasetName, w.format.kind);
    const importId = queries.createImport(datasetId, w.fileName, w.contentHash, w.format.id);
    const fresh = queries.isEmpty(datasetId);
    const { journeys, ...counts } = await writeRecords(file, w.framing, w.format, w.fileName, {
      queries,
      datasetId,
      importId,
      fresh,
      skipInvalid: w.options.skipInvalid ?? false,
      errors: w.errors,
      signal: w.job.signal,
      onBytes: w.onBytes,
    });
    queries.finishImport(importId, counts.imported, counts.skipped);
    refreshLinkedMetrics(ctx.db, datasetId, w.format.kind, fresh ? journeys : undefined);
    ctx.db.exec('COMMIT');
    return { ok: true, counts };
  } catch (error) {
    if (ctx.db.inTransaction) ctx.db.exec('ROLLBACK');
    return { ok: false, error };
  }
}

interface WriteTarget {
  queries: CatalogQueries;
  datasetId: number;
  importId: number;
  /** The dataset was empty: items are inserted without conflict checks. */
  fresh: boolean;
  skipInvalid: boolean;
  errors: ImportFileError[];
  signal: AbortSignal;
  onBytes: (bytes: number) => void;
}

async function writeRecords(
  file: string,
  framing: Framing,
  format: FormatModule,
  fileName: string,
  target: WriteTarget,
): Promise<{ imported: number; skipped: number; journeys: JourneyScores }> {
  const seen = new Map<string, number>();
  const journeys: JourneyScores = new Map();
  let imported = 0;
  let skipped = 0;
  const skipOrThrow = (error: FormatError) => {
    if (!target.skipInvalid) throw error;
    skipped++;
    if (target.errors.length < MAX_LISTED_ERRORS) target.errors.push(toFileError(error));
  };
  /** Writes a batch; how many items were written (duplicates are skipped or fail the file). */
  const writeItems = (items: PreparedItem[]): number => {
    let written = 0;
    for (const item of items) {
      const firstLine = seen.get(item.externalId);
      if (firstLine !== undefined) {
        skipOrThrow(new FormatError(`duplicate id "${item.externalId}" (first seen on line ${firstLine})`, item.line, 1));
        continue;
      }
      seen.set(item.externalId, item.line);
      target.queries.writeItem(toItemWrite(item, target), item.findings, target.fresh);
      if (item.journey) addJourneyScore(journeys, item.journey.graph, item.journey.toolCallAccuracy);
      written++;
    }
    return written;
  };
  const options = { signal: target.signal, onBytes: target.onBytes };
  // Big record-framed files are parsed on another core while this thread writes; for formats
  // that read records independently, this thread also parses lines the worker hands over
  // whenever it would otherwise wait (see parseInWorker.ts).
  const workerCode = useWorkerFor(file, framing) ? await parseWorkerUrl() : null;
  const shareParsing = framing === 'jsonl' && format.independentRecords === true;
  const here = () => parseFile(file, framing, format, fileName, options);
  const events = workerCode ? parseInWorkerOrHere(parseFileInWorker(workerCode, { file, framing, formatId: format.id, fileName, shareParsing }, options), here) : here();
  let ownReader: FormatReader | null = null;
  for await (const event of events) {
    target.signal.throwIfAborted();
    const ready = event.type === 'lines' ? prepareLines(event.lines, (ownReader ??= format.createReader({ fileName }))) : [event];
    for (const parsed of ready) {
      if (parsed.type === 'skip') skipOrThrow(parsed.error);
      else if (parsed.type === 'items') imported += writeItems(parsed.items);
    }
    // Let other requests (reads, a cancel) in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { imported, skipped, journeys };
}

function toItemWrite(item: PreparedItem, target: WriteTarget): ItemWrite {
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

function checkFile(file: string): FormatError | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return new FormatError('no such file');
  }
  if (stat.isDirectory()) return new FormatError('is a directory, not a file');
  if (stat.size === 0) return new FormatError('the file is empty');
  return binaryContent(file);
}

/** Bytes sniffed for NUL characters: text formats never contain them, binary files soon do. */
const SNIFF_BYTES = 8192;

function binaryContent(file: string): FormatError | null {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const n = fs.readSync(fd, head, 0, SNIFF_BYTES, 0);
    const nul = head.subarray(0, n).indexOf(0);
    return nul >= 0 ? new FormatError(`binary data, not text (a NUL byte at offset ${nul})`) : null;
  } finally {
    fs.closeSync(fd);
  }
}

/** `plans-generated.csv` → `plans-generated`. */
export function datasetNameFor(fileName: string): string {
  return fileName.replace(/\.(jsonl|ndjson|json|csv|txt)$/i, '') || fileName;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function toFileError(error: unknown): ImportFileError {
  if (error instanceof FormatError) {
    const field = error.field && !error.message.includes(error.field) ? `${error.field}: ` : '';
    return { line: error.line, column: error.column, message: field + error.message };
  }
  const e = error as Error;
  if (e?.name === 'AbortError' || e?.message === 'cancelled') return { line: null, column: null, message: 'cancelled' };
  return { line: null, column: null, message: `internal error: ${e?.message ?? String(error)}` };
}
