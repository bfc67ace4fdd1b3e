import { describe, expect, it } from 'vitest';
import { splitLines } from './textStream';

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
