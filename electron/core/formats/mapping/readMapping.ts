import { MAPPING_FORMAT, type Mapping, type ValueSpec } from './model';
import { parsePath } from './paths';

/** A mapping file that is not a mapping: every problem, each naming its field. */
export class MappingError extends Error {
  constructor(readonly problems: string[]) {
    super(`not a valid mapping: ${problems.join('; ')}`);
    this.name = 'MappingError';
  }
}

const MODES = new Set(['all-calls', 'state-changing', 'order-free']);

/**
 * Checks a mapping's JSON (see `model.ts`) and returns it typed.
 *
 * @throws {MappingError} listing each problem with its field, e.g. `messages.role: missing`.
 */
export function readMapping(value: unknown): Mapping {
  const problems: string[] = [];
  if (!isRecord(value)) throw new MappingError(['the mapping must be a JSON object']);
  if (value.format !== undefined && value.format !== MAPPING_FORMAT) problems.push(`format: must be "${MAPPING_FORMAT}"`);
  if (typeof value.name !== 'string' || value.name.trim() === '') problems.push('name: a name is needed (it is saved and listed under it)');
  if (value.kind !== 'conversation' && value.kind !== 'graph') problems.push('kind: must be "conversation" or "graph"');
  if (value.records !== undefined && (typeof value.records !== 'string' || parsePath(value.records) === null)) problems.push('records: must be a path such as "instances"');
  spec(value.id, 'id', problems);
  if (value.metadata !== undefined) {
    if (!isRecord(value.metadata)) problems.push('metadata: must be an object of specs');
    else for (const [key, s] of Object.entries(value.metadata)) spec(s, `metadata.${key}`, problems);
  }
  if (value.kind === 'conversation') {
    if (!isRecord(value.messages)) problems.push('messages: must say where the messages are ({ path, role, content })');
    else {
      spec(value.messages.path, 'messages.path', problems);
      spec(value.messages.role, 'messages.role', problems);
      for (const key of ['content', 'toolCalls', 'toolCallId', 'name']) if (value.messages[key] !== undefined) spec(value.messages[key], `messages.${key}`, problems);
    }
    if (value.expectedTrace !== undefined) {
      if (!isRecord(value.expectedTrace)) problems.push('expectedTrace: must be { path, name, arguments }');
      else {
        spec(value.expectedTrace.path, 'expectedTrace.path', problems);
        spec(value.expectedTrace.name, 'expectedTrace.name', problems);
        if (value.expectedTrace.arguments !== undefined) spec(value.expectedTrace.arguments, 'expectedTrace.arguments', problems);
      }
    }
    for (const key of ['domain', 'model', 'intent', 'flowgraph']) if (value[key] !== undefined) spec(value[key], key, problems);
    if (value.scoring !== undefined) {
      const scoring = value.scoring;
      if (!isRecord(scoring) || !Array.isArray(scoring.modes) || !scoring.modes.every((m) => MODES.has(m as string))) {
        problems.push(`scoring.modes: a list of ${[...MODES].join(', ')}`);
      } else if (!Array.isArray(scoring.readOnlyTools) || !scoring.readOnlyTools.every((t) => typeof t === 'string' && !t.slice(0, -1).includes('*'))) {
        problems.push('scoring.readOnlyTools: a list of tool names, each a name or a name prefix ending in * (get_*)');
      }
    }
  } else if (value.kind === 'graph') {
    spec(value.workflowText, 'workflowText', problems);
    for (const key of ['title', 'task']) if (value[key] !== undefined) spec(value[key], key, problems);
  }
  if (problems.length > 0) throw new MappingError(problems);
  return { format: MAPPING_FORMAT, description: '', ...value } as unknown as Mapping;
}

/** Checks one value spec, recursively. */
function spec(value: unknown, field: string, problems: string[]): value is ValueSpec {
  if (value === undefined) {
    problems.push(`${field}: missing`);
    return false;
  }
  if (typeof value === 'string') {
    if (parsePath(value) === null) problems.push(`${field}: "${value}" is not a path (fields with dots, [n] or [field=value])`);
    return true;
  }
  if (!isRecord(value)) {
    problems.push(`${field}: a path or a transform ({ path }, { first }, { join }, { split }, { rename }, { template }, { literal })`);
    return false;
  }
  const keys = Object.keys(value);
  if ('literal' in value) return true;
  if (typeof value.path === 'string') return spec(value.path, `${field}.path`, problems);
  if (Array.isArray(value.first)) {
    value.first.forEach((option, i) => spec(option, `${field}.first[${i}]`, problems));
    return true;
  }
  if ('join' in value) {
    if (Array.isArray(value.join)) value.join.forEach((part, i) => spec(part, `${field}.join[${i}]`, problems));
    else spec(value.join, `${field}.join`, problems);
    if (value.with !== undefined && typeof value.with !== 'string') problems.push(`${field}.with: must be text`);
    return true;
  }
  if ('split' in value) {
    if (typeof value.on !== 'string') problems.push(`${field}.on: the text to split on`);
    return spec(value.split, `${field}.split`, problems);
  }
  if ('rename' in value) {
    if (!isRecord(value.to) || !Object.values(value.to).every((v) => typeof v === 'string')) problems.push(`${field}.to: an object of old → new names`);
    return spec(value.rename, `${field}.rename`, problems);
  }
  if (typeof value.template === 'string') return true;
  problems.push(`${field}: unknown transform (${keys.join(', ') || 'empty object'})`);
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
