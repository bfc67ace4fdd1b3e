import type { PresetInfo, SchemaValidation } from '../../api/contract';
import { PRESET_NAMES, PRESETS, presetSchema } from '../../core/schemas/presets/index';
import type { LabelSchema } from '../../core/schemas/model';
import { labelSchemaToJson, validateLabelSchema } from '../../core/schemas/schemaJson';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { loadTask } from './taskContext';

/** The presets, for the schema picker. */
export function listPresets(): PresetInfo[] {
  return PRESET_NAMES.map((name) => {
    const schema = PRESETS[name];
    return { name, title: schema.title, description: schema.description, kinds: [...schema.kinds], schema: structuredClone(schema) };
  });
}

/** A preset by name. @throws NotFoundError listing the presets. */
export function requirePreset(name: string): LabelSchema {
  const schema = presetSchema(name);
  if (!schema) throw new NotFoundError(`no preset named "${name}" (presets: ${PRESET_NAMES.join(', ')})`);
  return schema;
}

/** Validates schema JSON text. */
export function importSchemaText(text: string): SchemaValidation {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: '', message: `not valid JSON: ${(error as Error).message}` }] };
  }
  return validateLabelSchema(value);
}

/** A checked schema, or an InvalidInputError listing its issues. */
export function requireValidSchema(json: unknown): LabelSchema {
  const result = validateLabelSchema(json);
  if (!result.ok) {
    throw new InvalidInputError(`invalid label schema: ${result.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
  }
  return result.schema;
}

/** A preset's or a task's schema as a JSON file. */
export function exportSchema(ctx: ServiceContext, args: { preset: string } | { task: string | number }): { fileName: string; text: string } {
  const schema = 'preset' in args ? requirePreset(args.preset) : loadTask(ctx.sql, args.task).schema;
  return { fileName: `${schema.id}.v${schema.version}.schema.json`, text: labelSchemaToJson(schema) };
}
