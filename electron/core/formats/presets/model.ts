import type { Mapping } from '../mapping/model';
import type { FormatReader, Framing } from '../module';
import type { ArtifactKind } from '../types';

/**
 * A preset: a mapping for a published release, with a recogniser that knows the release by
 * its structure, so plain `accord import FILE` reads it unchanged. The mapping is what a user
 * opens, copies and edits (`accord import --preset NAME --show`); a preset whose release needs
 * more than the mapping language can say brings its own reader and says so in its description.
 */
export interface Preset {
  name: string;
  /** What it reads and how, in a sentence or two (including any code beyond the mapping). */
  description: string;
  kind: ArtifactKind;
  /** The framings its files come in (a JSON array, JSONL, one JSON document). */
  framings: Framing[];
  /** Whether a file's first record (as framed) is this release's. */
  recognise(sample: unknown): boolean;
  mapping: Mapping;
  /** A reader beyond the mapping language (e.g. OTLP spans grouped into conversations). */
  reader?: (ctx: { fileName: string }) => FormatReader;
}
