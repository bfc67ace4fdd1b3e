import type { ArtifactKind } from '../formats/types';
import type { LabelSchema, Question } from '../schemas/model';
import { findQuestion } from '../schemas/model';
import { parseUnitKey, unitKey, unitsOf } from '../schemas/unitKeys';
import { answerSchemaProblems } from './answerSchema';
import { extractJson } from './extractJson';
import { matchAnswer } from './matchAnswer';
import type { JudgeDefinition, JudgeLabel, ParseOutcome, QuestionMapping } from './model';

/** What a reply is about: the item (its kind and payload, for its units) and the unit of a per-unit call. */
export interface ReplyTarget {
  kind: ArtifactKind;
  payload: unknown;
  /** The unit key of a per-unit call; null for a per-item call. */
  unit: string | null;
}

/** Reads a dot-separated path (`verdict.value`) out of a JSON value; undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Turns a model's reply into labels for the task's questions, all or nothing: a reply with
 * any problem (no JSON, a missing field, an answer outside the question's values, a unit
 * missing or unknown) yields `{ ok: false, error }` naming every problem, so a half-read
 * reply never becomes half a set of labels.
 *
 * With `checkSchema`, the answer must also follow the judge's response schema (the server did
 * not enforce it: the `json_object` fallback); an answer that does not is refused whole too.
 *
 * @example parseReply(planQualityJudge, planQuality, '{"rationale":"…","overall_quality":"Very Good"}', target)
 *   // { ok: true, labels: [{ unit: '', question: 'overall_quality', value: 'Very Good', na: false, rationale: '…' }], answer: {…} }
 */
export function parseReply(judge: JudgeDefinition, schema: LabelSchema, content: string, target: ReplyTarget, options: { checkSchema?: boolean } = {}): ParseOutcome {
  const extracted = extractJson(content);
  if (!extracted.ok) return { ok: false, error: extracted.error };
  const answer = extracted.value;
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
    return { ok: false, error: `the reply is JSON but not an object (${Array.isArray(answer) ? 'a list' : JSON.stringify(answer)})` };
  }
  if (options.checkSchema) {
    const off = answerSchemaProblems(judge.output.schema, answer);
    if (off.length > 0) return { ok: false, error: `the reply does not follow the judge's response schema: ${off.join('; ')}` };
  }
  const labels: JudgeLabel[] = [];
  const problems: string[] = [];
  for (const mapping of judge.mapping) {
    const question = findQuestion(schema, mapping.question);
    if (!question) {
      problems.push(`the task's schema has no question "${mapping.question}"`);
      continue;
    }
    if (mapping.units && target.unit === null) readUnitList(mapping, question, answer, target, labels, problems);
    else readOne(mapping, question, answer, target.unit ?? '', labels, problems);
  }
  if (problems.length > 0) return { ok: false, error: problems.join('; ') };
  return { ok: true, labels, answer };
}

function readOne(mapping: QuestionMapping, question: Question, entry: unknown, unit: string, labels: JudgeLabel[], problems: string[], where = ''): void {
  const raw = valueAt(entry, mapping.field);
  const checked = matchAnswer(question, raw, mapping.valueMap);
  if (!checked.ok) {
    problems.push(`${where}${raw === undefined ? `${question.id}: the reply has no "${mapping.field}"` : checked.message}`);
    return;
  }
  labels.push({ unit, question: question.id, value: checked.value, na: checked.na, rationale: rationaleOf(entry, mapping.rationaleField) });
}

function readUnitList(mapping: QuestionMapping, question: Question, answer: unknown, target: ReplyTarget, labels: JudgeLabel[], problems: string[]): void {
  const { list, idField } = mapping.units!;
  const entries = valueAt(answer, list);
  if (!Array.isArray(entries)) {
    problems.push(`${question.id}: the reply has no list "${list}"`);
    return;
  }
  const expected = unitsOf(target.kind, target.payload, question.scope);
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const id = valueAt(entry, idField);
    if (typeof id !== 'string' && typeof id !== 'number') {
      problems.push(`${list}[${i}]: "${idField}" must name the ${question.scope} (got ${JSON.stringify(id)})`);
      return;
    }
    const key = unitKey(question.scope, String(id).trim());
    if (!expected.includes(key)) {
      problems.push(`${list}[${i}]: there is no ${question.scope} ${id} in this item`);
      return;
    }
    if (seen.has(key)) {
      problems.push(`${list}[${i}]: ${question.scope} ${id} is answered twice`);
      return;
    }
    seen.add(key);
    readOne(mapping, question, entry, key, labels, problems, `${question.scope} ${id}: `);
  });
  const missing = expected.filter((key) => !seen.has(key));
  if (missing.length > 0 && question.required) {
    problems.push(`${question.id}: the reply does not answer ${question.scope}${missing.length === 1 ? '' : 's'} ${missing.map((k) => parseUnitKey(k)?.id).join(', ')}`);
  }
}

function rationaleOf(entry: unknown, field: string | undefined): string | null {
  if (!field) return null;
  const value = valueAt(entry, field);
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.trim() === '' ? null : text.trim();
}
