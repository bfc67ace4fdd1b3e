import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import { FormatError } from '../../core/formats/types';

/** Bytes scanned for NUL characters to tell a binary file from text. */
const BINARY_SNIFF_BYTES = 8192;

/** Bytes read at a time. */
const READ_BYTES = 1 << 20;

/**
 * Streams a file as UTF-8 text in chunks, refusing binary data and invalid UTF-8 with the
 * line and column where it starts. `onBytes` reports progress (bytes read so far).
 *
 * The file is read through one reused buffer: a read stream allocates a new 1 MB buffer per
 * read, freed only when the collector gets to it, and the C library keeps that memory once
 * freed (buffers this big are kept in its heap after the first few): ~50 MB more peak memory
 * on an import of 210 MB. The text decoded from a chunk is a copy, so the buffer is free again
 * as soon as it is decoded.
 */
export async function* readUtf8Chunks(
  file: fs.PathLike,
  onBytes: (bytesRead: number) => void = () => {},
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const handle = await fs.promises.open(file, 'r');
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  let bytesRead = 0;
  let line = 1;
  let column = 1;
  let first = true;
  let allAscii = true;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead: n } = await handle.read(buffer, 0, READ_BYTES, null);
      if (n === 0) break;
      signal?.throwIfAborted();
      const chunk = buffer.subarray(0, n);
      if (first) {
        const nul = chunk.subarray(0, BINARY_SNIFF_BYTES).indexOf(0);
        if (nul >= 0) throw new FormatError(`binary data, not text (a NUL byte at offset ${nul})`, null, null);
        first = false;
      }
      let text: string;
      try {
        // While every chunk has been ASCII, the decoder holds no partial character, and an ASCII
        // chunk is its own text: copied as Latin-1 (the same characters), checked by the native
        // isAscii, several times faster than decoding it. Once a chunk is not, the decoder does all.
        if (allAscii && isAscii(chunk)) text = chunk.toString('latin1');
        else {
          allAscii = false;
          text = decoder.decode(chunk, { stream: true });
        }
      } catch {
        const offset = firstInvalidUtf8(chunk);
        const prefix = new TextDecoder('utf-8').decode(chunk.subarray(0, Math.max(0, offset)));
        const at = advance(prefix, line, column);
        throw new FormatError(`invalid UTF-8 (byte 0x${chunk[offset]?.toString(16) ?? '??'} at file offset ${bytesRead + offset})`, at.line, at.column);
      }
      bytesRead += n;
      ({ line, column } = advance(text, line, column));
      onBytes(bytesRead);
      if (text) yield text;
    }
    try {
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch {
      throw new FormatError('invalid UTF-8: the file ends inside a multi-byte character', line, column);
    }
  } finally {
    await handle.close();
  }
}

function advance(text: string, line: number, column: number): { line: number; column: number } {
  const lastBreak = text.lastIndexOf('\n');
  return { line: line + countNewlines(text), column: lastBreak >= 0 ? text.length - lastBreak : column + text.length };
}

/**
 * Line breaks in `text` between `from` and `to`. `indexOf` from break to break is fastest where
 * lines are long (the usual file), a loop over the characters where they are short: each
 * `indexOf` call costs ~80 ns, so a file of 200 MB of empty lines took 15 s to count that way.
 * Counting switches to the loop once breaks turn out dense.
 */
export function countNewlines(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) {
    n++;
    if (n >= 64 && n * 64 > i - from) {
      for (let k = i + 1; k < to; k++) if (text.charCodeAt(k) === 10) n++;
      return n;
    }
  }
  return n;
}

/**
 * Offset of the first byte that starts an invalid UTF-8 sequence in `buf`, or the offset of
 * an incomplete sequence at its end; -1 when the buffer is valid.
 */
export function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i];
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

const NOT_BLANK = /\S/;
/** Most lines handed on at once by {@link splitLineBatches}. */
const BATCH_LINES = 1024;
const WHITESPACE_RUN = /\s*/y;

/** One line of streamed text, or — when it is longer than allowed — only its length. */
export type StreamedLine = { text: string; line: number; oversized?: undefined } | { text: ''; line: number; oversized: number };

/**
 * Splits streamed text into lines (without terminators, `\r\n` tolerated), with 1-based numbers.
 * Lines are yielded as soon as complete, so memory stays bounded by the longest line, and a line
 * longer than `maxChars` is not held at all: it comes out as its length alone (`oversized`).
 * Only the new chunk is searched for a line break, and a long line's pieces are joined once, so
 * the time is linear in the text even for a line of hundreds of MB. With `skipBlank`, lines of
 * whitespace alone are counted but not yielded: a file of 200 million empty lines would
 * otherwise cost 200 million turns of the async iteration.
 */
export async function* splitLines(chunks: AsyncIterable<string>, maxChars = Number.POSITIVE_INFINITY, skipBlank = false): AsyncGenerator<StreamedLine> {
  for await (const lines of splitLineBatches(chunks, maxChars, skipBlank)) yield* lines;
}

/**
 * {@link splitLines}, a chunk's complete lines at a time: one turn of the async iteration per
 * chunk rather than per line (each turn is a promise and a trip through the microtask queue;
 * per line, ~0.1 s of the parse worker's CPU on 100,000 conversations, at two levels).
 */
export async function* splitLineBatches(chunks: AsyncIterable<string>, maxChars = Number.POSITIVE_INFINITY, skipBlank = false): AsyncGenerator<StreamedLine[]> {
  let pieces: string[] = [];
  /** Characters of the current line so far (all of them, when it is oversized). */
  let length = 0;
  let oversized = false;
  let line = 0;
  const complete = (last: string): StreamedLine => {
    line++;
    const total = length + last.length;
    let result: StreamedLine;
    if (oversized || total > maxChars) result = { text: '', line, oversized: total };
    else {
      const text = pieces.length === 0 ? last : pieces.join('') + last;
      result = { text: text.endsWith('\r') ? text.slice(0, -1) : text, line };
    }
    pieces = [];
    length = 0;
    oversized = false;
    return result;
  };
  for await (const chunk of chunks) {
    let lines: StreamedLine[] = [];
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      // Blank lines between records cost a count and nothing else: the run of whitespace is
      // skipped at once (a native match) and its line breaks counted.
      if (skipBlank && length === 0 && nl - start < 2) {
        WHITESPACE_RUN.lastIndex = start;
        const runEnd = start + (WHITESPACE_RUN.exec(chunk)?.[0].length ?? 0);
        const lastBreak = chunk.lastIndexOf('\n', runEnd - 1);
        if (lastBreak >= nl) {
          line += countNewlines(chunk, start, lastBreak + 1);
          start = lastBreak + 1;
          continue;
        }
      }
      const done = complete(chunk.slice(start, nl));
      start = nl + 1;
      if (skipBlank && done.oversized === undefined && !NOT_BLANK.test(done.text)) continue;
      lines.push(done);
      // A chunk of tiny lines is hundreds of thousands of them: handed on in bounded batches.
      if (lines.length >= BATCH_LINES) {
        yield lines;
        lines = [];
      }
    }
    if (lines.length > 0) yield lines;
    const rest = start === 0 ? chunk : chunk.slice(start);
    if (rest.length === 0) continue;
    length += rest.length;
    if (oversized) continue;
    if (length > maxChars) {
      oversized = true;
      pieces = [];
    } else pieces.push(rest);
  }
  if (length > 0) yield [complete('')];
}
