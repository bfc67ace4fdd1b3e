import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { dumpWorkspace, tempSession } from '../../testing/tempWorkspace';
import { importFiles } from './importFiles';
import { parsedEvents, parseFileInWorker, parseInWorkerOrHere, runningParseWorkers, startParseWorker } from './parseInWorker';
import type { ParseEvent } from './preparedItems';
import { parseWorkerUrl, unpacked } from './workerCode';

// Big files are parsed in a worker thread; ACCORD_IMPORT_WORKER=1 forces that path on small
// files so it is held to the same results as the in-process one.
const files = ['plans.jsonl', 'plans-generated.csv', 'conversations-chat.jsonl', 'trajectory-events.jsonl'];
const sources = files.map((name) => ({ path: path.join(FORMATS, name), displayName: name }));
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
  it('starts the worker from a bundle of the sources, without tsx of its own (memory)', async () => {
    expect((await parseWorkerUrl())?.protocol).toBe('data:');
  });

  it('gives the same workspace as parsing in-process', async () => {
    process.env.ACCORD_IMPORT_WORKER = '0';
    const inProcess = await importFiles(sessions[0].ctx, sources);
    process.env.ACCORD_IMPORT_WORKER = '1';
    const inWorker = await importFiles(sessions[1].ctx, sources);
    expect(inWorker).toEqual(inProcess);
    expect(withoutTimes(dumpWorkspace(sessions[1].db))).toEqual(withoutTimes(dumpWorkspace(sessions[0].db)));
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

  it('gives the same workspace for a file of many batches with broken, id-less and repeated records', async () => {
    // 1,000 records over many batches: blank lines, broken lines, records without an id (named
    // by their position in the file) and a duplicate id, all of which must land as in-process.
    const lines: string[] = [];
    for (let i = 1; i <= 1000; i++) {
      if (i % 97 === 0) lines.push('{"id": broken');
      else if (i % 13 === 0) lines.push(JSON.stringify({ messages: [{ role: 'user', content: `no id ${i}` }] }));
      else lines.push(JSON.stringify({ id: i === 500 ? 'c-1' : `c-${i}`, graph: `g${i % 3}`, messages: [{ role: 'user', content: `hello ${i}` }] }));
      if (i % 50 === 0) lines.push('');
    }
    const text = `${lines.join('\n')}\n`;
    const run = async (session: ReturnType<typeof tempSession>, worker: string) => {
      process.env.ACCORD_IMPORT_WORKER = worker;
      const file = session.file('many.jsonl', text);
      const report = await importFiles(session.ctx, [{ path: file, displayName: 'many.jsonl' }], { skipInvalid: true });
      return { report, dump: withoutTimes(dumpWorkspace(session.db)) };
    };
    const inProcess = await run(sessions[0], '0');
    expect(inProcess.report.files[0]).toMatchObject({ status: 'imported', skipped: 11 });
    // Record i sits on line i + (blank lines before it); record 500 repeats c-1.
    const lineOf = (record: number) => record + Math.floor((record - 1) / 50);
    expect(inProcess.report.files[0].errors.map((e) => e.line)).toEqual([97, 194, 291, 388, 485, 500, 582, 679, 776, 873, 970].map(lineOf));
    const ids = sessions[0].db.prepare("SELECT external_id FROM items WHERE external_id LIKE 'many-%' ORDER BY id").pluck().all();
    expect(ids.slice(0, 3)).toEqual(['many-13', 'many-26', 'many-39']);
    const inWorker = await run(sessions[1], '1');
    expect(inWorker.report).toEqual(inProcess.report);
    expect(inWorker.dump).toEqual(inProcess.dump);
  });
});

describe('a worker started before the import begins (while the file is hashed)', () => {
  const MB = 1024 * 1024;

  it('parses ahead up to its head start before any of its events is read, and no further', async () => {
    // ~6.5 MB of conversations of ~2 KB: the two batches a worker may send ahead are ~260 KB.
    const filler = 'x'.repeat(2000);
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ id: `c-${i}`, messages: [{ role: 'user', content: filler }] }));
    const file = sessions[0].file('ahead.jsonl', `${lines.join('\n')}\n`);
    const job = { file, framing: 'jsonl' as const, formatId: 'conversations-chat-jsonl', fileName: 'ahead.jsonl', shareParsing: false, headStartBytes: 2 * MB };
    const worker = startParseWorker((await parseWorkerUrl())!, job, {});
    try {
      // The worker says how far it has read per MB of the file.
      await vi.waitFor(() => expect(worker.bytesRead).toBeGreaterThanOrEqual(2 * MB), { timeout: 30_000, interval: 20 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(worker.bytesRead).toBeLessThanOrEqual(3 * MB);
      let items = 0;
      for await (const event of parsedEvents(worker)) if (event.type === 'items') items += event.items.length;
      expect(items).toBe(3000);
    } finally {
      await worker.close();
    }
    expect(runningParseWorkers()).toBe(0);
  });

  it('is stopped when the import has nothing to write: the same file again, a dataset of another kind', async () => {
    process.env.ACCORD_IMPORT_WORKER = '1';
    const ws = sessions[0];
    const conversations = { path: path.join(FORMATS, 'conversations-chat.jsonl'), displayName: 'conversations-chat.jsonl' };
    expect((await importFiles(ws.ctx, [conversations])).files[0].status).toBe('imported');
    expect(runningParseWorkers()).toBe(0);
    expect((await importFiles(ws.ctx, [conversations])).files[0].status).toBe('unchanged');
    expect(runningParseWorkers()).toBe(0);
    const plans = { path: path.join(FORMATS, 'plans.jsonl'), displayName: 'plans.jsonl' };
    expect((await importFiles(ws.ctx, [plans], { dataset: 'conversations-chat' })).files[0]).toMatchObject({ status: 'rejected', errors: [{ message: expect.stringMatching(/holds conversations/) }] });
    expect(runningParseWorkers()).toBe(0);
  });
});

describe('a worker that cannot start', () => {
  const job = { file: path.join(FORMATS, 'conversations-chat.jsonl'), framing: 'jsonl' as const, formatId: 'conversations-chat-jsonl', fileName: 'c.jsonl', shareParsing: false };
  const code = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);
  async function* here(): AsyncGenerator<ParseEvent> {
    yield { type: 'items', items: [] };
  }
  const collect = async (events: AsyncGenerator<ParseEvent>) => {
    const all: ParseEvent[] = [];
    for await (const event of events) all.push(event);
    return all;
  };

  it('hands the file to the importing thread, saying why on stderr', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const events = await collect(parseInWorkerOrHere(parseFileInWorker(code("throw new Error('no code here')"), job, {}), here));
      expect(events).toEqual([{ type: 'items', items: [] }]);
      expect(warn).toHaveBeenCalledWith('the import worker could not start (no code here); parsing in the importing thread instead');
    } finally {
      warn.mockRestore();
    }
  });

  it('but a worker that fails after it started fails the import (it may have sent items already)', async () => {
    const source = "import { parentPort } from 'node:worker_threads'; parentPort.postMessage({ type: 'bytes', bytes: 1 }); setTimeout(() => { throw new Error('mid-way'); }, 50);";
    await expect(collect(parseInWorkerOrHere(parseFileInWorker(code(source), job, {}), here))).rejects.toThrow('mid-way');
  });

  it('is started from the unpacked copy when the app is in an asar archive', () => {
    expect(unpacked(path.join('/opt', 'Accord', 'resources', 'app.asar', 'electron', 'parseWorker.cjs'))).toBe(
      path.join('/opt', 'Accord', 'resources', 'app.asar.unpacked', 'electron', 'parseWorker.cjs'),
    );
    expect(unpacked('/home/me/accord/dist/electron/parseWorker.cjs')).toBe('/home/me/accord/dist/electron/parseWorker.cjs');
  });
});
