import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dumpWorkspace, tempSession } from '../../testing/tempWorkspace';
import { importFiles, type ImportOptions } from './importFiles';

// Issue 15 parts 4 and 6, small and fast: each hostile file is rejected on its own with a message
// naming the file, the line and what is wrong, the workspace exactly as before, the others still
// imported. The same categories at full size, timed and measured: hostileFiles.heavy.test.ts.
let ws: ReturnType<typeof tempSession>;
let before: Record<string, unknown[]>;
beforeEach(() => {
  ws = tempSession();
  before = dumpWorkspace(ws.db);
});
afterEach(() => {
  vi.restoreAllMocks();
  ws.dispose();
});

const planLine = (id: string) => JSON.stringify({ query_id: id, query: 'Q', plan: { 1: { query: "T2S([], 'x')", depends_on: [] } } });
const goodFile = () => ws.file('good.jsonl', `${planLine('g-1')}\n`);

/** Imports `bad` beside a good file: `bad` is rejected with one error, the good one imported, nothing else written. */
async function rejectedBeside(bad: string | Buffer, displayName: string, options: ImportOptions = {}) {
  const report = await importFiles(ws.ctx, [{ path: bad as string, displayName }, { path: goodFile(), displayName: 'good.jsonl' }], options);
  const [rejected, good] = report.files;
  expect(rejected.status).toBe('rejected');
  expect(rejected.imported).toBe(0);
  expect(rejected.errors).toHaveLength(1);
  expect(rejected.errors[0].message).not.toMatch(/internal error/);
  expect(good).toMatchObject({ status: 'imported', imported: 1 });
  // Only the good file's dataset came in.
  const datasets = ws.db.prepare('SELECT name FROM datasets').pluck().all();
  expect(datasets).toEqual(['good']);
  return rejected;
}

describe('CSV shapes', () => {
  it('an unquoted quote at line 3 says so, with the line, not "internal error"', async () => {
    const file = ws.file('quote.csv', `query_id,llm,prompt_type,plan\nq-1,m,p,"{}"\nq-2,m,p,{"a"}\n`);
    const report = await rejectedBeside(file, 'quote.csv');
    expect(report.errors[0]).toMatchObject({ line: 3 });
    expect(report.errors[0].message).toMatch(/malformed CSV \(field 4\): a quote \("\) inside a field that does not start with one/);
  });

  it('a header with more columns than the limit is refused naming the limit', async () => {
    const header = Array.from({ length: 30 }, (_, i) => `c${i}`).join(',');
    const file = ws.file('wide.csv', `${header}\n${header}\n`);
    const report = await rejectedBeside(file, 'wide.csv', { limits: { maxColumns: 20 } });
    expect(report.errors[0]).toMatchObject({ line: 1, message: 'the header has more than 20 columns, the limit (--max-columns)' });
  });

  it('a row longer than the record limit is refused naming the line where it starts', async () => {
    const file = ws.file('long.csv', `query_id,llm,prompt_type,plan\nq-1,m,p,"{}"\nq-2,m,p,"${'x\n'.repeat(2500)}"\nq-3,m,p,"{}"\n`);
    const report = await rejectedBeside(file, 'long.csv', { limits: { maxRecordBytes: 1024 } });
    expect(report.errors[0]).toMatchObject({ line: 3 });
    expect(report.errors[0].message).toMatch(/the row is longer than the limit of 1 KB per record \(--max-record-bytes\)/);
  });
});

describe('CSV quotes', () => {
  it('a quote that never closes names the line where its row starts', async () => {
    const file = ws.file('open.csv', `query_id,llm,prompt_type,plan\nq-1,m,p,"{}"\nq-2,m,p,"{\n${'line\n'.repeat(50)}`);
    const report = await rejectedBeside(file, 'open.csv');
    expect(report.errors[0]).toMatchObject({ line: 3, message: 'malformed CSV: a quoted field is never closed (the file ends inside it)' });
  });
});

describe('sizes', () => {
  it('a JSONL line over the record limit is refused naming the line, or skipped with --skip-invalid', async () => {
    const text = `${planLine('s-1')}\n${JSON.stringify({ query_id: 's-2', query: 'x'.repeat(4000) })}\n${planLine('s-3')}\n`;
    const report = await rejectedBeside(ws.file('long.jsonl', text), 'long.jsonl', { limits: { maxRecordBytes: 2048 } });
    expect(report.errors[0]).toMatchObject({ line: 2, message: 'the line is 3.9 KB, over the limit of 2 KB per record (--max-record-bytes); it was not read' });

    const skipped = (await importFiles(ws.ctx, [{ path: ws.file('long2.jsonl', text), displayName: 'long2.jsonl' }], { limits: { maxRecordBytes: 2048 }, skipInvalid: true })).files[0];
    expect(skipped).toMatchObject({ status: 'imported', imported: 2, skipped: 1, errors: [{ line: 2 }] });
  });

  it('a first line over the limit does not stop --skip-invalid from reading the rest', async () => {
    const text = `${JSON.stringify({ query_id: 's-0', query: 'x'.repeat(4000) })}\n${planLine('s-1')}\n`;
    const report = (await importFiles(ws.ctx, [{ path: ws.file('first.jsonl', text), displayName: 'first.jsonl' }], { limits: { maxRecordBytes: 2048 }, skipInvalid: true })).files[0];
    expect(report).toMatchObject({ status: 'imported', imported: 1, skipped: 1, format: 'plans-jsonl' });
  });

  it('a JSON document over the document limit is refused before it is read', async () => {
    const file = ws.file('doc.json', JSON.stringify({ title: 't', nodes: [], edges: [], pad: 'x'.repeat(3000) }));
    const report = await rejectedBeside(file, 'doc.json', { limits: { maxDocumentBytes: 1024 } });
    expect(report.errors[0].message).toBe('the file is read whole, and it is larger than the limit of 1 KB (--max-document-bytes); split it, or use JSONL, which is read record by record');
  });
});

describe('file-system oddities', () => {
  it('a directory with no file to import is its own rejection (a folder imports as its files)', async () => {
    const folder = path.join(ws.dir, 'folder.jsonl');
    fs.mkdirSync(folder);
    expect((await rejectedBeside(folder, 'folder.jsonl')).errors[0].message).toBe('the folder holds no file to import (.txt, .json, .jsonl, .ndjson, .csv)');
  });

  it('a FIFO with no writer is rejected at once, never opened (an open would wait forever)', async () => {
    const fifo = path.join(ws.dir, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    expect((await rejectedBeside(fifo, 'pipe.jsonl')).errors[0].message).toMatch(/^is a named pipe \(FIFO\), not a regular file/);
  });

  it('a device is its own rejection', async () => {
    expect((await rejectedBeside('/dev/null', '/dev/null')).errors[0].message).toBe('is a device, not a regular file');
  });

  it('a missing file is its own rejection', async () => {
    expect((await rejectedBeside(path.join(ws.dir, 'gone.jsonl'), 'gone.jsonl')).errors[0].message).toBe('no such file');
  });

  it('an unreadable file (EACCES) is its own rejection; the others still import', async () => {
    // Tests run as root, for whom chmod 000 does not stop a read: the error is injected where
    // the import first opens the file.
    const locked = ws.file('locked.jsonl', `${planLine('l-1')}\n`);
    const openSync = fs.openSync;
    vi.spyOn(fs, 'openSync').mockImplementation((file, ...rest) => {
      if (file === locked) throw Object.assign(new Error(`EACCES: permission denied, open '${locked}'`), { code: 'EACCES' });
      return openSync(file, ...(rest as [string]));
    });
    expect((await rejectedBeside(locked, 'locked.jsonl')).errors[0].message).toBe('permission denied: cannot read the file (EACCES)');
  });

  it('an unreadable file found only while reading it is its own rejection too', async () => {
    const locked = ws.file('late.jsonl', `${planLine('l-1')}\n`);
    const open = fs.promises.open;
    vi.spyOn(fs.promises, 'open').mockImplementation((file, ...rest) => {
      if (file === locked) return Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }));
      return open(file, ...(rest as [string]));
    });
    expect((await rejectedBeside(locked, 'late.jsonl')).errors[0].message).toBe('permission denied: cannot read the file (EACCES)');
  });

  it('a file name that is not valid UTF-8 opens by its bytes and is shown escaped', async () => {
    const bytes = Buffer.concat([Buffer.from(`${ws.dir}/caf`), Buffer.from([0xe9]), Buffer.from('.jsonl')]);
    fs.writeFileSync(bytes, `${planLine('u-1')}\n`);
    // As argv hands it over: the bad byte decoded to U+FFFD.
    const given = bytes.toString('utf8');
    const report = (await importFiles(ws.ctx, [{ path: given, displayName: given }])).files[0];
    expect(report).toMatchObject({ status: 'imported', imported: 1, file: `${ws.dir}/caf\\xE9.jsonl`, dataset: 'caf\\xE9' });
  });
});

describe('a name that is not valid UTF-8, parsed in the worker thread', () => {
  it('reaches the worker as bytes and opens there too', async () => {
    const bytes = Buffer.concat([Buffer.from(`${ws.dir}/w`), Buffer.from([0xff]), Buffer.from('.jsonl')]);
    fs.writeFileSync(bytes, `${planLine('w-1')}\n${planLine('w-2')}\n`);
    const given = bytes.toString('utf8');
    const previous = process.env.ACCORD_IMPORT_WORKER;
    process.env.ACCORD_IMPORT_WORKER = '1';
    try {
      const report = (await importFiles(ws.ctx, [{ path: given, displayName: given }])).files[0];
      expect(report).toMatchObject({ status: 'imported', imported: 2, file: `${ws.dir}/w\\xFF.jsonl` });
    } finally {
      if (previous === undefined) delete process.env.ACCORD_IMPORT_WORKER;
      else process.env.ACCORD_IMPORT_WORKER = previous;
    }
  });
});

describe('rejected files leave the workspace as it was', () => {
  it('holds for every rejection above taken together', async () => {
    const fifo = path.join(ws.dir, 'p.jsonl');
    execFileSync('mkfifo', [fifo]);
    const quote = ws.file('q.csv', `query_id,llm,prompt_type,plan\nq-1,m,p,"{}"\nq-2,m,p,{"a"}\n`);
    const long = ws.file('l.jsonl', `${planLine('a')}\n${'x'.repeat(5000)}\n`);
    const report = await importFiles(ws.ctx, [fifo, quote, long, '/dev/null'].map((p) => ({ path: p, displayName: p })), { limits: { maxRecordBytes: 1024 } });
    expect(report.files.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(dumpWorkspace(ws.db)).toEqual(before);
  });
});

describe('CSV column guard', () => {
  it('names the line of a too-wide row after quoted fields spanning lines', async () => {
    const wide = Array.from({ length: 30 }, () => 'v').join(',');
    const file = ws.file('wide-row.csv', `query_id,llm,prompt_type,plan\nq-1,m,p,"{\n""a"": ""b,c,d""\n}"\n${wide}\n`);
    const report = await rejectedBeside(file, 'wide-row.csv', { limits: { maxColumns: 20 } });
    expect(report.errors[0]).toMatchObject({ line: 5, message: 'the row at line 5 has more than 20 columns, the limit (--max-columns)' });
  });
});
