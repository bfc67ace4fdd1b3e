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

/** A declared metric that did not become a question, and why (a sentence naming it). */
interface UnreadMetric {
  name: string;
  questionId: string;
  why: string;
}

/** The declared metrics: those that became questions, and what was said about the others. */
interface Metrics {
  questions: Metric[];
  unread: UnreadMetric[];
}

/** Continuous scores that are not numbers, skipped: how many, and where the first one is. */
interface SkippedScores {
  count: number;
  example: string;
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
 * instance is `rater k`: the files carry no rater ids, and α needs none). Every declared metric's
 * aggregate scores (`mean_human`, `majority_human`) are item metadata, whether it became a
 * question or not. Nothing is dropped silently: a metric that cannot be a question, continuous
 * scores that are not numbers (skipped and counted, the rest imported), scores for an undeclared
 * metric, a question no instance gave individual scores for, and a file with no individual scores
 * at all (no task) are warnings on the file's first item.
 */
export function judgeBenchReader(): FormatReader {
  return {
    add(record, line) {
      if (!isObject(record) || !Array.isArray(record.instances) || !Array.isArray(record.annotations)) {
        throw new FormatError('expected a JUDGE-BENCH file with annotations and instances', line, 1);
      }
      const metrics = declaredMetrics(record.annotations, record.instances);
      const schema = labelSchema(String(record.dataset ?? 'JUDGE-BENCH'), record.annotations, metrics.questions);
      const skipped = new Map<string, SkippedScores>();
      const items = record.instances.map((instance, k) => instanceItem(instance, k, metrics, schema, skipped));
      const warnings = fileWarnings(record.annotations, record.instances, metrics, items, skipped);
      if (items.length > 0 && warnings.length > 0) items[0]!.findings.push(...warnings);
      return items;
    },
    finish: () => [],
  };
}

function declaredMetrics(declarations: unknown[], instances: unknown[]): Metrics {
  const questions: Metric[] = [];
  const unread: UnreadMetric[] = [];
  declarations.forEach((raw, i) => {
    if (!isObject(raw) || typeof raw.metric !== 'string') throw new FormatError(`annotations[${i}].metric: expected the metric's name, found ${isObject(raw) ? String(raw.metric) : typeof raw}`, 1, 1, `annotations[${i}].metric`);
    const name = raw.metric;
    const category = String(raw.category ?? '');
    const questionId = questionIdOf(name, i);
    const skip = (why: string) => unread.push({ name, questionId, why });
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
      else skip(`"${name}" (categorical) has ${values.length === 0 ? 'no categories' : `only the category ${values[0]}`} (labels_list or scores): a question needs two; its scores were not imported`);
    } else if (category === 'continuous') {
      const values = continuousValues(raw, instances, name);
      if (values.length < 2) {
        skip(`"${name}" (continuous) has ${values.length === 0 ? 'no numeric score and no worst/best' : `only the value ${values[0]}`}: a score question needs two values; its scores were not imported`);
      } else if (values.length > MAX_SCORE_VALUES) {
        skip(`"${name}" (continuous) has ${values.length} distinct values (worst, best and the scores given): a score question holds at most ${MAX_SCORE_VALUES}; its scores were not imported`);
      } else {
        questions.push({ name, questionId, category, values });
      }
    } else {
      skip(`"${name}" has category ${category ? `"${category}"` : '(none)'}, not one of graded, categorical, continuous: its scores were not imported`);
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

/*
 * Words of field names, by what the field holds. A field name is split into whole words (on `_`,
 * `-`, other punctuation, camelCase and digits: `reference_answer` → reference, answer;
 * `userPrompt` → user, prompt; `output1` → output, 1), and a word counts only when it is one of
 * these as a whole, so `corrected` is not `correct` and `factual` not `fact`. Lists are tested in
 * this order, so `reference_answer` is a reference, `source_lang` a note, `system_output` an output.
 */
/** What the judged output is checked against: never shown as the judged output while anything else can be. */
const REFERENCE_WORDS = words('reference references ref refs gold expected correct ground truth groundtruth');
/** About the instance rather than part of it (languages, title, rubric): context. */
const NOTE_WORDS = words('lang langs language languages title rubric rubrics criteria criterion guideline guidelines');
/** What the output was made from or is about: context, or the judged text when no field is a request, an output or unnamed. */
const MATERIAL_WORDS = words('source sources src article articles context contexts document documents doc docs passage passages fact facts knowledge history premise premises claim claims evidence original');
const REQUEST_WORDS = words('user prompt prompts question questions query queries input inputs instruction instructions request requests');
const OUTPUT_WORDS = words(
  'response responses output outputs answer answers completion completions summary summaries summarization summarisation translation translations ' +
    'generation generations generated reply replies candidate candidates prediction predictions conversation dialogue dialog corrected correction ' +
    'rewrite rewritten revised revision paraphrase',
);

function words(list: string): Set<string> {
  return new Set(list.split(' '));
}

type FieldRole = 'reference' | 'note' | 'material' | 'request' | 'output';

/** What an instance field holds, by the whole words of its name; `null` when its name says nothing. */
function fieldRole(field: string): FieldRole | null {
  // A system prompt is what the model was told, not what a user asked.
  if (/^system([_ -]?(prompt|message))?$/i.test(field)) return 'note';
  const parts = field
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
  const has = (list: Set<string>) => parts.some((w) => list.has(w));
  if (has(REFERENCE_WORDS)) return 'reference';
  if (has(NOTE_WORDS)) return 'note';
  if (has(MATERIAL_WORDS)) return 'material';
  if (has(REQUEST_WORDS)) return 'request';
  if (has(OUTPUT_WORDS)) return 'output';
  return null;
}

/** Fields of an instance that are not shown as its content. */
const INSTANCE_KEYS = new Set(['id', 'instance', 'annotations']);

/**
 * The conversation an instance is shown as. A text instance is one assistant turn (the judged
 * text). An object instance is split by the whole words of its field names (see REFERENCE_WORDS):
 * - context (a reference, gold or correct answer; source, article, context, fact, premise, claim,
 *   evidence; *_lang, title, a system prompt…): shown in the Scenario panel under its own name;
 * - the request (user, prompt, question, query, input, instruction): a user turn;
 * - the judged output (response, output, answer, summary, translation, completion, corrected,
 *   conversation…): an assistant turn named by its field (shown beside the role); two or more
 *   (pairwise data: output_1 and output_2) are each a turn of their own, and the Scenario panel
 *   says they are separate outputs, not replies to each other;
 * - any other field: context when the instance has an output field, else a judged output.
 * When no field is a request, an output or unnamed (`{claim, evidence}`), the material fields
 * (source, claim, evidence, premise…) are shown as the judged text, and if there are none, every
 * field is, so an instance with content is never a conversation without turns; the Scenario panel
 * says so. Request turns come before outputs. The instance's other fields (beside `instance`) are
 * context too (under `<name> (beside instance)` when `instance` has a field of that name holding
 * something else).
 */
function instanceConversation(instance: Record<string, unknown>, id: string): Conversation {
  const text = instance.instance;
  const context: Record<string, unknown> = {};
  const requests: [string, unknown][] = [];
  let outputs: [string, unknown][] = [];
  /** Said in the Scenario panel when fields are shown as turns though no name says they are the judged output. */
  let fallback = false;
  if (isObject(text)) {
    const byRole = new Map<FieldRole | null, [string, unknown][]>();
    for (const [field, value] of Object.entries(text)) {
      const role = fieldRole(field);
      byRole.set(role, [...(byRole.get(role) ?? []), [field, value]]);
    }
    requests.push(...(byRole.get('request') ?? []));
    outputs = byRole.get('output') ?? [];
    const others = byRole.get(null) ?? [];
    if (outputs.length === 0) outputs = others;
    const material = byRole.get('material') ?? [];
    if (outputs.length === 0 && requests.length === 0) {
      // No field is named as a request or an output, and none is unnamed: show what there is rather than nothing.
      outputs = material.length > 0 ? material : Object.entries(text);
      fallback = outputs.length > 0;
    }
    const shown = new Set(outputs.map(([field]) => field));
    for (const [field, value] of Object.entries(text)) if (fieldRole(field) !== 'request' && !shown.has(field)) context[field] = value;
  } else {
    outputs.push(['', text]);
  }
  for (const [field, value] of Object.entries(instance)) {
    if (INSTANCE_KEYS.has(field)) continue;
    // Beside `instance`, a field of the same name holding something else is kept under a name of its own.
    if (!Object.hasOwn(context, field)) context[field] = value;
    else if (JSON.stringify(context[field]) !== JSON.stringify(value)) context[`${field} (beside instance)`] = value;
  }
  if ((outputs.length > 1 || fallback) && !Object.hasOwn(context, 'outputs')) {
    const fields = outputs.map(([field]) => field).join(', ');
    context.outputs = fallback
      ? `${fields}: no field is named as a request or an output, so ${outputs.length > 1 ? 'these are' : 'this is'} shown as the judged text${outputs.length > 1 ? ', each a turn named by its field; not replies to each other' : ''}`
      : `${fields}: separate outputs, each a turn named by its field, shown one after the other; not replies to each other`;
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

function instanceItem(instance: unknown, k: number, metrics: Metrics, schema: Record<string, unknown>, skipped: Map<string, SkippedScores>): ParsedItem {
  const where = `instances[${k}]`;
  if (!isObject(instance)) throw new FormatError(`${where}: expected an object, found ${typeof instance}`, 1, 1, where);
  const id = instance.id === undefined || instance.id === null ? `instance-${k + 1}` : String(instance.id);
  const item = conversationItem(instanceConversation(instance, id), 1);
  // Every declared metric's aggregate scores are kept, a question or not.
  for (const metric of [...metrics.questions, ...metrics.unread]) {
    const entry = isObject(instance.annotations) ? instance.annotations[metric.name] : undefined;
    if (!isObject(entry)) continue;
    for (const key of AGGREGATE_KEYS) {
      const value = entry[key];
      if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') item.metadata[`${metric.questionId}_${key}`] = value;
    }
  }
  // Individual scores are read for the questions only.
  const annotations: ImportedAnnotations = { schema, labels: [] };
  for (const metric of metrics.questions) {
    scoresOf(instance, metric.name).forEach((score, slot) => {
      if (score === null || score === undefined) return;
      const path = `${where}.annotations.${metric.name}.individual_human_scores[${slot}]`;
      const value = labelValue(metric, score);
      if (value === null) {
        // A continuous score that is not a number: skipped, and counted in a warning on the first item.
        const seen = skipped.get(metric.name);
        if (seen) seen.count += 1;
        else skipped.set(metric.name, { count: 1, example: `${path}: ${JSON.stringify(score)}` });
        return;
      }
      // A graded or categorical score off the declared scale refuses the file, as it always has.
      if (!metric.values.includes(value)) throw new FormatError(`${path}: ${JSON.stringify(score)} is not on the declared scale (${metric.values.join(', ')})`, 1, 1, where);
      annotations.labels.push({ question: metric.questionId, rater: raterSlot(slot), value });
    });
  }
  item.annotations = annotations;
  return item;
}

/** The aggregate scores of a metric kept as item metadata (`<question id>_<key>`). */
const AGGREGATE_KEYS = ['mean_human', 'majority_human'];

/** A score as the label's stored value: a continuous metric's as its number written canonically (`"80.0"` → `80`). */
function labelValue(metric: Metric, score: unknown): string | null {
  if (metric.category !== 'continuous') return String(score);
  const n = numberOf(score);
  return n === null ? null : String(n);
}

/** What the import of the file did not read, said on its first item. */
function fileWarnings(declarations: unknown[], instances: unknown[], metrics: Metrics, items: ParsedItem[], skipped: Map<string, SkippedScores>): Finding[] {
  const warning = (validator: string, message: string): Finding => ({ validator, severity: 'warning', location: null, message });
  // Where a metric's aggregate scores went, when any instance has them.
  const keptAs = (questionId: string) => {
    const keys = new Set(AGGREGATE_KEYS.map((key) => `${questionId}_${key}`));
    const kept = [...new Set(items.flatMap((item) => Object.keys(item.metadata).filter((key) => keys.has(key))))].sort();
    return kept.length > 0 ? `; the aggregate scores are kept as item metadata (${kept.join(', ')})` : '';
  };
  const warnings = metrics.unread.map((m) => warning(METRIC_NOT_IMPORTED, `metric ${m.why}${keptAs(m.questionId)}`));
  for (const metric of metrics.questions) {
    const seen = skipped.get(metric.name);
    if (seen) warnings.push(warning(METRIC_NOT_IMPORTED, `metric "${metric.name}" (continuous): ${seen.count === 1 ? '1 individual score is' : `${seen.count} individual scores are`} not a number and ${seen.count === 1 ? 'was' : 'were'} not imported (e.g. ${seen.example}); its other scores were`));
  }
  const declared = new Set(declarations.map((d) => (isObject(d) ? d.metric : undefined)));
  const undeclared = new Set<string>();
  for (const instance of instances) {
    if (isObject(instance) && isObject(instance.annotations)) for (const name of Object.keys(instance.annotations)) if (!declared.has(name)) undeclared.add(name);
  }
  for (const name of undeclared) warnings.push(warning(METRIC_NOT_IMPORTED, `metric "${name}" is scored in the instances but not declared in the file's annotations: its scores were not imported`));
  // Why a question has no labels: no individual scores at all, or none that is a number.
  const noLabels = (m: Metric) => (skipped.has(m.name) ? `no individual score of "${m.name}" is a number` : `no instance carries individual_human_scores for "${m.name}"`);
  if (items.length > 0 && items.every((item) => (item.annotations?.labels.length ?? 0) === 0)) {
    const kept = [...new Set(items.flatMap((item) => Object.keys(item.metadata).filter((key) => /_(mean|majority)_human$/.test(key))))];
    const why =
      metrics.questions.length === 0
        ? 'no declared metric could become a question'
        : metrics.questions.some((m) => skipped.has(m.name))
          ? metrics.questions.map(noLabels).join('; ')
          : `no instance carries individual_human_scores for ${metrics.questions.map((m) => `"${m.name}"`).join(', ')}`;
    warnings.push(warning(NO_TASK, `no task was created: ${why}${kept.length > 0 ? `; the aggregate scores are kept as item metadata (${kept.sort().join(', ')})` : ''}`));
  } else {
    // A task is made, but a question of it may have no labels: said, with where its aggregates went.
    const labelled = new Set(items.flatMap((item) => item.annotations?.labels.map((l) => l.question) ?? []));
    for (const metric of metrics.questions.filter((m) => !labelled.has(m.questionId))) {
      const why = skipped.has(metric.name) ? `metric "${metric.name}" has no individual score that is a number` : `metric "${metric.name}" has no individual_human_scores in any instance`;
      warnings.push(warning(METRIC_NOT_IMPORTED, `${why}: its question has no labels${keptAs(metric.questionId)}`));
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
    'assistant turn. An object instance is split by the whole words of its field names: context (reference, source, ' +
    'article, context, fact, claim, evidence, *_lang, …) is shown in the Scenario panel, never as a reply; the request ' +
    '(user, prompt, question, query, input, instruction) is a user turn; the judged output (response, output, answer, ' +
    'summary, translation, corrected, …) an assistant turn named by its field — pairwise outputs (output_1, output_2) ' +
    'each a turn of their own, which the Scenario panel says are separate outputs; other fields are context, or the ' +
    'judged output when no field is named like one; when no field is a request or an output, the material fields ' +
    '(claim, evidence, source, …) are shown as the judged text, said in the Scenario panel. Every declared metric keeps ' +
    'its aggregate scores (mean_human, majority_human) as item metadata, a question or not. A metric that cannot be a ' +
    'question, continuous scores that are not numbers (skipped, counted), scores of an undeclared metric, a question no ' +
    'instance scored individually, and a file with no individual scores (no task) are warnings on the first item. ' +
    'Building the task and its labels needs code beyond the mapping language: ' +
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
