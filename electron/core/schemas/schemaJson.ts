import { z } from 'zod';
import {
  KIND_OF_SCOPE,
  LABEL_SCHEMA_FORMAT,
  QUESTION_SCOPES,
  QUESTION_TYPES,
  type Choice,
  type LabelSchema,
  type Level,
  type Question,
  type ScoreOption,
} from './model';
import { issuesText, zodIssues } from '../formats/shapeErrors';
import { RESERVED_KEYS } from './keyBindings';

/** The text that means "not applicable" in a labels CSV; no choice may use it as its value. */
export const NA_TEXT = 'N/A';

/** One problem in a schema: where (`questions[2].levels[0].value`) and what is wrong. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/** A schema that failed validation; `issues` lists every problem, the message the first few. */
export class LabelSchemaError extends Error {
  constructor(readonly issues: SchemaIssue[]) {
    super(
      `invalid label schema: ${issuesText(issues, '')}`,
    );
    this.name = 'LabelSchemaError';
  }
}

const ID_PATTERN = /^[a-z][a-z0-9_]*$/;
const SCHEMA_ID_PATTERN = /^[a-z0-9][a-z0-9_.-]*$/;

const text = (what: string) => z.string({ error: `${what} must be text` });
const key = z
  .string({ error: 'key must be a single character' })
  .length(1, { error: 'key must be a single character' })
  .refine((k) => !RESERVED_KEYS.includes(k), {
    error: (issue) => `key "${String(issue.input)}" is reserved for navigation (${RESERVED_KEYS.join(' ')})`,
  })
  .optional();

const choiceValue = text('value')
  .trim()
  .min(1, { error: 'value must not be empty' })
  .refine((v) => !v.includes(';'), { error: 'value must not contain ";" (it separates tags in CSV files)' })
  .refine((v) => v.toUpperCase() !== NA_TEXT, { error: `"${NA_TEXT}" is reserved for not-applicable answers; set allowNA instead` });

/** A choice written out, or just its value as a string. */
const choiceInput = z.union([
  choiceValue,
  z.strictObject({ value: choiceValue, label: text('label').optional(), description: text('description').optional(), key }),
]);

function toChoice(input: z.output<typeof choiceInput>): Choice {
  const c = typeof input === 'string' ? { value: input } : input;
  return { value: c.value, label: c.label ?? c.value, description: c.description ?? '', ...(c.key ? { key: c.key } : {}) };
}

const levelInput = z.union([
  choiceValue,
  z.strictObject({
    value: choiceValue,
    label: text('label').optional(),
    description: text('description').optional(),
    numeric: z.number({ error: 'numeric must be a number' }).finite().optional(),
    key,
  }),
]);

const scoreInput = z.union([
  z.number({ error: 'a score value must be a number' }).finite(),
  z.strictObject({
    value: z.number({ error: 'value must be a number' }).finite(),
    label: text('label').optional(),
    description: text('description').optional(),
    key,
  }),
]);

const base = {
  id: text('id').regex(ID_PATTERN, { error: 'id must be lower_snake_case (a–z, 0–9, _), starting with a letter' }),
  title: text('title').min(1, { error: 'title must not be empty' }),
  description: text('description').default(''),
  scope: z.enum(QUESTION_SCOPES, { error: `scope must be one of ${QUESTION_SCOPES.join(', ')}` }).default('item'),
  allowNA: z.boolean({ error: 'allowNA must be true or false' }).default(false),
  required: z.boolean({ error: 'required must be true or false' }).default(true),
};

const questionInput = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ ...base, type: z.literal('binary'), options: z.array(choiceInput).length(2, { error: 'a binary question has exactly two options (positive first)' }) }),
    z.strictObject({
      ...base,
      type: z.literal('ordinal'),
      levels: z.array(levelInput).min(2, { error: 'an ordinal question needs at least two levels' }),
      tiers: z
        .array(z.strictObject({ name: text('name').min(1), minNumeric: z.number().finite(), description: text('description').default('') }))
        .default([]),
    }),
    z.strictObject({ ...base, type: z.literal('nominal'), options: z.array(choiceInput).min(2, { error: 'a nominal question needs at least two options' }) }),
    z.strictObject({ ...base, type: z.literal('multilabel'), tags: z.array(choiceInput).min(1, { error: 'a multilabel question needs at least one tag' }) }),
    z.strictObject({ ...base, type: z.literal('score'), values: z.array(scoreInput).min(2, { error: 'a score question needs at least two values' }) }),
    z.strictObject({ ...base, type: z.literal('text'), maxLength: z.number().int().positive().default(10_000) }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `type must be one of ${QUESTION_TYPES.join(', ')}` : undefined) },
);

/**
 * The zod schema of label-schema JSON. Lenient where writing by hand is tedious (a choice can
 * be just its value; `description`, `scope`, `allowNA`, `required`, level numbers default) and
 * strict about everything that would corrupt labels (unknown fields, repeated ids or values,
 * unordered levels, a unit scope the schema's kinds do not have).
 */
export const labelSchemaJson = z
  .strictObject({
    format: z.literal(LABEL_SCHEMA_FORMAT, { error: `format must be "${LABEL_SCHEMA_FORMAT}"` }).optional(),
    id: text('id').regex(SCHEMA_ID_PATTERN, { error: 'id must be lower case (a–z, 0–9, _ . -), e.g. "plan-quality"' }),
    version: z.number({ error: 'version must be a whole number ≥ 1' }).int({ error: 'version must be a whole number ≥ 1' }).min(1, { error: 'version must be a whole number ≥ 1' }).default(1),
    title: text('title').min(1, { error: 'title must not be empty' }),
    description: text('description').default(''),
    kinds: z.array(z.enum(['graph', 'plan', 'conversation'], { error: 'kinds lists graph, plan or conversation' })).default([]),
    questions: z.array(questionInput, { error: 'questions must be a list' }).min(1, { error: 'a schema needs at least one question' }),
  })
  .superRefine((schema, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const seen = new Map<string, number>();
    schema.questions.forEach((q, i) => {
      const first = seen.get(q.id);
      if (first !== undefined) issue(['questions', i, 'id'], `"${q.id}" is already the id of questions[${first}]`);
      else seen.set(q.id, i);
      if (q.scope !== 'item' && schema.kinds.length > 0 && !schema.kinds.includes(KIND_OF_SCOPE[q.scope])) {
        issue(['questions', i, 'scope'], `scope "${q.scope}" needs ${KIND_OF_SCOPE[q.scope]}s, but kinds lists only ${schema.kinds.join(', ')}`);
      }
      const listKey = q.type === 'binary' || q.type === 'nominal' ? 'options' : q.type === 'multilabel' ? 'tags' : q.type === 'ordinal' ? 'levels' : q.type === 'score' ? 'values' : null;
      if (!listKey) return;
      const entries = (q as unknown as Record<string, unknown[]>)[listKey].map((c) =>
        typeof c === 'object' && c !== null ? (c as { value: string | number; key?: string }) : { value: c as string | number },
      );
      const values = new Set<string>();
      const keys = new Set<string>();
      entries.forEach((c, j) => {
        const shown = String(c.value);
        if (values.has(shown)) issue(['questions', i, listKey, j, 'value'], `"${shown}" is listed twice`);
        values.add(shown);
        if (c.key) {
          if (keys.has(c.key)) issue(['questions', i, listKey, j, 'key'], `key "${c.key}" is used twice in this question`);
          keys.add(c.key);
        }
      });
      if (q.type === 'ordinal') checkLevels(q.levels, (j, m) => issue(['questions', i, 'levels', ...(j === null ? [] : [j, 'numeric'])], m));
      if (q.type === 'score') {
        const numbers = entries.map((c) => c.value as number);
        numbers.forEach((n, j) => {
          if (j > 0 && n <= numbers[j - 1]) issue(['questions', i, 'values', j], 'score values must be listed lowest first');
        });
      }
    });
  });

function checkLevels(levels: z.output<typeof levelInput>[], issue: (index: number | null, message: string) => void): void {
  const given = levels.filter((l) => typeof l === 'object' && l.numeric !== undefined).length;
  if (given > 0 && given < levels.length) issue(null, 'give a numeric value for every level or for none');
  if (given !== levels.length) return;
  const numbers = levels.map((l) => (l as { numeric: number }).numeric);
  numbers.forEach((n, j) => {
    if (j > 0 && n <= numbers[j - 1]) issue(j, 'levels must be listed lowest first, with increasing numeric values');
  });
}

/** Numeric values of levels that gave none: the value itself when every value is a number (`"1"…"5"`), else the position 1…n. */
function toLevels(input: z.output<typeof levelInput>[]): Level[] {
  const choices = input.map((l) => ({ ...toChoice(typeof l === 'string' ? l : { value: l.value, label: l.label, description: l.description, key: l.key }), numeric: typeof l === 'object' ? l.numeric : undefined }));
  const allNumeric = choices.every((c) => c.value.trim() !== '' && Number.isFinite(Number(c.value)));
  return choices.map((c, i) => ({ ...c, numeric: c.numeric ?? (allNumeric ? Number(c.value) : i + 1) }));
}

function toScoreOption(input: z.output<typeof scoreInput>): ScoreOption {
  const s = typeof input === 'number' ? { value: input } : input;
  return { value: s.value, label: s.label ?? String(s.value), description: s.description ?? '', ...(s.key ? { key: s.key } : {}) };
}

function toQuestion(q: z.output<typeof questionInput>): Question {
  const common = { id: q.id, title: q.title, description: q.description, scope: q.scope, allowNA: q.allowNA, required: q.required };
  switch (q.type) {
    case 'binary':
      return { ...common, type: 'binary', options: [toChoice(q.options[0]), toChoice(q.options[1])] };
    case 'ordinal':
      return { ...common, type: 'ordinal', levels: toLevels(q.levels), tiers: q.tiers };
    case 'nominal':
      return { ...common, type: 'nominal', options: q.options.map(toChoice) };
    case 'multilabel':
      return { ...common, type: 'multilabel', tags: q.tags.map(toChoice) };
    case 'score':
      return { ...common, type: 'score', values: q.values.map(toScoreOption) };
    case 'text':
      return { ...common, type: 'text', maxLength: q.maxLength };
  }
}

/**
 * Validates label-schema JSON (an already parsed value) and returns the schema in canonical
 * form (every default filled in, choices as objects).
 *
 * @returns `{ ok: true, schema }`, or `{ ok: false, issues }` listing every problem with its path.
 * @example validateLabelSchema({ id: 'x', title: 'X', questions: [{ id: 'ok', title: 'OK?', type: 'binary', options: ['yes', 'no'] }] }).ok // true
 */
export function validateLabelSchema(input: unknown): { ok: true; schema: LabelSchema } | { ok: false; issues: SchemaIssue[] } {
  const parsed = labelSchemaJson.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error) };
  const s = parsed.data;
  return {
    ok: true,
    schema: {
      format: LABEL_SCHEMA_FORMAT,
      id: s.id,
      version: s.version,
      title: s.title,
      description: s.description,
      kinds: s.kinds,
      questions: s.questions.map(toQuestion),
    },
  };
}

/**
 * Like {@link validateLabelSchema} but throws.
 *
 * @throws LabelSchemaError listing every issue.
 */
export function parseLabelSchema(input: unknown): LabelSchema {
  const result = validateLabelSchema(input);
  if (!result.ok) throw new LabelSchemaError(result.issues);
  return result.schema;
}

/**
 * Parses label-schema JSON text (a file the user chose).
 *
 * @throws LabelSchemaError for text that is not JSON (with the position) or not a valid schema.
 */
export function parseLabelSchemaText(json: string): LabelSchema {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new LabelSchemaError([{ path: '', message: `not valid JSON: ${(error as Error).message}` }]);
  }
  return parseLabelSchema(value);
}

/** The schema as pretty JSON text, ready to save as a file. */
export function labelSchemaToJson(schema: LabelSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
