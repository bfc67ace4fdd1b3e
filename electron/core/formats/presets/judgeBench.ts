import { conversationItem } from '../conversations/conversationItem';
import { readMessageConversation } from '../conversations/conversationRecord';
import type { Conversation } from '../conversations/model';
import type { FormatReader } from '../module';
import { FormatError, type Finding, type ImportedAnnotations, type ParsedItem } from '../types';
import type { Preset } from './model';
import { isObject } from './recognise';

/** One declared metric of a JUDGE-BENCH file that became a question. */
interface Metric {
  name: string;
  questionId: string;
  category: 'graded' | 'categorical' | 'continuous';
  /** The stored values: levels (graded), categories (categorical), numbers as text (continuous). */
  values: string[];
}

/** The declared metrics: those that became questions, and what was said about the others. */
interface Metrics {
  questions: Metric[];
  /** Why a declared metric has no question, one sentence each, naming it. */
  unread: string[];
}

/** The anonymous rater slot of the k-th score (0-based) of an instance. */
export function raterSlot(k: number): string {
  return `rater ${k + 1}`;
}

/** Validator of the warning that names a metric whose scores were not imported. */
export const METRIC_NOT_IMPORTED = 'judge-bench-metric-not-imported';
/** Validator of the warning that says why a file's import made no task. */
export const NO_TASK = 'judge-bench-no-task';

/**
 * Reads a JUDGE-BENCH file (`{dataset, annotations: [{metric, category, worst, best,
 * labels_list, prompt}], instances: [{id, instance, annotations: {metric: {individual_human_scores}}}]}`):
 * one conversation item per instance (see {@link instanceConversation} for how its fields are
 * shown), and a label schema whose questions are the declared metrics, with each instance's
 * `individual_human_scores` as labels from anonymous rater slots (the k-th score of every
 * instance is `rater k`: the files carry no rater ids, and α needs none). Nothing is dropped
 * silently: a metric that cannot be a question, scores for an undeclared metric, a question
 * no instance gave individual scores for, and a file with no individual scores at all (no task)
 * are warnings on the file's first item.
 */
export function judgeBenchReader(): FormatReader {
  return {
    add(record, line) {
      if (!isObject(record) || !Array.isArray(record.instances) || !Array.isArray(record.annotations)) {
        throw new FormatError('expected a JUDGE-BENCH file with annotations and instances', line, 1);
      }
      const metrics = declaredMetrics(record.annotations, record.instances);
      const schema = labelSchema(String(record.dataset ?? 'JUDGE-BENCH'), record.annotations, metrics.questions);
      const items = record.instances.map((instance, k) => instanceItem(instance, k, metrics.questions, schema));
      const warnings = fileWarnings(record.annotations, record.instances, metrics, items);
      if (items.length > 0 && warnings.length > 0) items[0]!.findings.push(...warnings);
      return items;
    },
    finish: () => [],
  };
}

function declaredMetrics(declarations: unknown[], instances: unknown[]): Metrics {
  const questions: Metric[] = [];
  const unread: string[] = [];
  declarations.forEach((raw, i) => {
    if (!isObject(raw) || typeof raw.metric !== 'string') throw new FormatError(`annotations[${i}].metric: expected the metric's name, found ${isObject(raw) ? String(raw.metric) : typeof raw}`, 1, 1, `annotations[${i}].metric`);
    const name = raw.metric;
    const category = String(raw.category ?? '');
    const questionId = questionIdOf(name, i);
    if (category === 'graded') {
      const worst = Number(raw.worst);
      const best = Number(raw.best);
      if (!Number.isInteger(worst) || !Number.isInteger(best) || worst === best) {
        throw new FormatError(`annotations[${i}]: a graded metric needs integer worst and best, found worst ${String(raw.worst)}, best ${String(raw.best)}`, 1, 1, `annotations[${i}]`);
      }
      const low = Math.min(worst, best);
      const values = Array.from({ length: Math.abs(best - worst) + 1 }, (_, v) => String(low + v));
      questions.push({ name, questionId, category, values });
    } else if (category === 'categorical') {
      const declared = Array.isArray(raw.labels_list) ? raw.labels_list.map(String) : observedValues(instances, name);
      const values = [...new Set(declared)];
      if (values.length >= 2) questions.push({ name, questionId, category, values });
      else unread.push(`"${name}" (categorical) has ${values.length === 0 ? 'no categories' : `only the category ${values[0]}`} (labels_list or scores): a question needs two; its scores were not imported`);
    } else if (category === 'continuous') {
      const values = continuousValues(raw, instances, name);
      if (values.length < 2) {
        unread.push(`"${name}" (continuous) has ${values.length === 0 ? 'no numeric score and no worst/best' : `only the value ${values[0]}`}: a score question needs two values; its scores were not imported`);
      } else if (values.length > MAX_SCORE_VALUES) {
        unread.push(`"${name}" (continuous) has ${values.length} distinct values (worst, best and the scores given): a score question holds at most ${MAX_SCORE_VALUES}; its scores were not imported`);
      } else {
        questions.push({ name, questionId, category, values });
      }
    } else {
      unread.push(`"${name}" has category ${category ? `"${category}"` : '(none)'}, not one of graded, categorical, continuous: its scores were not imported`);
    }
  });
  return { questions, unread };
}

/**
 * The most values a continuous metric's score question gets: a 0–100 scale in whole numbers.
 * Agreement on a question costs the square of its values' count (a coincidence matrix per
 * bootstrap resample): 101 values took 12 s and 240 MB for 400 units × 3 raters, 666 values
 * 75 s and 2.5 GB.
 */
const MAX_SCORE_VALUES = 101;

/**
 * The values of a continuous metric's score question: the declared worst and best and every
 * individual score of the file, as numbers, lowest first. No scale is made up: these are the
 * values the file itself holds.
 */
function continuousValues(declaration: Record<string, unknown>, instances: unknown[], metric: string): string[] {
  const numbers = new Set<number>();
  for (const bound of [declaration.worst, declaration.best]) {
    const n = numberOf(bound);
    if (n !== null) numbers.add(n);
  }
  for (const instance of instances) {
    for (const score of scoresOf(instance, metric)) {
      const n = numberOf(score);
      if (n !== null) numbers.add(n);
    }
  }
  return [...numbers].sort((a, b) => a - b).map(String);
}

/** A number, or a string that is one (`"66.5"`); else null. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function observedValues(instances: unknown[], metric: string): string[] {
  const seen = new Set<string>();
  for (const instance of instances) for (const score of scoresOf(instance, metric)) if (score !== null && score !== undefined) seen.add(String(score));
  return [...seen].sort();
}

function scoresOf(instance: unknown, metric: string): unknown[] {
  if (!isObject(instance) || !isObject(instance.annotations)) return [];
  const entry = instance.annotations[metric];
  return isObject(entry) && Array.isArray(entry.individual_human_scores) ? entry.individual_human_scores : [];
}

function questionIdOf(metric: string, position: number): string {
  const id = metric.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(id) ? id : `metric_${position + 1}${id ? `_${id}` : ''}`;
}

function labelSchema(dataset: string, declarations: unknown[], metrics: Metric[]): Record<string, unknown> {
  const questions = metrics.map((m) => {
    const declaration = declarations.find((d) => isObject(d) && d.metric === m.name) as Record<string, unknown>;
    const prompt = typeof declaration.prompt === 'string' ? declaration.prompt : '';
    const base = { id: m.questionId, title: m.name, scope: 'item', required: false };
    if (m.category === 'graded') return { ...base, description: prompt.slice(0, 2000), type: 'ordinal', levels: m.values.map((v) => ({ value: v, label: v, numeric: Number(v) })) };
    if (m.category === 'categorical') return { ...base, description: prompt.slice(0, 2000), type: 'nominal', options: m.values.map((v) => ({ value: v, label: v })) };
    // Continuous: the values the file holds (its worst and best, and the scores given).
    const note = `Continuous in the release (worst ${String(declaration.worst ?? '–')}, best ${String(declaration.best ?? '–')}): the values are the bounds and the scores the file holds.`;
    return { ...base, description: `${note}\n\n${prompt}`.slice(0, 2000), type: 'score', values: m.values.map((v) => ({ value: Number(v), label: v })) };
  });
  const slug = dataset.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'dataset';
  return { format: 'accord.label-schema', id: `judge-bench-${slug}`, version: 1, title: `${dataset} (JUDGE-BENCH)`, description: 'The metrics the file declares, with its human scores as labels from anonymous rater slots.', kinds: ['conversation'], questions };
}

/**
 * Words (beginnings of words) of field names, by what the field holds: what the judged output
 * answers or is checked against, the request it answers, and the judged output. A field name is
 * split into words (`reference_answer` → reference, answer; `userPrompt` → user, prompt) and
 * tested in this order, so `reference_answer` is context and `system_output` an output.
 */
const CONTEXT_WORDS = ['reference', 'gold', 'correct', 'expected', 'ground', 'truth', 'source', 'article', 'context', 'document', 'passage', 'fact', 'knowledge', 'history', 'premise', 'claim', 'evidence', 'title', 'lang', 'rubric', 'criteri', 'guideline'];
const REQUEST_WORDS = ['user', 'prompt', 'question', 'query', 'input', 'instruction', 'request'];
const OUTPUT_WORDS = ['response', 'output', 'answer', 'completion', 'summar', 'translat', 'generat', 'reply', 'candidate', 'prediction', 'conversation'];

/** What an instance field holds, by its name (see CONTEXT_WORDS); `null` when its name says nothing. */
function fieldRole(field: string): 'context' | 'request' | 'output' | null {
  // A system prompt is what the model was told, not what a user asked.
  if (/^system([_ -]?(prompt|message))?$/i.test(field)) return 'context';
  const words = field.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase()).filter(Boolean);
  const has = (list: string[]) => words.some((w) => list.some((start) => w.startsWith(start)));
  if (has(CONTEXT_WORDS)) return 'context';
  if (has(REQUEST_WORDS)) return 'request';
  if (has(OUTPUT_WORDS)) return 'output';
  return null;
}

/** Fields of an instance that are not shown as its content. */
const INSTANCE_KEYS = new Set(['id', 'instance', 'annotations']);

/**
 * The conversation an instance is shown as. A text instance is one assistant turn (the judged
 * text). An object instance is split by field name, tested in this order:
 * - context (reference, gold, source, article, context, fact, premise, *_lang, a system prompt…):
 *   shown in the Scenario panel under its own name, never as a turn;
 * - the request (user, prompt, question, query, input, instruction): a user turn;
 * - the judged output (response, output, answer, summary, translation, completion,
 *   conversation…): an assistant turn named by its field (shown beside the role); two or more
 *   (pairwise data: output_1 and output_2) are each a turn of their own, and the Scenario panel
 *   says they are separate outputs, not replies to each other;
 * - any other field: context when the instance has an output field, else a judged output.
 * Request turns come before outputs. The instance's other fields (beside `instance`) are
 * context too (under `<name> (beside instance)` when `instance` has a field of that name
 * holding something else).
 */
function instanceConversation(instance: Record<string, unknown>, id: string): Conversation {
  const text = instance.instance;
  const context: Record<string, unknown> = {};
  const requests: [string, unknown][] = [];
  const outputs: [string, unknown][] = [];
  if (isObject(text)) {
    const others: [string, unknown][] = [];
    for (const [field, value] of Object.entries(text)) {
      const role = fieldRole(field);
      if (role === 'context') context[field] = value;
      else if (role === 'request') requests.push([field, value]);
      else if (role === 'output') outputs.push([field, value]);
      else others.push([field, value]);
    }
    if (outputs.length > 0) for (const [field, value] of others) context[field] = value;
    else outputs.push(...others);
  } else {
    outputs.push(['', text]);
  }
  for (const [field, value] of Object.entries(instance)) {
    if (INSTANCE_KEYS.has(field)) continue;
    // Beside `instance`, a field of the same name holding something else is kept under a name of its own.
    if (!Object.hasOwn(context, field)) context[field] = value;
    else if (JSON.stringify(context[field]) !== JSON.stringify(value)) context[`${field} (beside instance)`] = value;
  }
  if (outputs.length > 1 && !Object.hasOwn(context, 'outputs')) {
    context.outputs = `${outputs.map(([field]) => field).join(', ')}: separate outputs, each a turn named by its field, shown one after the other; not replies to each other`;
  }
  const content = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));
  const messages = [
    ...requests.map(([field, value]) => ({ role: 'user', content: content(value), name: field })),
    ...outputs.map(([field, value]) => ({ role: 'assistant', content: content(value), ...(field ? { name: field } : {}) })),
  ];
  const conversation = readMessageConversation({ id, messages }, { sourceFormat: 'mapping', line: 1, fallbackId: id });
  if (Object.keys(context).length > 0) conversation.scenario = { type: null, journey: null, seed: null, persona: null, userInfo: null, extra: context };
  return conversation;
}

function instanceItem(instance: unknown, k: number, metrics: Metric[], schema: Record<string, unknown>): ParsedItem {
  const where = `instances[${k}]`;
  if (!isObject(instance)) throw new FormatError(`${where}: expected an object, found ${typeof instance}`, 1, 1, where);
  const id = instance.id === undefined || instance.id === null ? `instance-${k + 1}` : String(instance.id);
  const item = conversationItem(instanceConversation(instance, id), 1);
  const annotations: ImportedAnnotations = { schema, labels: [] };
  for (const metric of metrics) {
    const entry = isObject(instance.annotations) ? instance.annotations[metric.name] : undefined;
    if (isObject(entry)) {
      for (const key of ['mean_human', 'majority_human']) {
        const value = entry[key];
        if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') item.metadata[`${metric.questionId}_${key}`] = value;
      }
    }
    scoresOf(instance, metric.name).forEach((score, slot) => {
      if (score === null || score === undefined) return;
      const value = labelValue(metric, score);
      if (value === null || !metric.values.includes(value)) {
        throw new FormatError(`${where}.annotations.${metric.name}.individual_human_scores[${slot}]: ${JSON.stringify(score)} is not ${metric.category === 'continuous' ? 'a number' : `on the declared scale (${metric.values.join(', ')})`}`, 1, 1, where);
      }
      annotations.labels.push({ question: metric.questionId, rater: raterSlot(slot), value });
    });
  }
  item.annotations = annotations;
  return item;
}

/** A score as the label's stored value: a continuous metric's as its number written canonically (`"80.0"` → `80`). */
function labelValue(metric: Metric, score: unknown): string | null {
  if (metric.category !== 'continuous') return String(score);
  const n = numberOf(score);
  return n === null ? null : String(n);
}

/** What the import of the file did not read, said on its first item. */
function fileWarnings(declarations: unknown[], instances: unknown[], metrics: Metrics, items: ParsedItem[]): Finding[] {
  const warning = (validator: string, message: string): Finding => ({ validator, severity: 'warning', location: null, message });
  const warnings = metrics.unread.map((message) => warning(METRIC_NOT_IMPORTED, `metric ${message}`));
  const declared = new Set(declarations.map((d) => (isObject(d) ? d.metric : undefined)));
  const undeclared = new Set<string>();
  for (const instance of instances) {
    if (isObject(instance) && isObject(instance.annotations)) for (const name of Object.keys(instance.annotations)) if (!declared.has(name)) undeclared.add(name);
  }
  for (const name of undeclared) warnings.push(warning(METRIC_NOT_IMPORTED, `metric "${name}" is scored in the instances but not declared in the file's annotations: its scores were not imported`));
  if (items.length > 0 && items.every((item) => (item.annotations?.labels.length ?? 0) === 0)) {
    const kept = [...new Set(items.flatMap((item) => Object.keys(item.metadata).filter((key) => /_(mean|majority)_human$/.test(key))))];
    const why = metrics.questions.length === 0 ? 'no declared metric could become a question' : `no instance carries individual_human_scores for ${metrics.questions.map((m) => `"${m.name}"`).join(', ')}`;
    warnings.push(warning(NO_TASK, `no task was created: ${why}${kept.length > 0 ? `; the aggregate scores are kept as item metadata (${kept.sort().join(', ')})` : ''}`));
  } else {
    // A task is made, but a question of it may have no labels: said, with where its aggregates went.
    const labelled = new Set(items.flatMap((item) => item.annotations?.labels.map((l) => l.question) ?? []));
    for (const metric of metrics.questions.filter((m) => !labelled.has(m.questionId))) {
      const kept = [...new Set(items.flatMap((item) => Object.keys(item.metadata).filter((key) => key === `${metric.questionId}_mean_human` || key === `${metric.questionId}_majority_human`)))].sort();
      warnings.push(warning(METRIC_NOT_IMPORTED, `metric "${metric.name}" has no individual_human_scores in any instance: its question has no labels${kept.length > 0 ? `; the aggregate scores are kept as item metadata (${kept.join(', ')})` : ''}`));
    }
  }
  return warnings;
}

/** JUDGE-BENCH files (`data/<dataset>/<file>.json`). */
export const judgeBench: Preset = {
  name: 'judge-bench',
  kind: 'conversation',
  description:
    'JUDGE-BENCH files ({dataset, annotations, instances}): one item per instance, and a task over the dataset whose ' +
    'questions are the declared metrics (graded → ordinal on the declared worst…best scale, categorical → nominal, ' +
    'continuous → score whose values are the declared worst and best and the scores the file holds, at most 101), ' +
    "with individual_human_scores as labels from anonymous rater slots (rater 1, rater 2, …; the k-th score of each " +
    'instance), so agreement (Krippendorff α, interval and ordinal) needs no rater identity. A text instance is one ' +
    'assistant turn. An object instance is split by field name: context (reference, source, article, context, fact, ' +
    '*_lang, …) is shown in the Scenario panel, never as a reply; the request (user, prompt, question, input, ' +
    'instruction) is a user turn; the judged output (response, output, answer, summary, translation, …) an assistant ' +
    'turn named by its field — pairwise outputs (output_1, output_2) each a turn of their own, which the Scenario ' +
    'panel says are separate outputs; other fields are context, or the judged output when no field is named like one. ' +
    'A metric that cannot be a question, scores of an undeclared metric, a question no instance scored individually, ' +
    'and a file with no individual scores (no task) are warnings on the first item. Building the task and its labels needs code beyond the mapping language: ' +
    'this preset has its own reader.',
  framings: ['json-document'],
  recognise: (sample) => isObject(sample) && Array.isArray(sample.instances) && Array.isArray(sample.annotations),
  mapping: {
    format: 'accord.mapping',
    name: 'judge-bench',
    description: 'documents the fields the JUDGE-BENCH reader uses (the reader itself is code)',
    kind: 'conversation',
    records: 'instances',
    id: 'id',
    messages: { path: 'instance', role: { literal: 'assistant' }, content: '$' },
  },
  reader: judgeBenchReader,
};
