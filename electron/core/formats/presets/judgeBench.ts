import { conversationItem } from '../conversations/conversationItem';
import { readMessageConversation } from '../conversations/conversationRecord';
import type { FormatReader } from '../module';
import { FormatError, type ImportedAnnotations, type ParsedItem } from '../types';
import type { Preset } from './model';
import { isObject } from './recognise';

/** One declared metric of a JUDGE-BENCH file. */
interface Metric {
  name: string;
  questionId: string;
  category: string;
  /** The levels (ordinal) or categories (nominal) as stored values. */
  values: string[];
}

/** The anonymous rater slot of the k-th score (0-based) of an instance. */
export function raterSlot(k: number): string {
  return `rater ${k + 1}`;
}

/**
 * Reads a JUDGE-BENCH file (`{dataset, annotations: [{metric, category, worst, best,
 * labels_list, prompt}], instances: [{id, instance, annotations: {metric: {individual_human_scores}}}]}`):
 *
 * - each instance becomes a conversation item: a text instance is one assistant turn, an
 *   object instance one turn per field (fields named like user, prompt, question, context,
 *   source or input are the user's, the rest the assistant's);
 * - each declared metric becomes a question of a label schema: `graded` → ordinal with the
 *   integer levels from worst to best, `categorical` → nominal over `labels_list` (else the
 *   values seen); `continuous` metrics have no fixed levels and are kept as item metadata only;
 * - each instance's `individual_human_scores` become labels from anonymous rater slots (the
 *   k-th score of every instance is `rater k`: the files carry no rater ids, and α needs none).
 */
export function judgeBenchReader(): FormatReader {
  return {
    add(record, line) {
      if (!isObject(record) || !Array.isArray(record.instances) || !Array.isArray(record.annotations)) {
        throw new FormatError('expected a JUDGE-BENCH file with annotations and instances', line, 1);
      }
      const metrics = declaredMetrics(record.annotations, record.instances);
      const schema = labelSchema(String(record.dataset ?? 'JUDGE-BENCH'), record.annotations, metrics);
      return record.instances.map((instance, k) => instanceItem(instance, k, metrics, schema));
    },
    finish: () => [],
  };
}

function declaredMetrics(declarations: unknown[], instances: unknown[]): Metric[] {
  const metrics: Metric[] = [];
  declarations.forEach((raw, i) => {
    if (!isObject(raw) || typeof raw.metric !== 'string') throw new FormatError(`annotations[${i}].metric: expected the metric's name, found ${isObject(raw) ? String(raw.metric) : typeof raw}`, 1, 1, `annotations[${i}].metric`);
    const category = String(raw.category ?? '');
    const questionId = questionIdOf(raw.metric, metrics.length);
    if (category === 'graded') {
      const worst = Number(raw.worst);
      const best = Number(raw.best);
      if (!Number.isInteger(worst) || !Number.isInteger(best) || worst === best) {
        throw new FormatError(`annotations[${i}]: a graded metric needs integer worst and best, found worst ${String(raw.worst)}, best ${String(raw.best)}`, 1, 1, `annotations[${i}]`);
      }
      const low = Math.min(worst, best);
      const values = Array.from({ length: Math.abs(best - worst) + 1 }, (_, v) => String(low + v));
      metrics.push({ name: raw.metric, questionId, category, values });
    } else if (category === 'categorical') {
      const declared = Array.isArray(raw.labels_list) ? raw.labels_list.map(String) : observedValues(instances, raw.metric);
      metrics.push({ name: raw.metric, questionId, category, values: [...new Set(declared)] });
    } else {
      metrics.push({ name: raw.metric, questionId, category, values: [] });
    }
  });
  return metrics;
}

function observedValues(instances: unknown[], metric: string): string[] {
  const seen = new Set<string>();
  for (const instance of instances) for (const score of scoresOf(instance, metric)) if (score !== null) seen.add(String(score));
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
  const questions = metrics
    .filter((m) => m.values.length >= 2)
    .map((m) => {
      const declaration = declarations.find((d) => isObject(d) && d.metric === m.name) as Record<string, unknown>;
      const base = { id: m.questionId, title: m.name, description: typeof declaration.prompt === 'string' ? declaration.prompt.slice(0, 2000) : '', scope: 'item', required: false };
      return m.category === 'graded'
        ? { ...base, type: 'ordinal', levels: m.values.map((v) => ({ value: v, label: v, numeric: Number(v) })) }
        : { ...base, type: 'nominal', options: m.values.map((v) => ({ value: v, label: v })) };
    });
  const slug = dataset.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'dataset';
  return { format: 'accord.label-schema', id: `judge-bench-${slug}`, version: 1, title: `${dataset} (JUDGE-BENCH)`, description: 'The metrics the file declares, with its human scores as labels from anonymous rater slots.', kinds: ['conversation'], questions };
}

function instanceItem(instance: unknown, k: number, metrics: Metric[], schema: Record<string, unknown>): ParsedItem {
  const where = `instances[${k}]`;
  if (!isObject(instance)) throw new FormatError(`${where}: expected an object, found ${typeof instance}`, 1, 1, where);
  const id = instance.id === undefined || instance.id === null ? `instance-${k + 1}` : String(instance.id);
  const text = instance.instance;
  const messages = isObject(text)
    ? Object.entries(text).map(([field, value]) => ({ role: /user|prompt|question|context|source|input/i.test(field) ? 'user' : 'assistant', content: typeof value === 'string' ? value : JSON.stringify(value), name: field }))
    : [{ role: 'assistant', content: typeof text === 'string' ? text : JSON.stringify(text ?? null) }];
  const conversation = readMessageConversation({ id, messages }, { sourceFormat: 'mapping', line: 1, fallbackId: id });
  const item = conversationItem(conversation, 1);
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
      if (score === null || score === undefined || metric.values.length < 2) return;
      const value = String(score);
      if (!metric.values.includes(value)) {
        throw new FormatError(`${where}.annotations.${metric.name}.individual_human_scores[${slot}]: ${value} is not on the declared scale (${metric.values.join(', ')})`, 1, 1, where);
      }
      annotations.labels.push({ question: metric.questionId, rater: raterSlot(slot), value });
    });
  }
  item.annotations = annotations;
  return item;
}

/** JUDGE-BENCH files (`data/<dataset>/<file>.json`). */
export const judgeBench: Preset = {
  name: 'judge-bench',
  kind: 'conversation',
  description:
    'JUDGE-BENCH files ({dataset, annotations, instances}): one item per instance, and a task over the dataset whose ' +
    'questions are the declared metrics (graded → ordinal on the declared worst…best scale, categorical → nominal), ' +
    "with individual_human_scores as labels from anonymous rater slots (rater 1, rater 2, …; the k-th score of each " +
    'instance), so agreement (Krippendorff α, interval and ordinal) needs no rater identity. Building the task and its ' +
    'labels needs code beyond the mapping language: this preset has its own reader.',
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
