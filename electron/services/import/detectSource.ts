import fs from 'node:fs';
import type { Framing, FormatModule } from '../../core/formats/module';
import type { RecordLimits } from '../../core/formats/recordLimits';
import type { Mapping } from '../../core/formats/mapping/model';
import { findPreset, mappingFormat, presetFormat, PRESETS } from '../../core/formats/presets';
import { chooseFormat, framingFromFileName } from '../../core/formats/registry';
import { FormatError } from '../../core/formats/types';
import { readRecords } from './records';
import type { SourcePath } from './sourceFiles';

/** A format the user chose instead of detection: a preset by name, or a mapping. */
export interface FormatChoice {
  preset?: string;
  mapping?: Mapping;
}

/**
 * Reads just enough of a file to pick its framing and format module: the built-in formats and
 * the presets' recognisers, unless the user forced a preset or gave a mapping.
 */
export async function detectSource(
  file: SourcePath,
  fileName: string,
  limits?: Partial<RecordLimits>,
  choice: FormatChoice = {},
): Promise<{ framing: Framing; format: FormatModule }> {
  const framing = await framingOf(file, fileName);
  if (choice.mapping) return { framing, format: mappingFormat(choice.mapping, framing) };
  if (choice.preset) {
    const preset = findPreset(choice.preset);
    if (!preset) throw new FormatError(`no preset named "${choice.preset}" (have: ${PRESETS.map((p) => p.name).join(', ')})`);
    if (!preset.framings.includes(framing)) {
      throw new FormatError(`the ${preset.name} preset reads ${preset.framings.map(framingWords).join(' or ')}, and ${fileName} is ${framingWords(framing)}`, 1, 1);
    }
    return { framing, format: presetFormat(preset, framing) };
  }
  const sample = await firstRecord(file, framing, limits);
  return { framing, format: chooseFormat(framing, sample, fileName) };
}

function framingWords(framing: Framing): string {
  return { 'json-array': 'a JSON array', 'json-document': 'one JSON document', jsonl: 'JSONL', csv: 'CSV', 'text-document': 'text' }[framing];
}

/** How a file is cut into records, from its name and first character (no format chosen yet). */
export async function framingOf(file: SourcePath, fileName: string): Promise<Framing> {
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

function firstNonBlank(file: SourcePath): string | null {
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

/** Records read at most to find one that tells the format. */
const DETECTION_RECORDS = 100;

async function firstRecord(file: SourcePath, framing: Framing, limits?: Partial<RecordLimits>): Promise<unknown> {
  // Whole documents are parsed twice (here and on import); they are bounded in size and this
  // keeps detection independent of the importing pass.
  // The first readable record tells the format: one that cannot be read (too long, say) is the
  // import's to reject or, with --skip-invalid, to skip.
  let firstError: FormatError | null = null;
  let seen = 0;
  for await (const framed of readRecords(file, framing, { limits })) {
    if (!framed.error) return framed.record;
    firstError ??= framed.error;
    if (++seen >= DETECTION_RECORDS) break;
  }
  if (firstError) throw firstError;
  throw new FormatError(framing === 'csv' ? 'the CSV file has a header but no rows' : 'the file holds no records', 1, 1);
}
