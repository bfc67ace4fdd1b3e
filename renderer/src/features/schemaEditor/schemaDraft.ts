import type { Choice, LabelSchema, Level, Question, QuestionScope, QuestionType, SchemaIssue, ScoreOption } from '../../../../electron/api/labelSchemas';

/** How each question type is named in the editor. */
export const TYPE_TEXT: Record<QuestionType, { label: string; help: string }> = {
  binary: { label: 'Binary', help: 'Two answers, positive first (pass / fail, yes / no).' },
  ordinal: { label: 'Ordinal', help: 'Ordered named levels with numeric values, lowest first.' },
  nominal: { label: 'Nominal', help: 'Unordered categories; one is picked.' },
  multilabel: { label: 'Tags', help: 'A closed tag set; any number of tags apply.' },
  score: { label: 'Score', help: 'Fixed numeric values, e.g. 0 / 0.5 / 1.' },
  text: { label: 'Text', help: 'Free text.' },
};

/** How each scope is named in the editor. */
export const SCOPE_TEXT: Record<QuestionScope, string> = {
  item: 'The whole item',
  node: 'Each graph node',
  step: 'Each plan step',
  turn: 'Each conversation turn',
};

export const QUESTION_TYPES: QuestionType[] = ['binary', 'ordinal', 'nominal', 'multilabel', 'score', 'text'];
export const QUESTION_SCOPES: QuestionScope[] = ['item', 'node', 'step', 'turn'];

/** `base`, or `base_2`, `base_3`… — the first not in `taken`. */
export function uniqueId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

const choice = (value: string, label = value, description = ''): Choice => ({ value, label, description });

/** A new question of a type, with a few answers to start from. */
export function newQuestion(type: QuestionType, takenIds: Iterable<string>): Question {
  const common = { id: uniqueId('question', takenIds), title: 'New question', description: '', scope: 'item' as const, allowNA: false, required: true };
  switch (type) {
    case 'binary':
      return { ...common, type, options: [choice('pass', 'Pass'), choice('fail', 'Fail')] };
    case 'ordinal':
      return { ...common, type, levels: ['1', '2', '3', '4', '5'].map((v, i) => ({ ...choice(v), numeric: i + 1 })), tiers: [] };
    case 'nominal':
      return { ...common, type, options: [choice('first', 'First'), choice('second', 'Second')] };
    case 'multilabel':
      return { ...common, type, tags: [choice('tag_one', 'Tag one'), choice('tag_two', 'Tag two')] };
    case 'score':
      return { ...common, type, values: [0, 0.5, 1].map((value) => ({ value, label: String(value), description: '' })) };
    case 'text':
      return { ...common, type, maxLength: 10_000 };
  }
}

/** The named answers of a question (empty for score and text). */
function choicesOf(q: Question): Choice[] {
  switch (q.type) {
    case 'binary':
    case 'nominal':
      return q.options;
    case 'ordinal':
      return q.levels;
    case 'multilabel':
      return q.tags;
    default:
      return [];
  }
}

/**
 * The question as another type, keeping what carries over: id, title, guidance, scope and
 * flags always; named answers between binary, ordinal, nominal and tags (levels numbered
 * 1…n; a binary question keeps the first two).
 */
export function convertQuestion(q: Question, type: QuestionType): Question {
  if (q.type === type) return q;
  const fresh = newQuestion(type, []);
  const common = { id: q.id, title: q.title, description: q.description, scope: q.scope, allowNA: q.allowNA, required: q.required };
  const named = choicesOf(q).map(({ value, label, description, key }) => ({ value, label, description, ...(key ? { key } : {}) }));
  switch (fresh.type) {
    case 'binary':
      return { ...fresh, ...common, options: named.length >= 2 ? [named[0], named[1]] : fresh.options };
    case 'ordinal':
      return { ...fresh, ...common, levels: named.length >= 2 ? named.map((c, i): Level => ({ ...c, numeric: i + 1 })) : fresh.levels };
    case 'nominal':
      return { ...fresh, ...common, options: named.length >= 2 ? named : fresh.options };
    case 'multilabel':
      return { ...fresh, ...common, tags: named.length >= 1 ? named : fresh.tags };
    default:
      return { ...fresh, ...common };
  }
}

/** A blank schema with one question. */
export function blankSchema(): LabelSchema {
  return {
    format: 'accord.label-schema',
    id: 'my-schema',
    version: 1,
    title: 'My schema',
    description: '',
    kinds: [],
    questions: [{ ...newQuestion('binary', []), id: 'acceptable', title: 'Is this acceptable?' }],
  };
}

/** A preset as the starting point of the user's own schema: its own id, so it is never mistaken for the preset. */
export function schemaFromPreset(preset: LabelSchema): LabelSchema {
  return { ...structuredClone(preset), id: `${preset.id}-custom`, title: `${preset.title} (custom)`, version: 1 };
}

/**
 * Adds another schema's questions (a preset's, say) to a schema: ids that clash get a
 * suffix, and the kinds they need are added.
 */
export function addQuestionsFrom(schema: LabelSchema, other: LabelSchema): LabelSchema {
  const taken = schema.questions.map((q) => q.id);
  const added = other.questions.map((q) => {
    const id = uniqueId(q.id, taken);
    taken.push(id);
    return { ...structuredClone(q), id };
  });
  const kinds = schema.kinds.length === 0 ? [] : [...new Set([...schema.kinds, ...other.kinds])];
  return { ...schema, kinds, questions: [...schema.questions, ...added] };
}

/** Moves an element of a list by `delta` places (no-op at the ends). */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  const [entry] = copy.splice(index, 1);
  copy.splice(target, 0, entry);
  return copy;
}

/**
 * The schema as JSON for `schemas.validate`: empty labels and keys are left out (so the label
 * defaults to the value and no key is bound) — what a person means by clearing the field.
 */
export function draftToJson(schema: LabelSchema): unknown {
  const tidy = <C extends { label?: string; key?: string }>(c: C) => {
    const copy: Record<string, unknown> = { ...c };
    if (!c.label) delete copy.label;
    if (!c.key) delete copy.key;
    return copy;
  };
  return {
    ...schema,
    questions: schema.questions.map((q) => {
      switch (q.type) {
        case 'binary':
        case 'nominal':
          return { ...q, options: q.options.map(tidy) };
        case 'ordinal':
          return { ...q, levels: q.levels.map(tidy) };
        case 'multilabel':
          return { ...q, tags: q.tags.map(tidy) };
        case 'score':
          return { ...q, values: q.values.map((v: ScoreOption) => tidy(v)) };
        default:
          return q;
      }
    }),
  };
}

/** The issues at a path or below it (`questions[2]` holds `questions[2].levels[0].value`). */
export function issuesUnder(issues: readonly SchemaIssue[], path: string): SchemaIssue[] {
  return issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`) || i.path.startsWith(`${path}[`));
}

/** The message of the issue exactly at a path, for a field's helper text. */
export function issueAt(issues: readonly SchemaIssue[], path: string): string | undefined {
  return issues.find((i) => i.path === path)?.message;
}
