import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dumpWorkspace, SHARED_FORMATS, tempSession } from '../testing/tempWorkspace';
import { importFiles } from './importFiles';

// Big files are parsed in a worker thread; ACCORD_IMPORT_WORKER=1 forces that path on small
// files so it is held to the same results as the in-process one.
const files = ['plans.jsonl', 'plans-generated.csv', 'conversations-chat.jsonl', 'trajectory-events.jsonl'];
const sources = files.map((name) => ({ path: path.join(SHARED_FORMATS, name), displayName: name }));
let sessions: ReturnType<typeof tempSession>[] = [];
beforeEach(() => {
  sessions = [tempSession(), tempSession()];
});
afterEach(() => {
  delete process.env.ACCORD_IMPORT_WORKER;
  for (const s of sessions) s.dispose();
});

const withoutTimes = (dump: Record<string, unknown[]>) =>
  JSON.parse(JSON.stringify(dump).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, 'T'));

describe('parsing in a worker thread', () => {
  it('gives the same workspace as parsing in-process', async () => {
    process.env.ACCORD_IMPORT_WORKER = '0';
    const inProcess = await importFiles(sessions[0].ctx, sources);
    process.env.ACCORD_IMPORT_WORKER = '1';
    const inWorker = await importFiles(sessions[1].ctx, sources);
    expect(inWorker).toEqual(inProcess);
    expect(withoutTimes(dumpWorkspace(sessions[1].ctx.db))).toEqual(withoutTimes(dumpWorkspace(sessions[0].ctx.db)));
  });

  it('reports bad records and broken files with their lines, and skips with --skip-invalid', async () => {
    process.env.ACCORD_IMPORT_WORKER = '1';
    const ws = sessions[0];
    const line = (id: string) => JSON.stringify({ id, messages: [{ role: 'user', content: 'hi' }] });
    const mixed = ws.file('mixed.jsonl', `${line('a')}\nnot json\n${line('b')}\n${line('a')}\n`);
    const rejected = (await importFiles(ws.ctx, [{ path: mixed, displayName: 'mixed.jsonl' }])).files[0];
    expect(rejected).toMatchObject({ status: 'rejected', errors: [{ line: 2 }] });
    const skipped = (await importFiles(ws.ctx, [{ path: mixed, displayName: 'mixed.jsonl' }], { skipInvalid: true })).files[0];
    expect(skipped).toMatchObject({ status: 'imported', imported: 2, skipped: 2 });
    expect(skipped.errors.map((e) => e.line)).toEqual([2, 4]);
    const csv = ws.file('broken.csv', 'query_id,llm,prompt_type,plan\nq-1,m,p,"{oops\n');
    const broken = (await importFiles(ws.ctx, [{ path: csv, displayName: 'broken.csv' }])).files[0];
    expect(broken.status).toBe('rejected');
    expect(broken.errors[0].message).toMatch(/malformed CSV/);
  });
});
