import path from 'node:path';
import type { MappedRecordPreview, MappingPreview, MappingSummary } from '../../api/methods/mappings';
import { importMappingByName, listImportMappings, saveImportMapping, type ImportMappingRecord } from '../../../db/queries/importMappings';
import type { Mapping } from '../../core/formats/mapping/model';
import { MappingError, readMapping } from '../../core/formats/mapping/readMapping';
import { findPreset, mappingFormat, presetFormat, PRESETS, type Preset } from '../../core/formats/presets';
import { chooseFormat } from '../../core/formats/registry';
import type { FormatModule } from '../../core/formats/module';
import { FormatError, type ParsedItem } from '../../core/formats/types';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { framingOf } from '../import/detectSource';
import { readRecords } from '../import/records';
import { openablePath } from '../import/sourceFiles';
import { resolveSource } from '../annotation/sources';
import { counted } from '../../common/numberFormat';

/** Saved mappings, then the presets. */
export function listMappings(ctx: ServiceContext): MappingSummary[] {
  return [...listImportMappings(ctx.sql).map(summaryOf), ...PRESETS.map(presetSummary)];
}

/** A saved mapping or a preset's, by name. */
export function getMapping(ctx: ServiceContext, name: string): { summary: MappingSummary; mapping: Mapping } {
  const saved = importMappingByName(ctx.sql, name);
  if (saved) return { summary: summaryOf(saved), mapping: readMapping(JSON.parse(saved.mapping_json)) };
  const preset = findPreset(name);
  if (preset) return { summary: presetSummary(preset), mapping: preset.mapping };
  throw new NotFoundError(`no mapping named "${name}" (saved: ${listImportMappings(ctx.sql).map((m) => m.name).join(', ') || 'none'}; presets: ${PRESETS.map((p) => p.name).join(', ')})`);
}

/** A mapping given with an import: an object (checked), or the name of a saved one. */
export function resolveMapping(ctx: ServiceContext, value: unknown): Mapping {
  if (typeof value === 'string') {
    const saved = importMappingByName(ctx.sql, value);
    if (!saved) throw new InvalidInputError(`no saved mapping named "${value}" (saved: ${listImportMappings(ctx.sql).map((m) => m.name).join(', ') || 'none'})`);
    return readMapping(JSON.parse(saved.mapping_json));
  }
  return checked(value);
}

/** Saves a mapping in the workspace under its name. */
export async function saveMapping(ctx: ServiceContext, value: unknown): Promise<{ name: string; status: 'created' | 'replaced' }> {
  const mapping = checked(value);
  if (findPreset(mapping.name)) throw new ConflictError(`"${mapping.name}" is a preset's name; save your copy under another name`);
  const savedBy = ctx.caller.name;
  const status = await ctx.sqlWrite((db) => saveImportMapping(db, { name: mapping.name, kind: mapping.kind, mappingJson: JSON.stringify(mapping), savedBy }), { label: 'save mapping' });
  ctx.emit('workspace.changed', { what: 'mappings' });
  return { name: mapping.name, status };
}

/**
 * Reads the first records of a file, says what it is (a built-in format, a preset's release,
 * or unknown), and reads those records through the given mapping (else the preset's), record by
 * record, so a record the mapping cannot read shows its problem beside the others.
 */
export async function previewMapping(ctx: ServiceContext, args: { source: { path: string } | { uploadId: string; name: string }; mapping?: unknown; records: number }): Promise<MappingPreview> {
  const file = resolveSource(ctx, args.source);
  const fileName = path.basename(file.displayName);
  const source = openablePath(file.path);
  const given = args.mapping === undefined ? undefined : resolveMapping(ctx, args.mapping);
  let framing;
  let records: unknown[] = [];
  let more = false;
  try {
    framing = await framingOf(source, fileName);
    for await (const framed of readRecords(source, framing)) {
      if (framed.error) throw framed.error;
      if (records.length === args.records) {
        more = true;
        break;
      }
      records.push(framed.record);
    }
  } catch (error) {
    if (error instanceof FormatError) throw new InvalidInputError(`${fileName}: ${error.message}`);
    throw error;
  }
  if (records.length === 0) throw new InvalidInputError(`${fileName}: the file holds no records`);
  const recognised = recogniseFile(framing, records[0], fileName);
  const preset = recognised.as === 'preset' ? findPreset(recognised.preset) : undefined;
  const mapping = given ?? preset?.mapping ?? null;
  const format: FormatModule | null = given ? mappingFormat(given, framing) : preset ? presetFormat(preset, framing) : null;
  // A one-document file is one record; show only the start of its list of records.
  if (framing === 'json-document') records = records.map((r) => trimDocument(r, mapping?.records));
  return { file: fileName, framing, records, moreRecords: more, recognised, mapping, items: format ? previewItems(format, records, fileName) : [] };
}

function recogniseFile(framing: Parameters<typeof chooseFormat>[0], sample: unknown, fileName: string): MappingPreview['recognised'] {
  try {
    const format = chooseFormat(framing, sample, fileName);
    return format.id.startsWith('preset:') ? { as: 'preset', preset: format.id.slice('preset:'.length) } : { as: 'format', format: format.id };
  } catch {
    return { as: 'unknown' };
  }
}

function previewItems(format: FormatModule, records: unknown[], fileName: string): MappedRecordPreview[] {
  const reader = format.createReader({ fileName });
  const out: MappedRecordPreview[] = [];
  const add = (items: ParsedItem[], record: number) => items.forEach((item) => out.push(itemPreview(item, record)));
  records.forEach((record, k) => {
    try {
      add(reader.add(record, k + 1, k + 1), k + 1);
    } catch (error) {
      out.push({ record: k + 1, externalId: null, kind: null, summary: null, errors: 0, warnings: 0, problem: (error as Error).message });
    }
  });
  try {
    add(reader.finish(), records.length);
  } catch (error) {
    out.push({ record: records.length, externalId: null, kind: null, summary: null, errors: 0, warnings: 0, problem: (error as Error).message });
  }
  return out;
}

function itemPreview(item: ParsedItem, record: number): MappedRecordPreview {
  const payload = item.payload as { turns?: unknown[]; actualTrace?: unknown[]; expectedTrace?: unknown[] | null; nodes?: unknown[]; edges?: unknown[] };
  const summary =
    item.kind === 'graph'
      ? `${counted(payload.nodes?.length ?? 0, 'node')}, ${counted(payload.edges?.length ?? 0, 'edge')}`
      : `${counted(payload.turns?.length ?? 0, 'turn')}, ${counted(payload.actualTrace?.length ?? 0, 'tool call')}${payload.expectedTrace ? `, ${counted(payload.expectedTrace.length, 'expected call')}` : ''}`;
  return {
    record,
    externalId: item.externalId,
    kind: item.kind,
    summary,
    errors: item.findings.filter((f) => f.severity === 'error').length,
    warnings: item.findings.filter((f) => f.severity === 'warning').length,
    problem: null,
  };
}

/** A big one-document file shown by its first few records only. */
function trimDocument(record: unknown, recordsPath: string | undefined): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = Array.isArray(value) && (key === recordsPath || value.length > 3) ? value.slice(0, 3) : value;
  return out;
}

function checked(value: unknown): Mapping {
  try {
    return readMapping(value);
  } catch (error) {
    if (error instanceof MappingError) throw new InvalidInputError(error.message);
    throw error;
  }
}

function summaryOf(row: ImportMappingRecord): MappingSummary {
  const mapping = JSON.parse(row.mapping_json) as { description?: string };
  return { name: row.name, kind: row.kind as MappingSummary['kind'], description: mapping.description ?? '', preset: false, savedBy: row.saved_by, updatedAt: row.updated_at };
}

function presetSummary(preset: Preset): MappingSummary {
  return { name: preset.name, kind: preset.kind, description: preset.description, preset: true, savedBy: null, updatedAt: null };
}
