import { z } from 'zod';
import type { Mapping } from '../../core/formats/mapping/model';
import type { ArtifactKind } from '../../core/formats/types';
import { method } from '../define';
import { fileSource } from './fileSources';

/** A mapping as listed: saved in the workspace, or a preset (read-only; copy it to edit). */
export interface MappingSummary {
  name: string;
  kind: ArtifactKind;
  description: string;
  preset: boolean;
  savedBy: string | null;
  updatedAt: string | null;
}

/** One record of a previewed file read through a mapping: the item it makes, or why it cannot. */
export interface MappedRecordPreview {
  /** 1-based number of the record in the file. */
  record: number;
  externalId: string | null;
  kind: ArtifactKind | null;
  /** What the item holds, in words: `5 turns, 2 tool calls`, `4 nodes, 3 edges`. */
  summary: string | null;
  errors: number;
  warnings: number;
  /** Why the mapping cannot read the record (record number, path and what was there). */
  problem: string | null;
}

/** The first records of a file, the mapping proposed for it, and what that mapping makes of them. */
export interface MappingPreview {
  file: string;
  /** How the file is cut into records (`json-array`, `jsonl`, `json-document`, …). */
  framing: string;
  /** The first records as they are in the file. */
  records: unknown[];
  /** Records in the file that are not shown. */
  moreRecords: boolean;
  /**
   * What the file looks like: a built-in format (no mapping needed), a preset that recognises
   * it (its mapping is proposed), or nothing known (a mapping must be written).
   */
  recognised: { as: 'format'; format: string } | { as: 'preset'; preset: string } | { as: 'unknown' };
  /** The mapping the preview used: the one given, else the recognised preset's. */
  mapping: Mapping | null;
  items: MappedRecordPreview[];
}

/**
 * Import mappings (issue 18): where Accord's fields live in someone else's records. Saved in
 * the workspace by name and reused by `datasets.import` (`mapping: NAME`); the presets are
 * mappings too, listed beside them. Saving and previewing belong to whoever imports: leads.
 */
export const mappingMethods = {
  /** Saved mappings and presets, by name. */
  'mappings.list': method<MappingSummary[]>()(z.object({}), { access: 'lead' }),
  /** One mapping (saved or a preset's) in full, to open, copy and edit. */
  'mappings.get': method<{ summary: MappingSummary; mapping: Mapping }>()(z.object({ name: z.string().min(1) }), { access: 'lead' }),
  /** Saves a mapping under its `name`, replacing one saved before; preset names are refused. */
  'mappings.save': method<{ name: string; status: 'created' | 'replaced' }>()(z.object({ mapping: z.unknown() }), { access: 'lead' }),
  /** The first records of a file, the mapping proposed for it (or the one given), and the items it makes of them. */
  'mappings.preview': method<MappingPreview>()(
    z.object({ source: fileSource, mapping: z.unknown().optional(), records: z.number().int().min(1).max(50).default(5) }),
    { access: 'lead' },
  ),
};
