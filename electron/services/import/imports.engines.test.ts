import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beginImport, discardImportChunk, publishImport } from '../../../db/queries/imports';
import type { Hold } from '../../../db/writePath';
import type { SqlWrite } from '../../../db/sql/pgWritePath';
import { runAccord } from '../../testing/cliRun';
import { ENGINES, useEngines, type EngineWorkspace } from '../../testing/engines';
import { EXACT_NUMBERS, FORMATS, RELEASES } from '../../testing/fixtures';
import { everyWriteTwice } from '../../testing/writesTwice';
import { startBrowserMode } from '../../transports/http/server';
import type { ServiceContext } from '../context';
import { discardAbandonedImports } from './abandonedImports';
import { importFiles } from './importFiles';

// Imports on both engines (issue 16 part 5): on PostgreSQL the rows go in through COPY, chunk by
// chunk, invisible until the last write publishes them — with the same reports, errors, rows and
// content hashes as on a workspace file.

const engines = useEngines({ beforeAll, afterAll, afterEach });
let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-imports-engines-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A file of `text` in the test's scratch folder. */
function file(name: string, text: string): string {
  const at = path.join(fs.mkdtempSync(path.join(scratch, 'f-')), name);
  fs.writeFileSync(at, text);
  return at;
}

/** An empty workspace on `engine`. */
const empty = (engine: (typeof ENGINES)[number]) => engines.open(engine, []);

const importVia = (ws: EngineWorkspace, paths: string[], options: { dataset?: string; skipInvalid?: boolean } = {}) =>
  ws.api('datasets.import', { sources: paths.map((p) => ({ path: p })), ...options }).then((r) => r.files);

/**
 * Everything an import writes, engine-neutral: rows by content (ids and timestamps left out,
 * items and findings named by dataset and external id), sorted.
 */
function contents(ctx: ServiceContext) {
  const db = ctx.sql;
  const rows = <R>(query: ReturnType<typeof sql<R>>) => db.all(query).map((r) => JSON.stringify(r)).sort();
  return {
    datasets: rows(sql`SELECT name, kind, state FROM datasets`),
    imports: rows(sql`SELECT d.name, m.file_name, m.content_hash, m.format, m.item_count, m.skipped_count, m.state, m.owner FROM imports m JOIN datasets d ON d.id = m.dataset_id`),
    items: rows(
      sql`SELECT d.name, i.external_id, i.kind, i.payload, i.raw_text, i.content_hash, i.metadata, i.metrics, i.source_line, i.error_count, i.warning_count, i.info_count
          FROM items i JOIN datasets d ON d.id = i.dataset_id`,
    ),
    findings: rows(sql`SELECT i.external_id, f.validator, f.severity, f.location, f.message FROM findings f JOIN items i ON i.id = f.item_id`),
    journeys: rows(sql`SELECT d.name, j.graph, j.score, j.conversations FROM journey_coverage j JOIN datasets d ON d.id = j.dataset_id`),
    staging: rows(sql`SELECT external_id FROM import_staging`),
    tasks: rows(sql`SELECT name FROM tasks`),
    labels: rows(sql`SELECT i.external_id, l.value, l.item_hash FROM labels l JOIN items i ON i.id = l.item_id`),
  };
}

/** The context with `hook` run after each write of `label` has committed. */
function afterWrites(ctx: ServiceContext, label: string, hook: () => void): ServiceContext {
  const sqlWrite: SqlWrite = async (fn, options) => {
    const result = await ctx.sqlWrite(fn, options);
    if (options?.label === label) hook();
    return result;
  };
  return { ...ctx, sqlWrite };
}

const plan = (id: string, query = 'Q') => JSON.stringify({ query_id: id, query, plan: { 1: { query: "T2S([], 'x')", depends_on: [] } } });
/** plans.jsonl with q-002's query reworded: the same item, new content. */
const changedPlans = () => fs.readFileSync(path.join(FORMATS, 'plans.jsonl'), 'utf8').replace('"query_id": "q-002", "query": "Why', '"query_id": "q-002", "query": "Really, why');

/** One of every kind of input: each format of fixtures/formats, a release with labels, a folder, and integers beyond 2^53. */
const EVERY_KIND = [
  ...['plans.jsonl', 'plans-generated.csv', 'conversations-chat.jsonl', 'sop-graph.json', 'flowgraph.txt', 'trajectory-events.jsonl'].map((f) => path.join(FORMATS, f)),
  path.join(RELEASES, 'judge-bench-support.json'),
  path.join(RELEASES, 'almita-flowgraphs'),
  ...['conversations.jsonl', 'plans.jsonl', 'graph.json'].map((f) => path.join(EXACT_NUMBERS, f)),
];

describe('an import on both engines', () => {
  it('gives the same report, rows, findings, metrics and content hashes', async () => {
    const [file, server] = [await empty('sqlite'), await empty('postgres')];
    // Exact numbers' files each into a dataset of their own (plans.jsonl and graph.json would
    // otherwise land in the datasets of the formats' namesakes).
    const exact = EVERY_KIND.slice(-3);
    const run = async (ws: EngineWorkspace) => [
      ...(await importVia(ws, EVERY_KIND.slice(0, -3))),
      ...(await Promise.all(exact.map((f) => importVia(ws, [f], { dataset: `exact-${path.basename(f)}` })))).flat(),
    ];
    const onFile = await run(file);
    const onServer = await run(server);
    expect(onFile.filter((f) => f.status !== 'imported')).toEqual([]);
    expect(onServer).toEqual(onFile);
    const [a, b] = [contents(file.ctx), contents(server.ctx)];
    expect(b).toEqual(a);
    // What the comparison covers: findings, generated plans scored against their gold, journey
    // coverage, the task a release's labels make, and ids beyond 2^53 kept digit for digit.
    expect(a.findings.length).toBeGreaterThan(0);
    expect(a.items.some((i) => i.includes('goldFrom'))).toBe(true);
    expect(a.journeys.length).toBeGreaterThan(0);
    expect(a.tasks.length).toBeGreaterThan(0);
    expect(a.items.some((i) => i.includes('"12345678901234567891"'))).toBe(true);
    // And the API reads them back alike.
    const listed = async (ws: EngineWorkspace) => JSON.stringify(await ws.api('datasets.list', {})).replace(/"(createdAt|importedAt)":"[^"]*"/g, '');
    expect(await listed(server)).toEqual(await listed(file));
  });

  it('runs every chunk write twice safely (as PostgreSQL does after a conflict): the same rows', async () => {
    const results = [];
    for (const engine of ENGINES) {
      const ws = await empty(engine);
      const twice = everyWriteTwice(ws.ctx);
      await importFiles(twice, [{ path: path.join(FORMATS, 'plans.jsonl'), displayName: 'plans.jsonl' }]);
      await importFiles(twice, [{ path: file('plans.jsonl', changedPlans()), displayName: 'plans.jsonl' }]);
      await importFiles(twice, [{ path: path.join(FORMATS, 'conversations-chat.jsonl'), displayName: 'c.jsonl' }]);
      results.push(contents(ws.ctx));
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[0].items.length).toBeGreaterThan(0);
    expect(results[0].staging).toEqual([]);
  });
});

describe.each(ENGINES)('on %s', (engine) => {
  it('rejects bad input naming file, line and what is wrong, and leaves the workspace as it was', async () => {
    const ws = await empty(engine);
    await importVia(ws, [path.join(FORMATS, 'plans.jsonl')]);
    const before = contents(ws.ctx);
    const bad = file('broken.jsonl', `${plan('n-1')}\n${plan('n-2')}\n{"query_id": "n-3", "plan": \n`);
    const reimport = file('plans.jsonl', `${changedPlans()}{"query_id": "q-9", \n`);
    const report = await importVia(ws, [bad]);
    expect(report).toEqual([expect.objectContaining({ file: bad, status: 'rejected', imported: 0, errors: [expect.objectContaining({ line: 3, message: expect.any(String) })] })]);
    expect(await importVia(ws, [reimport], { dataset: 'plans' })).toMatchObject([{ status: 'rejected', errors: [{ line: 4 }] }]);
    expect(contents(ws.ctx)).toEqual(before);
  });

  it('skips invalid records with skipInvalid, listing each', async () => {
    const ws = await empty(engine);
    const mixed = file('mixed.jsonl', `${plan('m-1')}\nnot json\n${plan('m-2')}\n${plan('m-1')}\n`);
    const [report] = await importVia(ws, [mixed], { skipInvalid: true });
    expect(report).toMatchObject({ status: 'imported', imported: 2, skipped: 2, errors: [{ line: 2 }, { line: 4, message: expect.stringMatching(/duplicate id "m-1"/) }] });
    expect(contents(ws.ctx).items).toHaveLength(2);
  });

  it('refuses a NUL character (U+0000) in a record\'s id alike, naming the line (PostgreSQL text cannot hold one)', async () => {
    const ws = await empty(engine);
    const nul = file('nul.jsonl', `${plan('n-1')}\n${plan('n\u0000x')}\n`);
    expect(await importVia(ws, [nul])).toMatchObject([{ status: 'rejected', imported: 0, errors: [{ line: 2, message: expect.stringMatching(/NUL character/) }] }]);
    expect(contents(ws.ctx).items).toEqual([]);
    expect(await importVia(ws, [nul], { skipInvalid: true })).toMatchObject([{ status: 'imported', imported: 1, skipped: 1 }]);
  });

  it('makes a re-import of the same content a no-op', async () => {
    const ws = await empty(engine);
    await importVia(ws, [path.join(FORMATS, 'plans.jsonl')]);
    const before = contents(ws.ctx);
    expect(await importVia(ws, [path.join(FORMATS, 'plans.jsonl')])).toMatchObject([{ status: 'unchanged' }]);
    expect(contents(ws.ctx)).toEqual(before);
  });

  it('stages a changed re-import, applies it at once, and reports the labels left on earlier versions', async () => {
    const ws = await empty(engine);
    await importVia(ws, [path.join(FORMATS, 'plans.jsonl')]);
    await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 4 });
    const save = (rater: string, externalId: string, value: string) =>
      ws.api('labels.save', { task: 'quality', itemId: ws.itemId(externalId), question: 'overall_quality', value, secondsSpent: 3 }, rater);
    await save('ana', 'q-001', 'Good');
    await save('ana', 'q-002', 'Bad');
    await save('ben', 'q-002', 'Good');
    const ids = { q1: ws.itemId('q-001'), q2: ws.itemId('q-002') };
    const before = contents(ws.ctx);
    // Nothing of the re-import shows until its last write: after each chunk, the rows are as before.
    const seen: unknown[] = [];
    const watched = afterWrites(ws.ctx, 'import chunk', () => seen.push(contents(ws.ctx).items));
    const changed = file('plans.jsonl', `${changedPlans()}${plan('q-new')}\n`);
    const [report] = (await importFiles(watched, [{ path: changed, displayName: 'plans.jsonl' }], { dataset: 'plans' })).files;
    expect(report).toMatchObject({
      status: 'imported',
      changedLabelled: { items: 1, labels: 2, byRater: [{ rater: 'ana', kind: 'human', labels: 1 }, { rater: 'ben', kind: 'human', labels: 1 }] },
    });
    expect(seen).toEqual([before.items]);
    // The changed item kept its id (its labels hang on it), its findings replaced, not doubled.
    expect({ q1: ws.itemId('q-001'), q2: ws.itemId('q-002') }).toEqual(ids);
    const after = contents(ws.ctx);
    expect(after.items.find((i) => i.includes('"q-002"'))).toContain('Really, why');
    expect(after.items).toHaveLength(before.items.length + 1);
    const findingsOf = (c: ReturnType<typeof contents>, id: string) => c.findings.filter((f) => f.startsWith(`{"external_id":"${id}"`));
    expect(findingsOf(after, 'q-002')).toEqual(findingsOf(before, 'q-002'));
    expect(after.staging).toEqual([]);
    const flags = await ws.api('labels.list', { task: 'quality', itemId: ids.q2 }, 'ana');
    expect(flags.own.map((l) => [l.value, l.earlierVersion])).toEqual([['Bad', true]]);
  });

  it('leaves nothing when cancelled after a chunk committed, for a new dataset and a re-import', async () => {
    const ws = await empty(engine);
    await importVia(ws, [path.join(FORMATS, 'plans.jsonl')]);
    const before = contents(ws.ctx);
    for (const [dataset, text] of [
      ['plans', `${changedPlans()}${plan('q-new')}\n`],
      ['fresh', `${plan('z-1')}\n${plan('z-2')}\n`],
    ]) {
      let committed = 0;
      const watched = afterWrites(ws.ctx, 'import chunk', () => {
        committed = Number(ws.ctx.sql.one(sql<{ n: number }>`SELECT (SELECT count(*) FROM items) + (SELECT count(*) FROM import_staging) AS n`)!.n);
        ws.ctx.jobs.cancel(`cancel-${dataset}`);
      });
      const [report] = (await importFiles(watched, [{ path: file(`${dataset}.jsonl`, text), displayName: `${dataset}.jsonl` }], { dataset, jobId: `cancel-${dataset}` })).files;
      expect(report).toMatchObject({ status: 'rejected', errors: [{ message: 'cancelled' }] });
      expect(committed).toBeGreaterThan(before.items.length);
      expect(contents(ws.ctx)).toEqual(before);
    }
  });

  it('gives up an import that another process discarded as abandoned meanwhile, saying so, and leaves nothing', async () => {
    const ws = await empty(engine);
    await importVia(ws, [path.join(FORMATS, 'plans.jsonl')]);
    const before = contents(ws.ctx);
    // After the first chunk, the import looks as another process leaves one it took over.
    const watched = afterWrites(ws.ctx, 'import chunk', () => {
      void ws.ctx.sqlWrite((db) => db.run(db.q.updateTable('imports').set({ owner: 'elsewhere 42' }).where('state', '=', 'importing')));
    });
    const [report] = (await importFiles(watched, [{ path: file('fresh.jsonl', `${plan('f-1')}\n`), displayName: 'fresh.jsonl' }])).files;
    expect(report).toMatchObject({ status: 'rejected', errors: [{ message: expect.stringMatching(/given up as abandoned by another Accord process/) }] });
    expect(contents(ws.ctx)).toEqual(before);
  });

  it('leaves an import alone that was published after it was found abandoned; a discard once begun refuses its owner\'s publish', async () => {
    const ws = await empty(engine);
    const begin = (name: string, ids: string[]) =>
      ws.ctx.sqlWrite((db) => {
        const begun = beginImport(db, { datasetName: name, kind: 'plan', fileName: `${name}.jsonl`, contentHash: name, format: 'plans-jsonl' });
        if (begun.status !== 'begun') throw new Error(begun.status);
        for (const id of ids) db.run(sql`INSERT INTO items (dataset_id, external_id, kind, payload, content_hash, import_id, created_at, updated_at) VALUES (${begun.datasetId}, ${id}, 'plan', '{}', 'h', ${begun.importId}, 'now', 'now')`);
        return begun;
      });
    const itemsOf = (name: string) => contents(ws.ctx).items.filter((i) => i.includes(`"name":"${name}"`)).length;
    // Listed as abandoned by a server, then published by its slow owner before the discard's write.
    const late = await begin('late', ['l-1', 'l-2']);
    await ws.ctx.sqlWrite((db) => publishImport(db, late.importId, late.datasetId, { imported: 2, skipped: 0 }));
    expect(await ws.ctx.sqlWrite((db, hold) => discardImportChunk(db, late.importId, hold))).toBe(true);
    expect(itemsOf('late')).toBe(2);
    // A discard that has written one chunk (its budget spent): the owner may no longer publish what is left.
    const half = await begin('half', ['h-1', 'h-2']);
    const spent: Hold = { elapsedMs: () => Infinity, overBudget: () => true };
    expect(await ws.ctx.sqlWrite((db) => discardImportChunk(db, half.importId, spent))).toBe(false);
    await expect(ws.ctx.sqlWrite((db) => publishImport(db, half.importId, half.datasetId, { imported: 2, skipped: 0 }))).rejects.toThrow(/abandoned/);
    expect(await ws.ctx.sqlWrite((db, hold) => discardImportChunk(db, half.importId, hold))).toBe(true);
    expect(contents(ws.ctx).datasets).toEqual(['{"name":"late","kind":"plan","state":"ready"}']);
  });

  it('discards an import whose process died, when the workspace is next opened', async () => {
    const ws = await empty(engine);
    await importVia(ws, [path.join(FORMATS, 'plans.jsonl')]);
    const before = contents(ws.ctx);
    // An import begun by a process on another host that went silent an hour ago, one chunk written.
    await ws.ctx.sqlWrite((db) => {
      const begun = beginImport(db, { datasetName: 'orphan', kind: 'plan', fileName: 'o.jsonl', contentHash: 'h', format: 'plans-jsonl' });
      if (begun.status !== 'begun') throw new Error(begun.status);
      const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
      db.run(db.q.updateTable('imports').set({ owner: 'elsewhere 42', heartbeat_at: hourAgo }).where('id', '=', begun.importId));
      db.run(sql`INSERT INTO items (dataset_id, external_id, kind, payload, content_hash, import_id, created_at, updated_at) VALUES (${begun.datasetId}, 'o-1', 'plan', '{}', 'h', ${begun.importId}, 'now', 'now')`);
    });
    expect(contents(ws.ctx)).not.toEqual(before);
    if (engine === 'postgres') {
      // Another server opening the database finds it and discards it.
      await ws.anotherServer();
    } else {
      expect(await discardAbandonedImports(ws.ctx)).toBe(1);
    }
    expect(contents(ws.ctx)).toEqual(before);
    // A live import (heard of just now) is left alone.
    await ws.ctx.sqlWrite((db) => beginImport(db, { datasetName: 'live', kind: 'plan', fileName: 'l.jsonl', contentHash: 'h', format: 'plans-jsonl' }));
    expect(await discardAbandonedImports(ws.ctx)).toBe(0);
  });

  it('keeps an integer beyond 2^53 exactly, through the API too', async () => {
    const ws = await empty(engine);
    const [report] = await importVia(ws, [path.join(EXACT_NUMBERS, 'plans.jsonl')]);
    expect(report).toMatchObject({ status: 'imported' });
    const id = ws.itemId('12345678901234567893');
    const item = await ws.api('items.get', { id });
    expect(item.externalId).toBe('12345678901234567893');
    expect(item.metadata).toMatchObject({ account: '12345678901234567891', query_id: '12345678901234567893' });
    expect(JSON.stringify(item.payload)).toContain('"numbersAsWritten":["12345678901234567893","12345678901234567891"]');
  });
});

describe('an import through a team server on PostgreSQL (accord serve --team --database)', () => {
  it('takes an uploaded file from a lead and imports it, as on a file', async () => {
    const ws = await empty('postgres');
    await ws.api('annotators.upsert', { name: 'lea', role: 'lead' });
    const { token } = await ws.api('invites.create', { person: 'lea' });
    const server = await startBrowserMode({ workspacePath: ws.ctx.workspacePath, port: 0, team: {}, staticDir: import.meta.dirname });
    try {
      const bearer = { authorization: `Bearer ${token}` };
      const upload = await fetch(`${server.baseUrl}api/upload?name=plans.jsonl`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/octet-stream' },
        body: fs.readFileSync(path.join(FORMATS, 'plans.jsonl')),
      });
      const { value } = (await upload.json()) as { value: { uploadId: string } };
      const reply = await fetch(`${server.baseUrl}api/call/datasets.import`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ sources: [{ uploadId: value.uploadId, name: 'plans.jsonl' }] }),
      });
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({ ok: true, value: { files: [{ file: 'plans.jsonl', status: 'imported', imported: 3, dataset: 'plans' }] } });
    } finally {
      await server.close();
    }
    expect((await ws.api('datasets.list', {})).map((d) => [d.name, d.itemCount])).toEqual([['plans', 3]]);
  });
});

describe('accord import -w postgres://…', () => {
  it('imports into a PostgreSQL workspace as into a file, printing the same lines', async () => {
    // The session's workspacePath is the URL as printable; the test cluster's URLs carry no password.
    const url = (await empty('postgres')).ctx.workspacePath;
    const files = [path.join(FORMATS, 'plans.jsonl'), path.join(FORMATS, 'conversations-chat.jsonl')];
    const onFile = await runAccord(['import', ...files, '-w', path.join(scratch, 'cli.accord')]);
    const onServer = await runAccord(['import', ...files, '-w', url]);
    // stderr shows progress only when an import takes over a second (a loaded machine): not compared.
    expect({ code: onServer.code, stdout: onServer.stdout }).toEqual({ code: onFile.code, stdout: onFile.stdout });
    expect(onServer).toMatchObject({ code: 0, stdout: expect.stringMatching(/plans\.jsonl/) });
    expect(onServer.stderr).not.toMatch(/error|PostgreSQL|refused/i);
    expect((await runAccord(['import', files[0], '-w', url])).stdout).toMatch(/nothing changed/);
    const listed = JSON.parse((await runAccord(['items', '-w', url, '--json'])).stdout) as unknown[];
    expect(listed.length).toBeGreaterThan(0);
  });
});
