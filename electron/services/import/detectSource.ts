import fs from 'node:fs';
import type { Framing, FormatModule } from '../../core/formats/module';
import { chooseFormat, framingFromFileName } from '../../core/formats/registry';
import { FormatError } from '../../core/formats/types';
import { readRecords } from './records';

/** Reads just enough of a file to pick its framing and format module. */
export async function detectSource(file: string, fileName: string): Promise<{ framing: Framing; format: FormatModule }> {
  const framing = await framingOf(file, fileName);
  const sample = await firstRecord(file, framing);
  return { framing, format: chooseFormat(framing, sample, fileName) };
}

async function framingOf(file: string, fileName: string): Promise<Framing> {
  const guess = framingFromFileName(fileName);
  if (guess === 'jsonl') return 'jsonl';
  if (guess === 'csv') return 'csv';
  const head = firstNonBlank(file);
  if (guess === 'json') {
    if (head === '[') return 'json-array';
    if (head === '{') return 'json-document';
    throw new FormatError('expected a JSON object or array, found ' + (head === null ? 'only whitespace' : `"${head}"`), 1, 1);
  }
  // Unknown extension: a leading '{' means one JSON object per line, anything else is text.
  return head === '{' ? 'jsonl' : 'text-document';
}

function firstNonBlank(file: string): string | null {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString('utf8').replace(/^\uFEFF/, '');
    const match = /\S/.exec(text);
    return match ? match[0] : null;
  } finally {
    fs.closeSync(fd);
  }
}

async function firstRecord(file: string, framing: Framing): Promise<unknown> {
  // Whole documents are parsed twice (here and on import); they are bounded in size and this
  // keeps detection independent of the importing pass.
  for await (const framed of readRecords(file, framing)) {
    if (framed.error) throw framed.error;
    return framed.record;
  }
  throw new FormatError(framing === 'csv' ? 'the CSV file has a header but no rows' : 'the file holds no records', 1, 1);
}
