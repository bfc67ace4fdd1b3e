import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ImportReport } from '../api/contract';
import { activeJobsOfKind, jobById, setJobResult, updateJobArgs } from '../../db/queries/jobs';
import { thisProcess } from '../../db/queries/imports';
import type { Mapping } from '../core/formats/mapping/model';
import type { Caller } from '../api/access';
import { withCaller, type ServiceContext } from './context';
import { ConflictError, InvalidInputError } from './errors';
import { discardAbandonedImports } from './import/abandonedImports';
import { importFiles, type ImportOptions, type ImportSource } from './import/importFiles';
import { enqueueJob, jobEnded, type JobHandler } from './jobLeases';

/**
 * Imports on a team server (issue 16, "stateless servers"): an uploaded file is moved into the
 * team's upload folder — on storage every server of the team reads (`accord serve --team
 * --upload-folder`) — and an `import` job naming it is queued; whichever server leases the job
 * imports the file. The request waits for the job to end and answers with its report, as an
 * import in the request does; if its server dies meanwhile, the import still ends, on another.
 *
 * A server taking the job over from one that died first discards the dead one's half-written
 * import (its rows were never visible: db/queries/imports.ts), then imports the file from the
 * start: every record there once. Uploaded bytes go to a shared folder rather than into the
 * database: a gigabyte upload would otherwise be written twice to the database (once as bytes,
 * once as items) and held in its transaction logs, and the import pipeline reads files.
 */

export const IMPORT_JOB = 'import';

/** What an import job's row holds in its args. */
interface ImportJobArgs {
  sources: ImportSource[];
  options: Omit<ImportOptions, 'mapping' | 'jobId'> & { mapping?: Mapping };
  /** The caller's progress id (`job.progress` events), or null. */
  jobId: string | null;
  /** The processes ("host pid") that began importing it: a later holder discards what they left. */
  importers: string[];
  /**
   * Who asked (a lead: dispatch checked). The job imports as them: a release that carries its
   * raters' labels (JUDGE-BENCH) needs a caller who may import other raters' labels, and the
   * server's own context names nobody. Absent in a job queued before this was recorded.
   */
  caller?: Caller;
}

/** How often the request waiting on an import job looks at it. */
const WAIT_POLL_MS = 200;

/**
 * `datasets.import` on a team server: queues the import as a job and waits for it to end.
 *
 * @throws InvalidInputError when the server has no upload folder; the import's own refusals as
 *   the job recorded them; ConflictError when the job was cancelled.
 */
export async function queueImport(ctx: ServiceContext, sources: ImportSource[], options: ImportOptions): Promise<ImportReport> {
  const folder = ctx.jobFilesFolder;
  if (!folder) throw new InvalidInputError('this server has no folder for the files its import jobs read (accord serve --team --upload-folder)');
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Each upload moves into the shared folder (the request's own copy is removed when it returns).
  const shared = sources.map((source) => {
    const file = path.join(folder, `${randomUUID()}-${path.basename(source.path).replace(/[^\w.-]/g, '_').slice(0, 100)}`);
    moveFile(source.path, file);
    return { path: file, displayName: source.displayName, ...(source.folder === undefined ? {} : { folder: source.folder }) };
  });
  const { jobId, ...rest } = options;
  const args: ImportJobArgs = { sources: shared, options: rest, jobId: jobId ?? null, importers: [], caller: ctx.caller };
  try {
    const id = await enqueueJob(ctx, IMPORT_JOB, args);
    const job = await jobEnded(ctx, id, WAIT_POLL_MS);
    // The holder that finished it left the report as the job's result (0151).
    if (job.state === 'done') return JSON.parse(job.result!) as ImportReport;
    if (job.state === 'failed') throw new InvalidInputError(job.error ?? 'the import failed');
    // A cancel that came after files were published leaves the report saying what stayed.
    if (job.result) return JSON.parse(job.result) as ImportReport;
    throw new ConflictError('the import was cancelled');
  } finally {
    // The job has ended (or was never queued): its files are no longer needed by any server.
    for (const source of shared) fs.rmSync(source.path, { force: true });
  }
}

/** Moves a file, copying across file systems (the upload store's temporary folder may be on another). */
function moveFile(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.copyFileSync(from, to);
    fs.rmSync(from, { force: true });
  }
}

/**
 * The `import` job: discards what earlier holders of the job left half written, records this
 * process as its importer, imports the files, and leaves the report as the job's result for the
 * request waiting on it. A cancel or a lost lease cancels the import under way (it discards itself).
 */
export function importJob(ctx: ServiceContext): JobHandler {
  return async (job) => {
    const args = job.args as ImportJobArgs;
    // Whoever held the job before let its lease run out (died, or stalled): its import goes. A
    // stalled holder's next chunk finds its import gone and stops (ImportAbandonedError).
    if (args.importers.length > 0) await discardAbandonedImports(ctx, (owner) => !args.importers.includes(owner));
    const importers = [...args.importers.filter((p) => p !== thisProcess()), thisProcess()];
    await ctx.sqlWrite(
      (db) => {
        if (!job.holds(db)) throw new Error(`import job ${job.id} is no longer this server's`);
        updateJobArgs(db, job.id, { ...args, importers });
      },
      { label: 'import job: record its importer' },
    );
    const progressId = args.jobId ?? `import-job-${job.id}-${job.attempt}`;
    const cancel = () => ctx.jobs.cancel(progressId);
    job.signal.addEventListener('abort', cancel);
    try {
      const report = await importFiles(args.caller ? withCaller(ctx, args.caller) : ctx, args.sources, { ...args.options, jobId: progressId });
      // Cancelled once a file was published, the report is still left: those rows stay, and
      // the waiting request must not answer that nothing was imported.
      await ctx.sqlWrite(
        (db) => {
          if (!job.holds(db) && jobById(db, job.id)?.state !== 'cancelled') throw new Error(`import job ${job.id} is no longer this server's`);
          setJobResult(db, job.id, report);
        },
        { label: 'import job: its report' },
      );
      job.signal.throwIfAborted();
    } finally {
      job.signal.removeEventListener('abort', cancel);
    }
  };
}

/** How old a file in the upload folder must be before a sweep may remove it (no import runs a day). */
export const JOB_FILE_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Removes the files of the upload folder that no queued or running import job names and that
 * are older than {@link JOB_FILE_MAX_AGE_MS}: those whose waiting request's server died (that
 * request removes them otherwise). The age spares a file just moved in for a job not queued
 * yet, and the jobs of another workspace sharing the folder.
 *
 * @returns how many files it removed.
 */
export function sweepJobFiles(ctx: ServiceContext, now = Date.now()): number {
  const folder = ctx.jobFilesFolder;
  if (!folder || !fs.existsSync(folder)) return 0;
  const named = new Set(activeJobsOfKind(ctx.sql, IMPORT_JOB).flatMap((job) => (JSON.parse(job.args) as ImportJobArgs).sources.map((s) => path.resolve(s.path))));
  let removed = 0;
  for (const name of fs.readdirSync(folder)) {
    const file = path.resolve(folder, name);
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile() || named.has(file) || now - stat.mtimeMs < JOB_FILE_MAX_AGE_MS) continue;
      fs.rmSync(file, { force: true });
      removed++;
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}
