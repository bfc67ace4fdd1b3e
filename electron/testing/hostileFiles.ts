import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Hostile files for the heavy tier (issue 15): each written by code into a folder, never stored.
 * A case says which command takes the file and what must come of it; the test
 * (services/import/hostileFiles.heavy.test.ts) runs the real `accord` on it in a child process
 * and measures its time and peak memory.
 */
export interface HostileCase {
  name: string;
  category: 'numbers' | 'encodings' | 'sizes' | 'CSV shapes' | 'graph and plan structure' | 'prototype keys' | 'file-system oddities' | 'packs';
  /**
   * Writes the file (or makes the special file) in `dir`; returns the path to give the command.
   * `seed.schemaJson`: the label schema of the seeded task "quality", for packs.
   */
  make(dir: string, seed: { schemaJson: string }): string | Buffer;
  /** `import` (accord import FILE) or `pack` (accord pack import FILE, on a workspace with task "quality"). */
  command?: 'import' | 'pack';
  /** What must come of it: imported (with at least `items`), or rejected with a message. */
  expect: { status: 'imported'; items?: number } | { status: 'rejected'; message: RegExp; line?: number };
}

const MB = 1024 * 1024;
const planRecord = (id: string, extra = '') => `{"query_id": ${id}, "query": "Q", "plan": {"1": {"query": "T2S([], 'x')", "depends_on": []}}${extra}}`;

/** Writes `parts()` to a file piece by piece: the test process never holds a big file whole. */
function writeStreamed(file: fs.PathLike, parts: Iterable<string | Buffer>): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const part of parts) {
      if (typeof part === 'string') fs.writeSync(fd, part);
      else fs.writeSync(fd, part);
    }
  } finally {
    fs.closeSync(fd);
  }
}

function* repeat(text: string, times: number): Generator<string> {
  for (let i = 0; i < times; i++) yield text;
}

const X_MB = 'x'.repeat(MB);

export const HOSTILE_CASES: HostileCase[] = [
  // numbers
  {
    name: '20,000 records with 20-digit ids that differ in the last digit, and 1e999',
    category: 'numbers',
    make: (dir) => {
      const file = path.join(dir, 'big-numbers.jsonl');
      writeStreamed(file, (function* () {
        for (let i = 0; i < 20_000; i++) yield `${planRecord(String(12345678901234500000n + BigInt(i)), ', "budget": 1e999, "tiny": -1e-999')}\n`;
      })());
      return file;
    },
    expect: { status: 'imported', items: 20_000 },
  },
  {
    name: 'a number literal of a million digits',
    category: 'numbers',
    make: (dir) => {
      const file = path.join(dir, 'long-number.jsonl');
      writeStreamed(file, [planRecord('"n-1"', `, "n": ${'9'.repeat(1_000_000)}`), '\n']);
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  // encodings
  {
    name: 'invalid UTF-8 after 30 MB of good lines',
    category: 'encodings',
    make: (dir) => {
      const file = path.join(dir, 'bad-utf8.jsonl');
      const good = `${planRecord('"g"', `, "pad": "${'y'.repeat(1000)}"`)}\n`;
      writeStreamed(file, (function* () {
        let i = 0;
        for (let bytes = 0; bytes < 30 * MB; bytes += good.length) yield good.replace('"g"', `"g-${i++}"`);
        yield Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d, 0x0a]);
      })());
      return file;
    },
    expect: { status: 'rejected', message: /invalid UTF-8/ },
  },
  {
    name: 'UTF-16 text (NUL bytes)',
    category: 'encodings',
    make: (dir) => {
      const file = path.join(dir, 'utf16.jsonl');
      fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${planRecord('"u"')}\n`, 'utf16le')]));
      return file;
    },
    expect: { status: 'rejected', message: /binary data, not text/ },
  },
  {
    name: 'lone surrogates, overlong-looking escapes and a BOM',
    category: 'encodings',
    make: (dir) => {
      const file = path.join(dir, 'escapes.jsonl');
      fs.writeFileSync(file, `\uFEFF${planRecord('"s-1"', ', "lone": "\\ud800", "rlo": "\\u202e", "nul": "\\u0000"')}\n`);
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  // sizes
  {
    name: 'a 200 MB single-record JSONL line',
    category: 'sizes',
    make: (dir) => {
      const file = path.join(dir, 'one-line.jsonl');
      writeStreamed(file, ['{"query_id": "big", "pad": "', ...repeat(X_MB, 200), '"}\n']);
      return file;
    },
    expect: { status: 'rejected', message: /the line is 200 MB, over the limit of 16 MB per record \(--max-record-bytes\)/, line: 1 },
  },
  {
    name: 'a 200 MB one-line JSON document',
    category: 'sizes',
    make: (dir) => {
      const file = path.join(dir, 'document.json');
      writeStreamed(file, ['{"title": "t", "nodes": [], "edges": [], "pad": "', ...repeat(X_MB, 200), '"}']);
      return file;
    },
    expect: { status: 'rejected', message: /larger than the limit of 64 MB \(--max-document-bytes\)/ },
  },
  {
    name: 'a 200 MB JSON array on one line',
    category: 'sizes',
    make: (dir) => {
      const file = path.join(dir, 'array.json');
      writeStreamed(file, ['[', ...repeat(`${planRecord('"a"')},`.repeat(1000), 2000), `${planRecord('"z"')}]`]);
      return file;
    },
    expect: { status: 'rejected', message: /--max-document-bytes/ },
  },
  {
    name: 'a record just under the limit (15 MB) is imported',
    category: 'sizes',
    make: (dir) => {
      const file = path.join(dir, 'fifteen.jsonl');
      writeStreamed(file, [planRecord('"q-15"', `, "pad": "`).slice(0, -1), ...repeat(X_MB, 15), '"}\n']);
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  {
    name: '200 MB of empty lines',
    category: 'sizes',
    make: (dir) => {
      const file = path.join(dir, 'blank.jsonl');
      writeStreamed(file, repeat('\n'.repeat(MB), 200));
      return file;
    },
    expect: { status: 'rejected', message: /holds no records/ },
  },
  // CSV shapes
  {
    name: 'a CSV with a million columns',
    category: 'CSV shapes',
    make: (dir) => {
      const file = path.join(dir, 'wide.csv');
      const row = Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',');
      writeStreamed(file, [row, '\n', row, '\n']);
      return file;
    },
    expect: { status: 'rejected', message: /the header has more than 10000 columns, the limit \(--max-columns\)/, line: 1 },
  },
  {
    name: 'a CSV with an unquoted quote at line 3',
    category: 'CSV shapes',
    make: (dir) => {
      const file = path.join(dir, 'quote.csv');
      fs.writeFileSync(file, `query_id,llm,prompt_type,plan\nq-1,m,p,"{}"\nq-2,m,p,{"1": 2}\n`);
      return file;
    },
    expect: { status: 'rejected', message: /malformed CSV \(field 4\): a quote/, line: 3 },
  },
  {
    name: 'a CSV whose first quote never closes, 200 MB on',
    category: 'CSV shapes',
    make: (dir) => {
      const file = path.join(dir, 'unclosed.csv');
      writeStreamed(file, ['query_id,llm,prompt_type,plan\nq-1,m,p,"', ...repeat(`${'z'.repeat(1023)}\n`.repeat(1024), 200)]);
      return file;
    },
    expect: { status: 'rejected', message: /the row is longer than the limit of 16 MB per record/, line: 2 },
  },
  {
    name: 'a CSV of 500,000 ragged rows',
    category: 'CSV shapes',
    make: (dir) => {
      const file = path.join(dir, 'ragged.csv');
      writeStreamed(file, (function* () {
        yield 'query_id,llm,prompt_type,plan\n';
        for (let i = 0; i < 500_000; i++) yield i % 2 ? `q-${i},m,p,"{}",extra\n` : `q-${i},m\n`;
      })());
      return file;
    },
    expect: { status: 'rejected', message: /expected 4 fields/, line: 2 },
  },
  // graph and plan structure
  {
    name: 'an SOP graph of 100,000 nodes in one cycle',
    category: 'graph and plan structure',
    make: (dir) => {
      const file = path.join(dir, 'cycle-graph.json');
      const n = 100_000;
      writeStreamed(file, (function* () {
        yield '{"title": "cycle", "nodes": [';
        for (let i = 0; i < n; i++) {
          yield `${i ? ',' : ''}{"id": "${i}", "task_name": "T${i}", "task_description": "d", "steps": [], "tools": [], "responsePathways": [{"conditions": [], "nextNodeId": "${(i + 1) % n}"}]}`;
        }
        yield '], "edges": [';
        for (let i = 0; i < n; i++) yield `${i ? ',' : ''}{"source": "${i}", "target": "${(i + 1) % n}", "label": "next"}`;
        yield ']}';
      })());
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  {
    name: 'a line-format graph of 100,000 nodes whose edges point nowhere',
    category: 'graph and plan structure',
    make: (dir) => {
      const file = path.join(dir, 'dangling.txt');
      writeStreamed(file, (function* () {
        yield '[N0](start_message){Hello}\n';
        for (let i = 1; i < 100_000; i++) yield `[N${i}](message){Step ${i}}\n[E${i}](N${i}, N${i + 200_000}){next}\n`;
      })());
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  {
    name: 'a plan of 2,000 steps, each depending on every earlier one, closed into a cycle',
    category: 'graph and plan structure',
    make: (dir) => {
      const file = path.join(dir, 'dense-plan.jsonl');
      const n = 2000;
      writeStreamed(file, (function* () {
        yield '{"query_id": "dense", "query": "Q", "plan": {';
        for (let i = 1; i <= n; i++) {
          const deps = i === 1 ? [n] : Array.from({ length: i - 1 }, (_, k) => k + 1);
          yield `${i > 1 ? ',' : ''}"${i}": {"query": "LLM('step ${i}')", "depends_on": [${deps.join(',')}]}`;
        }
        yield '}}\n';
      })());
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  {
    name: 'JSON nested a million levels deep',
    category: 'graph and plan structure',
    make: (dir) => {
      const file = path.join(dir, 'deep.jsonl');
      writeStreamed(file, ['{"query_id": "deep", "query": "Q", "plan": ', '['.repeat(1_000_000), ']'.repeat(1_000_000), '}\n']);
      return file;
    },
    expect: { status: 'rejected', message: /nested deeper than 200 levels/, line: 1 },
  },
  // prototype keys
  {
    name: '30,000 records with __proto__, constructor and prototype keys at every level',
    category: 'prototype keys',
    make: (dir) => {
      const file = path.join(dir, 'proto.jsonl');
      const hostile = '"__proto__": {"polluted": 1, "toString": 2}, "constructor": {"prototype": {"polluted": 1}}, "hasOwnProperty": 3';
      writeStreamed(file, (function* () {
        for (let i = 0; i < 30_000; i++) {
          yield `{"query_id": "p-${i}", "query": "Q", ${hostile}, "plan": {"1": {"query": "T2S([], 'x')", "depends_on": [], ${hostile}}}}\n`;
        }
      })());
      return file;
    },
    expect: { status: 'imported', items: 30_000 },
  },
  {
    name: 'a CSV whose header names __proto__ and constructor',
    category: 'prototype keys',
    make: (dir) => {
      const file = path.join(dir, 'proto.csv');
      fs.writeFileSync(file, `query_id,llm,prompt_type,plan,__proto__,constructor\nq-1,m,p,"{""1"": {""query"": ""T2S([], 'x')"", ""depends_on"": []}}",x,y\n`);
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  // file-system oddities
  {
    name: 'a FIFO with no writer',
    category: 'file-system oddities',
    make: (dir) => {
      const fifo = path.join(dir, 'pipe.jsonl');
      execFileSync('mkfifo', [fifo]);
      return fifo;
    },
    expect: { status: 'rejected', message: /is a named pipe \(FIFO\), not a regular file/ },
  },
  {
    name: 'an endless device (/dev/zero)',
    category: 'file-system oddities',
    make: () => '/dev/zero',
    expect: { status: 'rejected', message: /is a device, not a regular file/ },
  },
  {
    // A folder imports as its files (a folder of flowgraphs, say); one with none is rejected.
    name: 'a directory with no file to import',
    category: 'file-system oddities',
    make: (dir) => {
      const folder = path.join(dir, 'folder.json');
      fs.mkdirSync(folder);
      return folder;
    },
    expect: { status: 'rejected', message: /the folder holds no file to import/ },
  },
  {
    name: 'a symbolic link loop',
    category: 'file-system oddities',
    make: (dir) => {
      const a = path.join(dir, 'loop-a.jsonl');
      fs.symlinkSync(path.join(dir, 'loop-b.jsonl'), a);
      fs.symlinkSync(a, path.join(dir, 'loop-b.jsonl'));
      return a;
    },
    expect: { status: 'rejected', message: /too many symbolic links/ },
  },
  {
    name: 'a file name that is not valid UTF-8, with a bidi override',
    category: 'file-system oddities',
    make: (dir) => {
      const file = Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('\u202Elnosj.jsonl')]);
      fs.writeFileSync(file, `${planRecord('"f-1"')}\n`);
      return file;
    },
    expect: { status: 'imported', items: 1 },
  },
  // packs
  {
    name: 'a 200 MB label pack',
    category: 'packs',
    command: 'pack',
    make: (dir) => {
      const file = path.join(dir, 'huge.pack.json');
      writeStreamed(file, ['{"format": "accord.label-pack", "pad": "', ...repeat(X_MB, 200), '"}']);
      return file;
    },
    expect: { status: 'rejected', message: /larger than the limit of 64 MB for a label pack/ },
  },
  {
    name: 'a pack of 100,000 labels on items whose hashes are wrong',
    category: 'packs',
    command: 'pack',
    make: (dir, seed) => {
      const file = path.join(dir, 'wrong-hashes.pack.json');
      writeStreamed(file, packParts(seed.schemaJson, (i) => `"q-${i}"`, '0'.repeat(64)));
      return file;
    },
    expect: { status: 'rejected', message: /none of the pack's items can take its labels here/ },
  },
  {
    name: 'a pack listing one label 100,000 times',
    category: 'packs',
    command: 'pack',
    make: (dir, seed) => {
      const file = path.join(dir, 'duplicates.pack.json');
      writeStreamed(file, packParts(seed.schemaJson, () => '"q-001"', null));
      return file;
    },
    expect: { status: 'rejected', message: /twice/ },
  },
];

/**
 * A plan-quality pack for task "quality" of 100,000 labels: on items named by `itemOf(i)`,
 * listed with `hash` (null: the items listed once, without their real hash either).
 */
function* packParts(schemaJson: string, itemOf: (i: number) => string, hash: string | null): Generator<string> {
  const n = 100_000;
  yield '{"format": "accord.label-pack", "version": 1, "exportedAt": "2026-01-01T00:00:00Z", "origin": {"workspace": "elsewhere.accord"},';
  yield `"task": {"name": "quality", "schema": ${schemaJson}}, "annotator": {"name": "mallory", "role": "lead"}, "items": [`;
  const items = hash === null ? 1 : n;
  for (let i = 0; i < items; i++) yield `${i ? ',' : ''}{"dataset": "plans", "externalId": ${itemOf(i)}, "contentHash": "${hash ?? 'f'.repeat(64)}"}`;
  yield '], "labels": [';
  for (let i = 0; i < n; i++) {
    yield `${i ? ',' : ''}{"dataset": "plans", "item": ${itemOf(i)}, "unit": "", "question": "overall_quality", "value": "Good", "na": false, "rationale": null, "secondsSpent": 1, "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z", "uid": "u-${i}"}`;
  }
  yield '], "cleared": [], "submissions": []}';
}
