import { shapeMessage } from '../shapeErrors';
import type { Plan, PlanStep, PlanTextError } from './model';
import { parseStepCall } from './stepCall';
import { parseTolerantJson, type EntriesOf, type JsonTextIssue } from './tolerantJson';

/** A plan of the wrong shape; the message starts with the field path (`plan.2.depends_on: …`). */
class PlanShapeError {
  constructor(readonly message: string) {}
}

const plainEntries: EntriesOf = (value) => Object.entries(value);

/**
 * Reads plan text — a CSV cell, or a plan field that holds a string — tolerantly (see
 * parseTolerantJson). Never throws: text that cannot be read, or that reads as something other
 * than an object of steps, gives a plan with parse status `invalid`, its raw text and the reason.
 *
 * @param field the plan's path in the record (`plan`, `best_plan`, `plan_lineage[1]`), used in messages.
 * @example planFromText('{ 1: {"step": T2S([], "x"), "depends_on": []} }', 'plan').parseStatus // → 'tolerant'
 */
export function planFromText(text: string, field: string): Plan {
  const parsed = parseTolerantJson(text);
  if (!parsed.ok) {
    return invalidPlan(text, textError(parsed.strictError), { kind: 'syntax', ...textError(parsed.error) });
  }
  const jsonError = parsed.strictError ? textError(parsed.strictError) : null;
  try {
    const steps = readSteps(parsed.value, field, parsed.entriesOf);
    return { parseStatus: jsonError ? 'tolerant' : 'json', steps, rawText: jsonError ? text : null, jsonError, readError: null };
  } catch (error) {
    if (!(error instanceof PlanShapeError)) throw error;
    return invalidPlan(text, jsonError, { kind: 'shape', message: error.message, line: null, column: null });
  }
}

/**
 * Reads a plan that is already a decoded JSON value (an object of steps). Never throws: a value
 * of the wrong shape (an array, a step without text, `depends_on` that is not a list…) gives a
 * plan with parse status `invalid` whose `rawText` is the value as indented JSON, so the viewer
 * can still show it.
 *
 * @param entriesOf source-order entries when the value came from parseTolerantJson.
 */
export function planFromValue(value: unknown, field: string, entriesOf: EntriesOf = plainEntries): Plan {
  try {
    const steps = readSteps(value, field, entriesOf);
    return { parseStatus: 'json', steps, rawText: null, jsonError: null, readError: null };
  } catch (error) {
    if (!(error instanceof PlanShapeError)) throw error;
    return invalidPlan(indentedJson(value), null, { kind: 'shape', message: error.message, line: null, column: null });
  }
}

function invalidPlan(rawText: string, jsonError: PlanTextError | null, readError: Plan['readError']): Plan {
  return { parseStatus: 'invalid', steps: [], rawText, jsonError, readError };
}

function textError(issue: JsonTextIssue): PlanTextError {
  return { message: issue.message, line: issue.line, column: issue.column };
}

function indentedJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function readSteps(value: unknown, field: string, entriesOf: EntriesOf): PlanStep[] {
  if (!isObject(value)) throw shape(field, 'an object of steps', value);
  return entriesOf(value).map(([key, step], index) => readStep(step, key, index, childPath(field, key), entriesOf));
}

function readStep(value: unknown, id: string, index: number, path: string, entriesOf: EntriesOf): PlanStep {
  if (!isObject(value)) throw shape(path, 'a step object with "query" (or "step") and "depends_on"', value);
  const textField = Object.hasOwn(value, 'query') ? 'query' : Object.hasOwn(value, 'step') ? 'step' : null;
  if (textField === null) throw new PlanShapeError(`${path}: missing "query" (or "step"), the step's text`);
  const text = (value as Record<string, unknown>)[textField];
  if (typeof text !== 'string') throw shape(`${path}.${textField}`, 'a string', text);
  const dependsOn = readDependsOn((value as Record<string, unknown>).depends_on, `${path}.depends_on`, value);
  const extra = Object.fromEntries(entriesOf(value).filter(([key]) => key !== textField && key !== 'depends_on'));
  return { index, id, text, textField, ...parseStepCall(text), dependsOn, extra };
}

function readDependsOn(value: unknown, path: string, step: object): string[] {
  if (!Object.hasOwn(step, 'depends_on') || value === null) return [];
  if (!Array.isArray(value)) throw shape(path, 'a list of step ids', value);
  return value.map((entry, i) => {
    if (typeof entry === 'number' && Number.isFinite(entry)) return String(entry);
    if (typeof entry === 'string') {
      const id = entry.trim().replace(/^\((.*)\)$/, '$1').trim();
      if (id !== '') return id;
    }
    throw shape(`${path}[${i}]`, 'a step id (a number or a string)', entry);
  });
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function shape(path: string, expected: string, value: unknown): PlanShapeError {
  return new PlanShapeError(shapeMessage(path, expected, value));
}

/** `plan` + `2` → `plan.2`; keys that are not simple names are bracketed: `plan["a b"]`. */
export function childPath(path: string, key: string): string {
  return /^[\w$-]+$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}
