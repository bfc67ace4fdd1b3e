import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancelJob, insertJob, jobById } from '../../db/queries/jobs';
import { beginImport } from '../../db/queries/imports';
import { ENGINES, useEngines } from '../testing/engines';
import { RELEASES } from '../testing/fixtures';
import { plansJsonl } from '../testing/judgeFixtures';
import type { ServiceContext } from './context';
import { dispatch } from './dispatch';
import { JobRunner } from './jobLeases';
import { importJob, IMPORT_JOB, JOB_FILE_MAX_AGE_MS, sweepJobFiles } from './leasedImports';

// Imports as leased jobs on a team server (issue 16, "stateless servers"), on both engines:
// datasets.import moves the file into the team's upload folder, queues the job and answers with
// the report once a server's runner has run it; a server taking over an import job discards what
// the holder before it left half written, then imports the file once. (The SIGKILL of a real
// server mid-import: electron/cli/teamImportJob.heavy.test.ts.)

const engines = useEngines({ beforeAll, afterAll, afterEach });
let scratch: string;
const runners: JobRunner[] = [];
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-leased-imports-'));
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A team server's context: imports are queued, their files moved into `folder`. */
const teamServer = (ctx: ServiceContext, folder: string): ServiceContext => Object.assign(ctx, { leasedJobs: true, jobFilesFolder: folder });

function startRunner(ctx: ServiceContext, serverId: string): void {
  const runner = new JobRunner(ctx, { [IMPORT_JOB]: importJob(ctx) }, { serverId, leaseMs: 600, pollMs: 20 });
  runners.push(runner);
  runner.start();
}

function plansFile(count: number): string {
  const dir = fs.mkdtempSync(path.join(scratch, 'upload-'));
  const file = path.join(dir, 'plans.jsonl');
  fs.writeFileSync(file, plansJsonl(count));
  return file;
}

const count = (ctx: ServiceContext, table: 'items' | 'datasets' | 'imports') => ctx.sql.one(ctx.sql.q.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')))!.n;

describe.each(ENGINES)('imports as leased jobs on %s', (engine) => {
  it('are queued by datasets.import, run by a server, and answered with the report; the moved file goes once done', async () => {
    const ws = await engines.open(engine, []);
    const folder = fs.mkdtempSync(path.join(scratch, 'shared-'));
    const a = teamServer(ws.ctx, folder);
    startRunner(teamServer(await ws.anotherServer(), folder), 'b');
    const upload = plansFile(25);
    const reply = await dispatch(a, 'datasets.import', { sources: [{ path: upload }], dataset: 'plans' }, { owner: true });
    expect(reply).toMatchObject({ ok: true, value: { files: [{ status: 'imported', imported: 25, dataset: 'plans' }] } });
    expect(jobById(a.sql, 1)).toMatchObject({ kind: IMPORT_JOB, state: 'done', attempts: 1 });
    expect(count(a, 'items')).toBe(25);
    // The file moved into the shared folder for the job, and is removed once the job has ended.
    expect(fs.existsSync(upload)).toBe(false);
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('import as the lead who asked: a release carrying its raters\' labels gets its task (the server itself names nobody)', async () => {
    const ws = await engines.open(engine, []);
    const folder = fs.mkdtempSync(path.join(scratch, 'shared-'));
    const a = teamServer(ws.ctx, folder);
    startRunner(teamServer(await ws.anotherServer(), folder), 'b');
    const upload = path.join(fs.mkdtempSync(path.join(scratch, 'upload-')), 'judge-bench-support.json');
    fs.copyFileSync(path.join(RELEASES, 'judge-bench-support.json'), upload);
    const reply = await dispatch(a, 'datasets.import', { sources: [{ path: upload }] }, { owner: true });
    // Run as the server's own nobody, the labels were refused after the dataset was published.
    expect(reply).toMatchObject({ ok: true, value: { files: [{ status: 'imported', imported: 6, task: { raters: 3, labels: 34 } }] } });
  });

  it('taken over, discard the half-written import of the server before, then import every record once', async () => {
    const ws = await engines.open(engine, []);
    const folder = fs.mkdtempSync(path.join(scratch, 'shared-'));
    const file = path.join(folder, 'left-by-a-plans.jsonl');
    fs.copyFileSync(plansFile(30), file);
    // What a server that died mid-import leaves: its import begun (hidden dataset, some rows), and the job naming it as importer.
    const deadImporter = 'another-host 4242';
    await ws.ctx.sqlWrite((db) => {
      const begun = beginImport(db, { datasetName: 'plans', kind: 'plan', fileName: 'plans.jsonl', contentHash: 'whatever', format: 'plans-jsonl' });
      if (begun.status !== 'begun') throw new Error(begun.status);
      db.run(db.q.updateTable('imports').set({ owner: deadImporter }).where('id', '=', begun.importId));
      db.run(
        db.q
          .insertInto('items')
          .values({ dataset_id: begun.datasetId, external_id: 'q-0001', kind: 'plan', payload: '{}', content_hash: 'x', import_id: begun.importId, created_at: 'now', updated_at: 'now' }),
      );
      insertJob(db, { kind: IMPORT_JOB, args: { sources: [{ path: file, displayName: 'plans.jsonl' }], options: { dataset: 'plans' }, jobId: null, importers: [deadImporter] }, createdBy: null, at: Date.now() });
    });
    expect(ws.ctx.sql.all(ws.ctx.sql.q.selectFrom('datasets').select(['name', 'state']))).toEqual([{ name: 'plans', state: 'importing' }]);

    startRunner(await ws.anotherServer(), 'b');
    const job = () => jobById(ws.ctx.sql, 1)!;
    while (job().state === 'queued' || job().state === 'running') await new Promise((r) => setTimeout(r, 20));
    expect(job()).toMatchObject({ state: 'done', error: null });
    expect(JSON.parse(job().result!)).toMatchObject({ files: [{ status: 'imported', imported: 30 }] });
    expect(ws.ctx.sql.all(ws.ctx.sql.q.selectFrom('datasets').select(['name', 'state']))).toEqual([{ name: 'plans', state: 'ready' }]);
    expect(ws.ctx.sql.all(ws.ctx.sql.q.selectFrom('imports').select(['state', 'item_count', 'owner']))).toEqual([{ state: 'done', item_count: 30, owner: null }]);
    expect(count(ws.ctx, 'items')).toBe(30);
    const ids = ws.ctx.sql.all(ws.ctx.sql.q.selectFrom('items').select('external_id')).map((r) => r.external_id);
    expect(new Set(ids).size).toBe(30);
  });

  it('are cancelled by progress id through any server: the waiting request says so and nothing is imported', async () => {
    const ws = await engines.open(engine, []);
    const folder = fs.mkdtempSync(path.join(scratch, 'shared-'));
    const a = teamServer(ws.ctx, folder);
    const b = teamServer(await ws.anotherServer(), folder);
    // No runner yet: the job waits in the queue.
    const waiting = dispatch(a, 'datasets.import', { sources: [{ path: plansFile(5) }], dataset: 'plans', jobId: 'import-1' }, { owner: true });
    while (jobById(a.sql, 1)?.state !== 'queued') await new Promise((r) => setTimeout(r, 10));
    expect(await dispatch(b, 'jobs.cancel', { jobId: 'import-1' }, { owner: true })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'conflict', message: 'the import was cancelled' } });
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'cancelled' });
    expect(count(a, 'items')).toBe(0);
    expect(fs.readdirSync(folder)).toEqual([]);
    // An id no job carries cancels nothing.
    expect(await dispatch(b, 'jobs.cancel', { jobId: 'import-2' }, { owner: true })).toEqual({ ok: true, value: { cancelled: false } });
  });

  it('cancelled after the import was published, answer with the report rather than say nothing was imported', async () => {
    const ws = await engines.open(engine, []);
    const folder = fs.mkdtempSync(path.join(scratch, 'shared-'));
    const a = teamServer(ws.ctx, folder);
    const b = teamServer(await ws.anotherServer(), folder);
    // The cancel lands between the publish write and the job's report.
    const cancelAfterPublish: ServiceContext = {
      ...b,
      sqlWrite: async (fn, options) => {
        const result = await b.sqlWrite(fn, options);
        if (options?.label === 'publish import') await b.sqlWrite((db) => cancelJob(db, 1, Date.now()));
        return result;
      },
    };
    startRunner(cancelAfterPublish, 'b');
    const reply = await dispatch(a, 'datasets.import', { sources: [{ path: plansFile(5) }], dataset: 'plans', jobId: 'import-1' }, { owner: true });
    expect(count(a, 'items')).toBe(5);
    expect(reply).toMatchObject({ ok: true, value: { files: [{ status: 'imported', imported: 5 }] } });
    expect(jobById(a.sql, 1)).toMatchObject({ state: 'cancelled' });
  });

  it('sweep from the upload folder only old files no waiting job names', async () => {
    const ws = await engines.open(engine, []);
    const folder = fs.mkdtempSync(path.join(scratch, 'shared-'));
    const ctx = teamServer(ws.ctx, folder);
    const old = (Date.now() - JOB_FILE_MAX_AGE_MS - 60_000) / 1000;
    const put = (name: string, aged: boolean) => {
      const file = path.join(folder, name);
      fs.writeFileSync(file, '{}');
      if (aged) fs.utimesSync(file, old, old);
      return file;
    };
    put('orphan.jsonl', true);
    const waiting = put('waiting.jsonl', true);
    put('fresh.jsonl', false);
    await ws.ctx.sqlWrite((db) => insertJob(db, { kind: IMPORT_JOB, args: { sources: [{ path: waiting, displayName: 'w.jsonl' }], options: {}, jobId: null, importers: [] }, createdBy: null, at: Date.now() }));
    expect(sweepJobFiles(ctx)).toBe(1);
    expect(fs.readdirSync(folder).sort()).toEqual(['fresh.jsonl', 'waiting.jsonl']);
  });
});
