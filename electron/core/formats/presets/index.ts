import { applyMapping } from '../mapping/applyMapping';
import type { Mapping } from '../mapping/model';
import { resolvePath, describe } from '../mapping/paths';
import type { FormatModule, Framing } from '../module';
import { FormatError, type SourceFormat } from '../types';
import { agentS } from './agentS';
import { judgeBench } from './judgeBench';
import type { Preset } from './model';
import { otlpGenAi } from './otlpGenAi';
import { shareGpt } from './shareGpt';
import { tauBench } from './tauBench';
import { worfBench } from './worfBench';

export type { Preset } from './model';

/** Every preset, in recognition order (most specific first: WorFBench before ShareGPT-like records). */
export const PRESETS: readonly Preset[] = [tauBench, worfBench, judgeBench, otlpGenAi, agentS, shareGpt];

/** The preset of this name, or undefined. */
export function findPreset(name: string): Preset | undefined {
  return PRESETS.find((p) => p.name === name.toLowerCase());
}

/** The first preset that recognises a file's first record, for its framing. */
export function recognisePreset(framing: Framing, sample: unknown): Preset | undefined {
  return PRESETS.find((preset) => preset.framings.includes(framing) && safely(() => preset.recognise(sample)));
}

/** A preset as a format module for a file of the given framing. */
export function presetFormat(preset: Preset, framing: Framing): FormatModule {
  if (preset.reader) {
    const reader = preset.reader;
    return { id: `preset:${preset.name}`, kind: preset.kind, framing, description: preset.description, detect: preset.recognise, createReader: (ctx) => reader(ctx) };
  }
  return { ...mappingFormat(preset.mapping, framing, `preset:${preset.name}`), detect: preset.recognise, description: preset.description };
}

/**
 * A mapping as a format module: each record (array element, JSONL line, or each element of
 * `records` inside a one-document file) read through {@link applyMapping}.
 */
export function mappingFormat(mapping: Mapping, framing: Framing, id: SourceFormat = 'mapping'): FormatModule {
  return {
    id,
    kind: mapping.kind,
    framing,
    description: mapping.description || `the mapping "${mapping.name}"`,
    detect: () => true,
    independentRecords: mapping.records === undefined,
    createReader: () => {
      let seen = 0;
      return {
        add(record, line, ordinal) {
          seen++;
          if (mapping.records === undefined) return [applyMapping(mapping, record, { ordinal: ordinal ?? seen, line })];
          const found = resolvePath(record, mapping.records);
          const list = 'value' in found ? found.value : undefined;
          if (!Array.isArray(list)) {
            const what = 'miss' in found ? found.miss.found : describe(list);
            throw new FormatError(`${mapping.records}: expected the list of records, found ${what}`, line, 1, mapping.records);
          }
          return list.map((element, k) => applyMapping(mapping, element, { ordinal: k + 1, line }));
        },
        finish: () => [],
      };
    },
  };
}

function safely(test: () => boolean): boolean {
  try {
    return test();
  } catch {
    return false;
  }
}
