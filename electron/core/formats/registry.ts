import { conversationFormats } from './conversations';
import { graphFormats } from './graphs';
import type { Framing, FormatModule } from './module';
import { planFormats } from './plans';
import { presetFormat, PRESETS, recognisePreset } from './presets';
import { FormatError } from './types';

/** Every source format Accord imports, in detection order (most specific first). */
export const allFormats: readonly FormatModule[] = [...graphFormats, ...planFormats, ...conversationFormats];

/** Which framing a file name suggests before its content is read. */
export function framingFromFileName(fileName: string): 'json' | 'jsonl' | 'csv' | 'text' {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return 'text';
}

const LABEL_COLUMNS = ['item', 'question', 'rater', 'value'];

/**
 * Picks the format module for a file from its framing and first record.
 *
 * @throws {FormatError} naming what was seen when no format matches, or when the file is a
 *   labels file (those are imported into a task, not as artifacts).
 */
export function chooseFormat(framing: Framing, sample: unknown, fileName: string): FormatModule {
  if (framing === 'csv' && isLabelsHeader(sample)) {
    throw new FormatError(
      `${fileName} is a labels file (columns ${LABEL_COLUMNS.join(', ')}); import it into a task with ` +
        '`accord labels import FILE --task NAME`',
      1,
      1,
    );
  }
  const candidates = allFormats.filter((f) => f.framing === framing);
  const match = candidates.find((f) => safeDetect(f, sample));
  if (match) return match;
  // Published releases in their own shapes, recognised by their structure (see presets/).
  const preset = recognisePreset(framing, sample);
  if (preset) return presetFormat(preset, framing);
  throw new FormatError(
    `could not recognise the format of ${fileName}: ${describeSample(framing, sample)}; expected one of: ` +
      candidates.map((f) => `${f.id} (${f.description})`).join('; ') +
      `; or a preset (${PRESETS.map((p) => p.name).join(', ')}: accord import --preset list), or a mapping (--mapping MAP.json)`,
    1,
    1,
  );
}

/**
 * The format module of a format id for a framing: a built-in format, or a preset
 * (`preset:NAME`). Custom mappings have no id to look up (the worker never reads them).
 */
export function formatById(id: string, framing: Framing): FormatModule | undefined {
  const builtIn = allFormats.find((f) => f.id === id && f.framing === framing);
  if (builtIn) return builtIn;
  const preset = id.startsWith('preset:') ? PRESETS.find((p) => `preset:${p.name}` === id) : undefined;
  return preset ? presetFormat(preset, framing) : undefined;
}

function safeDetect(format: FormatModule, sample: unknown): boolean {
  try {
    return format.detect(sample);
  } catch {
    return false;
  }
}

function isLabelsHeader(sample: unknown): boolean {
  if (!sample || typeof sample !== 'object') return false;
  const keys = Object.keys(sample);
  return LABEL_COLUMNS.every((c) => keys.includes(c)) && !keys.includes('plan');
}

function describeSample(framing: Framing, sample: unknown): string {
  if (framing === 'text-document') return 'the text is not in a known line format';
  if (Array.isArray(sample)) return `the first record is an array of ${sample.length} values`;
  if (sample && typeof sample === 'object') {
    const keys = Object.keys(sample).slice(0, 8);
    return `${framing === 'csv' ? 'the columns are' : 'the first record has the fields'} ${keys.join(', ') || '(none)'}`;
  }
  return `the first record is ${sample === null ? 'null' : typeof sample}`;
}
