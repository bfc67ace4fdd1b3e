import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ImportFileError, ImportFileReport, ImportReport } from '../../api/contract';
import { beginImport, discardImportChunk, importedIds, publishImport } from '../../../db/queries/imports';
import type { FormatModule, FormatReader, Framing } from '../../core/formats/module';
import type { RecordLimits } from '../../core/formats/recordLimits';
import { FormatError } from '../../core/formats/types';
import type { ServiceContext } from '../context';
import { ForbiddenError, InvalidInputError } from '../errors';
import type { Job } from '../jobs';
import type { Mapping } from '../../core/formats/mapping/model';
import { ChunkWriter, type ChunkTarget } from './chunkWriter';
import { detectSource } from './detectSource';
import { expandFolders } from './folderSources';
import { checkAnnotationImporter, createAnnotationTask, type CollectedAnnotations } from './importedAnnotations';
import { addJourneyScore, refreshLinkedMetrics, type JourneyScores } from './linkMetrics';
import { parsedEvents, parseInWorkerOrHere, startParseWorker, useWorkerFor, type StartedParseWorker } from './parseInWorker';
import { parseFile, prepareLines, type PreparedItem } from './preparedItems';
import { fileSystemProblem, openablePath, pathText, sourceFileProblem, type SourcePath } from './sourceFiles';
import { parseWorkerUrl } from './workerCode';

export interface ImportSource {
  /** Path on disk (one not valid UTF-8 is found by its bytes: see openablePath). */
  path: string;
  /** Name shown in reports (the path as the user gave it, or an uploaded file's name). */
  displayName: string;
  /** The folder the file was chosen in (the app's "Choose a folder…"): see expandFolders. */
  folder?: string;
}

export interface ImportOptions {
  dataset?: string;
  skipInvalid?: boolean;
  jobId?: string;
  /** Longest record, largest document read whole, most CSV columns (core/formats/recordLimits.ts). */
  limits?: Partial<RecordLimits>;
  /** Read every file with this preset (`accord import --preset NAME`) instead of detecting its format. */
  preset?: string;
  /** Read every file through this mapping (`accord import --mapping MAP.json`). */
  mapping?: Mapping;
}

/**
 * The ids the earlier files of one import run gave a dataset, each with where it came from, so
 * that a later file of the run giving the same id is an error (or, with skipInvalid, a skipped
 * record) rather than a silent update of the earlier file's item: real releases number their
 * records from 0 in every file (τ-bench's airline and retail runs, say), and imported into one
 * dataset the second would replace the first's. Importing a file again in another run still
 * updates its items by id.
 */
type RunIds = Map<string, EarlierRecord>;

/** Where a run's earlier file gave an id: the file, and its line (null for items imported before lines were kept). */
interface EarlierRecord {
  file: string;
  line: number | null;
}

/** ImportOptions for one file of a run, with the ids its run's earlier files gave its dataset. */
interface FileOptions extends ImportOptions {
  runIds?: RunIds;
}

/** Skipped-record errors listed per file at most; the count is always exact. */
const MAX_LISTED_ERRORS = 1000;

/**
 * Imports files one by one, each atomically: a file is either fully written (minus records
 * skipped with `skipInvalid`) or rejected with its first error, leaving the workspace as it
 * was. A file whose exact content was imported into the dataset before is a no-op.
 *
 * A file is written in chunks, each a short write through the one write path (db/writePath.ts),
 * so labels saved meanwhile wait for one chunk at most; its rows stay invisible to every reader
 * until the last write publishes them (db/queries/imports.ts). A file that fails or is cancelled
 * is discarded in chunks; one whose process dies is discarded when the workspace is next opened.
 * Imports into one workspace run one at a time in a process: a second waits for the first.
 */
export async function importFiles(ctx: ServiceContext, sources: ImportSource[], options: ImportOptions = {}): Promise<ImportReport> {
  const previous = importsUnderWay.get(ctx.sql) ?? Promise.resolve();
  const current = previous.then(() => importAll(ctx, sources, options));
  const settled = current.then(
    () => undefined,
    () => undefined,
  );
  importsUnderWay.set(ctx.sql, settled);
  try {
    return await current;
  } finally {
    if (importsUnderWay.get(ctx.sql) === settled) importsUnderWay.delete(ctx.sql);
  }
}

/** The last import started per workspace connection (see importFiles). */
const importsUnderWay = new WeakMap<object, Promise<void>>();

async function importAll(ctx: ServiceContext, given: ImportSource[], options: ImportOptions): Promise<ImportReport> {
  // A folder imports as its files, into one dataset named after it unless one is named.
  const expanded = expandFolders(given).map((e) => ({ ...e, source: opened(e.source) }));
  const sources = expanded.map((e) => e.source);
  const totalBytes = sources.reduce((sum, s) => sum + sizeOf(s.file), 0);
  const job = ctx.jobs.start(sources.length === 1 ? `Importing ${sources[0].displayName}` : `Importing ${sources.length} files`, options.jobId, 'bytes');
  const files: ImportFileReport[] = [];
  let bytesBefore = 0;
  // Per dataset that more than one file of the run goes to: the ids its files gave so far (see RunIds).
  const datasetOf = (e: (typeof expanded)[number]) => options.dataset ?? e.folderDataset ?? datasetNameFor(path.basename(e.source.displayName));
  const filesPerDataset = new Map<string, number>();
  for (const e of expanded) if (!e.emptyFolder) filesPerDataset.set(datasetOf(e), (filesPerDataset.get(datasetOf(e)) ?? 0) + 1);
  const idsByDataset = new Map<string, RunIds>();
  try {
    for (const { source, folderDataset, emptyFolder } of expanded) {
      const progress = (bytes: number) => job.report(bytesBefore + bytes, totalBytes);
      if (emptyFolder) {
        files.push({ file: source.displayName, format: null, kind: null, dataset: null, status: 'rejected', imported: 0, skipped: 0, errors: [{ line: null, column: null, message: emptyFolder }] });
        continue;
      }
      const dataset = options.dataset ?? folderDataset;
      const target = datasetOf({ source, folderDataset });
      const runIds = (filesPerDataset.get(target) ?? 0) < 2 ? undefined : (idsByDataset.get(target) ?? idsByDataset.set(target, new Map()).get(target));
      files.push(await importOne(ctx, source, { ...options, dataset, runIds }, job, progress));
      bytesBefore += sizeOf(source.file);
      job.report(bytesBefore, totalBytes);
    }
  } finally {
    job.finish();
  }
  if (files.some((f) => f.status === 'imported')) ctx.emit('workspace.changed', { what: 'datasets' });
  return { files };
}

/** A source with the path to open it by; one opened by the bytes of its name is shown with them escaped. */
interface OpenedSource extends ImportSource {
  file: SourcePath;
}

function opened(source: ImportSource): OpenedSource {
  const file = openablePath(source.path);
  return { ...source, file, displayName: typeof file === 'string' ? source.displayName : pathText(file) };
}

/** The size progress is counted against: a regular file's, else 0 (it is rejected anyway). */
function sizeOf(file: SourcePath): number {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.size : 0;
  } catch {
    return 0;
  }
}

async function importOne(
  ctx: ServiceContext,
  source: OpenedSource,
  options: FileOptions,
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

  // Everything that reads the file before the import begins is one file's problem (unreadable,
  // special, too big, not this format): it rejects this file, and the others still import.
  let framing: Framing;
  let format: FormatModule;
  let contentHash: string;
  let parsing: Promise<StartedParseWorker | null> = Promise.resolve(null);
  try {
    const problem = sourceFileProblem(source.file) ?? binaryContent(source.file);
    if (problem) return rejected(problem);
    ({ framing, format } = await detectSource(source.file, fileName, options.limits, { preset: options.preset, mapping: options.mapping }));
    // The parse worker starts now and parses ahead while this thread hashes the file, rather than
    // leave the other core idle meanwhile (its code, bundled from the sources, is made ready then too).
    parsing = startParsing(source.file, framing, format, fileName, { signal: job.signal, onBytes, limits: options.limits });
    // Awaited once the import begins; until then a worker that could not start is no unhandled rejection.
    parsing.catch(() => undefined);
    contentHash = await hashFile(source.file);
  } catch (error) {
    await stopParsing(parsing);
    return rejected(error);
  }
  try {
    return await importParsed(ctx, source, options, job, onBytes, { report, fileName, framing, format, contentHash, parsing });
  } finally {
    // An import that had nothing to write (unchanged, refused) stops the worker it started; one
    // that wrote has stopped it already.
    await stopParsing(parsing);
  }
}

/** What importOne found out about a file before its import begins. */
interface ReadyFile {
  report: ImportFileReport;
  fileName: string;
  framing: Framing;
  format: FormatModule;
  contentHash: string;
  /** The parse worker started for it, if any (see startParsing). */
  parsing: Promise<StartedParseWorker | null>;
}

async function importParsed(ctx: ServiceContext, source: OpenedSource, options: FileOptions, job: Job, onBytes: (bytes: number) => void, ready: ReadyFile): Promise<ImportFileReport> {
  const { report, fileName, framing, format, contentHash } = ready;
  const rejected = (error: unknown) => ({ ...report, status: 'rejected' as const, imported: 0, skipped: 0, errors: [toFileError(error)] });
  report.format = format.id;
  report.kind = format.kind;
  const datasetName = options.dataset ?? datasetNameFor(fileName);
  report.dataset = datasetName;

  const begun = await ctx.sqlWrite((db) => beginImport(db, { datasetName, kind: format.kind, fileName, contentHash, format: format.id }), { label: 'begin import' });
  if (begun.status === 'unchanged') {
    // Its items are the dataset's already: a later file of the run giving their ids would replace them.
    if (options.runIds) for (const { id, line } of importedIds(ctx.sql, begun.importId)) if (!options.runIds.has(id)) options.runIds.set(id, { file: source.displayName, line });
    return { ...report, status: 'unchanged' };
  }
  if (begun.status === 'kind-mismatch') {
    return rejected(new FormatError(`dataset "${datasetName}" holds ${begun.kind}s; this file holds ${format.kind}s (choose another --dataset)`));
  }
  if (begun.status === 'busy' && begun.state === 'trashed') {
    // Importing again would not bring its labels back; restoring it does.
    return rejected(new FormatError(`dataset "${datasetName}" is in the trash with its labels; restore it (accord datasets restore "${datasetName}", or Datasets › Trash) or choose another --dataset`));
  }
  if (begun.status === 'busy') {
    return rejected(new FormatError(`dataset "${datasetName}" is being ${begun.state === 'importing' ? 'imported' : 'deleted'} by another import; try again when it is done`));
  }

  const { datasetId, importId, direct } = begun;
  try {
    const { journeys, annotations, ids, findings, ...counts } = await writeRecords(ctx, source.file, framing, format, fileName, await ready.parsing, {
      datasetId,
      importId,
      direct,
      skipInvalid: options.skipInvalid ?? false,
      limits: options.limits,
      errors: report.errors,
      signal: job.signal,
      onBytes,
      runIds: options.runIds,
      dataset: datasetName,
    });
    checkAnnotationImporter(ctx, annotations);
    const changedLabelled = await ctx.sqlWrite(
      (db) => {
        const changed = publishImport(db, importId, datasetId, counts);
        refreshLinkedMetrics(db, datasetId, format.kind, direct ? journeys : undefined);
        return changed;
      },
      { label: 'publish import' },
    );
    if (options.runIds) for (const [id, line] of ids) options.runIds.set(id, { file: source.displayName, line });
    // A release that carries its human labels (JUDGE-BENCH) gets a task over the dataset with them.
    const task = annotations.labels.length > 0 ? await labelsPhase(job, `Labels of task "${datasetName}"`, (progress) => createAnnotationTask(ctx, datasetName, annotations, progress)) : null;
    // Items it changed keep their labels, flagged as made on an earlier version: the report says how many, by whom.
    return {
      ...report,
      status: 'imported',
      ...counts,
      ...(findings.errors + findings.warnings > 0 ? { findings } : {}),
      ...(changedLabelled ? { changedLabelled } : {}),
      ...(task ? { task } : {}),
    };
  } catch (error) {
    await discardImport(ctx, importId);
    return rejected(error);
  }
}

/**
 * The labels a release carries, written after its items under a label of their own counting
 * labels (a crowd release's 360,000 took half a minute at "100%" of the file before), then the
 * job goes back to counting the files' bytes for the next file.
 */
async function labelsPhase<T>(job: Job, label: string, write: (progress: (done: number, total: number) => void) => Promise<T>): Promise<T> {
  const { label: before } = job;
  job.phase(label, 'labels');
  try {
    return await write((done, total) => job.report(done, total));
  } finally {
    job.phase(before, 'bytes');
  }
}

/** Deletes what a failed or cancelled import wrote; left to the next open should that fail too. */
async function discardImport(ctx: ServiceContext, importId: number): Promise<void> {
  try {
    // Not synced: the rows were never visible, and should a crash undo part of the deletion, the
    // next open of the workspace deletes them again.
    for (let done = false; !done; ) done = await ctx.sqlWrite((db, hold) => discardImportChunk(db, importId, hold), { chunk: true, durable: false, label: 'discard import' });
  } catch {
    // The workspace was closed meanwhile, say: the import stays invisible, and the next open
    // of the workspace discards it (its owner, this process, is gone by then).
  }
}

interface WriteTarget extends ChunkTarget {
  skipInvalid: boolean;
  limits: Partial<RecordLimits> | undefined;
  /** Where skipped records' errors are listed. */
  errors: ImportFileError[];
  signal: AbortSignal;
  onBytes: (bytes: number) => void;
  /** Ids the run's earlier files gave the dataset, with their file and line (see RunIds). */
  runIds?: ReadonlyMap<string, EarlierRecord>;
  /** The dataset's name, for the error about such an id. */
  dataset: string;
}


/**
 * Where to start the parse worker from, for a file parsed on another core (big record-framed
 * files); null when it is parsed here. A user's mapping exists only in this process: its files
 * are parsed here.
 */
function parseWorkerFor(file: SourcePath, framing: Framing, format: FormatModule): Promise<URL | null> {
  return useWorkerFor(file, framing) && format.id !== 'mapping' ? parseWorkerUrl() : Promise.resolve(null);
}

/**
 * What the parse worker may parse of the file before the import begins (ParseJob.headStartBytes):
 * about what it parses while this thread hashes a file of 100,000 conversations (~0.2 s), in
 * memory some 15 MB of prepared items at most.
 */
const HEAD_START_BYTES = 8 * 1024 * 1024;

/** Starts the parse worker for a file parsed on another core (null: it is parsed here; see parseWorkerFor). */
async function startParsing(
  file: SourcePath,
  framing: Framing,
  format: FormatModule,
  fileName: string,
  options: { signal: AbortSignal; onBytes: (bytes: number) => void; limits: Partial<RecordLimits> | undefined },
): Promise<StartedParseWorker | null> {
  const code = await parseWorkerFor(file, framing, format);
  if (!code) return null;
  // For formats that read records independently, the importing thread also parses lines the
  // worker hands over whenever it would otherwise wait (see parseInWorker.ts).
  const shareParsing = framing === 'jsonl' && format.independentRecords === true;
  const job = { file, framing, formatId: format.id, fileName, shareParsing, limits: options.limits, headStartBytes: HEAD_START_BYTES };
  return startParseWorker(code, job, { signal: options.signal, onBytes: options.onBytes });
}

/** Stops a parse worker startParsing started (a no-op once its events were read). */
async function stopParsing(parsing: Promise<StartedParseWorker | null>): Promise<void> {
  const worker = await parsing.catch(() => null);
  await worker?.close();
}

async function writeRecords(
  ctx: ServiceContext,
  file: SourcePath,
  framing: Framing,
  format: FormatModule,
  fileName: string,
  worker: StartedParseWorker | null,
  target: WriteTarget,
): Promise<{ imported: number; skipped: number; journeys: JourneyScores; annotations: CollectedAnnotations; ids: Map<string, number>; findings: { errors: number; warnings: number } }> {
  const seen = new Map<string, number>();
  const findings = { errors: 0, warnings: 0 };
  const journeys: JourneyScores = new Map();
  const annotations: CollectedAnnotations = { schema: null, labels: [] };
  const writer = new ChunkWriter(ctx, target);
  let imported = 0;
  let skipped = 0;
  const skipOrThrow = (error: FormatError) => {
    if (!target.skipInvalid) throw error;
    skipped++;
    if (target.errors.length < MAX_LISTED_ERRORS) target.errors.push(toFileError(error));
  };
  /** Hands a batch to the writer; duplicates are skipped or fail the file. */
  const writeItems = async (items: PreparedItem[]): Promise<void> => {
    for (const item of items) {
      // PostgreSQL's text cannot hold U+0000 (a JSON "\u0000" decodes to it): refused on both
      // engines alike, naming the line, rather than failing the COPY without one.
      const nul = item.externalId.includes('\0') ? 'id' : item.rawText?.includes('\0') ? 'text' : null;
      if (nul) {
        skipOrThrow(new FormatError(`the record's ${nul} holds a NUL character (U+0000), which a workspace cannot store`, item.line, 1));
        continue;
      }
      const firstLine = seen.get(item.externalId);
      if (firstLine !== undefined) {
        skipOrThrow(new FormatError(`duplicate id "${item.externalId}" (first seen on line ${firstLine})`, item.line, 1));
        continue;
      }
      const earlier = target.runIds?.get(item.externalId);
      if (earlier !== undefined) {
        skipOrThrow(new FormatError(duplicateInRun(item.externalId, earlier, target.dataset), item.line, 1));
        continue;
      }
      seen.set(item.externalId, item.line);
      if (item.journey) addJourneyScore(journeys, item.journey.graph, item.journey.toolCallAccuracy);
      if (item.annotations) {
        annotations.schema ??= item.annotations.schema;
        for (const label of item.annotations.labels) annotations.labels.push({ item: item.externalId, ...label });
      }
      imported++;
      findings.errors += item.counts.error;
      findings.warnings += item.counts.warning;
      await writer.add(item);
    }
  };
  const options = { signal: target.signal, onBytes: target.onBytes, limits: target.limits };
  // Big record-framed files are parsed on another core while this thread writes (see startParsing).
  const here = () => parseFile(file, framing, format, fileName, options);
  const events = worker ? parseInWorkerOrHere(parsedEvents(worker), here) : here();
  let ownReader: FormatReader | null = null;
  try {
    for await (const event of events) {
      target.signal.throwIfAborted();
      const ready = event.type === 'lines' ? prepareLines(event.lines, (ownReader ??= format.createReader({ fileName }))) : [event];
      for (const parsed of ready) {
        if (parsed.type === 'skip') skipOrThrow(parsed.error);
        else if (parsed.type === 'items') await writeItems(parsed.items);
      }
      // Let other requests (reads, a cancel) in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    target.signal.throwIfAborted();
    await writer.finish();
    // A cancel that came while the last chunk was written still stops the import before it shows.
    target.signal.throwIfAborted();
  } catch (error) {
    // No chunk may land after the import is discarded.
    await writer.settle().catch(() => undefined);
    throw error;
  }
  return { imported, skipped, journeys, annotations, ids: seen, findings };
}

/** The error for a record whose id an earlier file of the run gave the same dataset (see RunIds). */
function duplicateInRun(id: string, earlier: EarlierRecord, dataset: string): string {
  const where = earlier.line === null ? earlier.file : `${earlier.file} (line ${earlier.line})`;
  return (
    `duplicate id "${id}": ${where}, an earlier file of this import into dataset "${dataset}", gives it too; ` +
    'import the files into different datasets to keep both'
  );
}

/** Bytes sniffed for NUL characters: text formats never contain them, binary files soon do. */
const SNIFF_BYTES = 8192;

function binaryContent(file: SourcePath): FormatError | null {
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

/**
 * The file's SHA-256, read through one reused 1 MB buffer: a stream would leave a new buffer per
 * MB for the collector (a 250 MB file's worth of them, tens of MB at its peak), which the import
 * after it would have to live beside.
 */
async function hashFile(file: SourcePath): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1 << 20);
  const handle = await fs.promises.open(file, 'r');
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

function toFileError(error: unknown): ImportFileError {
  if (error instanceof FormatError) {
    const field = error.field && !error.message.includes(error.field) ? `${error.field}: ` : '';
    return { line: error.line, column: error.column, message: field + error.message };
  }
  const e = error as Error;
  if (e?.name === 'AbortError' || e?.message === 'cancelled') return { line: null, column: null, message: 'cancelled' };
  // A refusal says why in its own words: no internal error.
  if (error instanceof ForbiddenError || error instanceof InvalidInputError) return { line: null, column: null, message: e.message };
  const fileProblem = fileSystemProblem(error);
  if (fileProblem) return { line: null, column: null, message: fileProblem.message };
  return { line: null, column: null, message: `internal error: ${e?.message ?? String(error)}` };
}
