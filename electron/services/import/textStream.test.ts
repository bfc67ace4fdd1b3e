import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecords } from './records';
import { readUtf8Chunks, splitLineBatches, splitLines } from './textStream';

async function lines(chunks: string[], max?: number) {
  const out = [];
  for await (const line of splitLines((async function* () {
    yield* chunks;
  })(), max)) out.push(line);
  return out;
}

describe('splitLines', () => {
  it('splits across chunks, tolerating CRLF', async () => {
    expect(await lines(['ab', 'c\r\nde', 'f\ng'])).toEqual([
      { text: 'abc', line: 1 },
      { text: 'def', line: 2 },
      { text: 'g', line: 3 },
    ]);
  });

  it('gives a line over the limit as its length only, and goes on after it', async () => {
    expect(await lines(['short\nlo', 'ooooong', ' line\nnext\n'], 8)).toEqual([
      { text: 'short', line: 1 },
      { text: '', line: 2, oversized: 14 },
      { text: 'next', line: 3 },
    ]);
  });

  it('joins one line of many chunks whole (its time is measured in the heavy tier)', async () => {
    const chunk = 'x'.repeat(1 << 20);
    const result = await lines([...Array.from({ length: 16 }, () => chunk), '\n']);
    expect(result).toEqual([{ text: 'x'.repeat(16 << 20), line: 1 }]);
  });
});

describe('readUtf8Chunks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-text-stream-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const openFiles = () => fs.readdirSync('/proc/self/fd').length;

  it('decodes a file of many reads exactly, characters split between reads included (one buffer is reused)', async () => {
    // 'é' is two bytes and '😀' four: at 1 MB boundaries some fall in two reads.
    const text = 'aé😀\n'.repeat(400_000);
    const file = path.join(dir, 'multi.txt');
    fs.writeFileSync(file, text);
    const chunks: string[] = [];
    for await (const chunk of readUtf8Chunks(file)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(text);
  });

  it('reads ASCII reads as they are and decodes from the first read that is not, a character split at that boundary included', async () => {
    // Two reads of ASCII (the fast path), then 'é' split between the second and the third read,
    // then a BOM-less tail of multi-byte text: every character comes out once, as written.
    const ascii = 'a'.repeat((2 << 20) - 1);
    const text = `${ascii}é${'ü€😀\n'.repeat(1000)}`;
    const file = path.join(dir, 'ascii-then-utf8.txt');
    fs.writeFileSync(file, text);
    expect(Buffer.from(text).subarray(0, 2 << 20).at(-1)).toBe(0xc3); // the first byte of 'é' ends the second read
    const chunks: string[] = [];
    for await (const chunk of readUtf8Chunks(file)) chunks.push(chunk);
    expect(chunks.join('')).toBe(text);
    // A BOM is not ASCII: it goes to the decoder, which drops it.
    fs.writeFileSync(file, `\uFEFF${ascii}`);
    const withBom: string[] = [];
    for await (const chunk of readUtf8Chunks(file)) withBom.push(chunk);
    expect(withBom.join('')).toBe(ascii);
  });

  it('closes the file when its reader stops early, on a bad CSV row too', async () => {
    const file = path.join(dir, 'bad.csv');
    fs.writeFileSync(file, `a,b\n1,2\n3,"x"y\n${'4,5\n'.repeat(200_000)}`);
    const before = openFiles();
    for await (const chunk of readUtf8Chunks(file)) if (chunk) break;
    await expect(
      (async () => {
        for await (const record of readRecords(file, 'csv')) void record;
      })(),
    ).rejects.toThrow(/malformed CSV/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openFiles()).toBe(before);
  });
});

describe('splitLines skipping blank lines', () => {
  it('counts blank lines without yielding them', async () => {
    const out = [];
    for await (const line of splitLines((async function* () {
      yield '\n\n  \r\na\n\n';
      yield '\nb';
    })(), Infinity, true)) out.push(line);
    expect(out).toEqual([
      { text: 'a', line: 4 },
      { text: 'b', line: 7 },
    ]);
  });
});

describe('splitLineBatches', () => {
  it("hands a chunk's complete lines on together, at most 1,024 at a time", async () => {
    const batches: number[][] = [];
    const chunks = async function* () {
      yield `${'x\n'.repeat(2500)}tail`;
      yield ' end\nlast\n';
    };
    for await (const batch of splitLineBatches(chunks())) batches.push(batch.map((l) => l.line));
    expect(batches.map((b) => b.length)).toEqual([1024, 1024, 452, 2]);
    expect(batches.flat()).toEqual(Array.from({ length: 2502 }, (_, i) => i + 1));
  });
});

describe('countNewlines', () => {
  it('counts sparse and dense line breaks alike', async () => {
    const { countNewlines } = await import('./textStream');
    expect(countNewlines('a\nb\nc')).toBe(2);
    expect(countNewlines('\n'.repeat(10_000))).toBe(10_000);
    expect(countNewlines(`${'x'.repeat(100)}${'\n'.repeat(1000)}tail\n`, 50)).toBe(1001);
    expect(countNewlines('\n\n\n\n', 1, 3)).toBe(2);
  });
});
