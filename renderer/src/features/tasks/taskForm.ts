import type { InputOf } from '../../../../electron/api/contract';
import type { LabelSchema } from '../../../../electron/api/labelSchemas';

/** Where the task's schema comes from: a preset by name, or a schema the user edited or imported. */
export type SchemaChoice = { source: 'preset'; preset: string } | { source: 'custom'; schema: LabelSchema; origin: string };

/** The create-task dialog's fields, as typed (numbers as text until submitted). */
export interface TaskForm {
  name: string;
  schema: SchemaChoice;
  datasets: string[];
  /** Substring of the external id or a metadata value; empty for all items. */
  search: string;
  severity: '' | 'error' | 'warning' | 'info';
  annotators: string[];
  overlap: 'all' | 'fixed';
  perItem: string;
  /** Empty for a random seed (the task records the one drawn). */
  seed: string;
  blind: boolean;
  /** Hide automatic scores (reference F1 and tiers, validator verdicts, rewards) from the annotators while they label. */
  hideScores: boolean;
  policy: 'any' | 'threshold';
  /** Per-item agreement below which an item is queued for adjudication, as a percentage. */
  thresholdPercent: string;
}

/** A new task's defaults: two annotators per item, blind, automatic scores hidden while labeling, adjudicate any disagreement. */
export function defaultTaskForm(preset: string): TaskForm {
  return {
    name: '',
    schema: { source: 'preset', preset },
    datasets: [],
    search: '',
    severity: '',
    annotators: [],
    overlap: 'all',
    perItem: '2',
    seed: '',
    blind: true,
    hideScores: true,
    policy: 'any',
    thresholdPercent: '80',
  };
}

/** Words for each field in "what you entered will be lost". */
const FIELD_WORDS: Record<keyof TaskForm, string> = {
  name: 'the name',
  schema: 'the schema',
  datasets: 'the datasets',
  search: 'the item filter',
  severity: 'the findings filter',
  annotators: 'the annotators',
  overlap: 'the overlap',
  perItem: 'the overlap',
  seed: 'the seed',
  blind: 'blind labeling',
  hideScores: 'hiding automatic scores',
  policy: 'the adjudication policy',
  thresholdPercent: 'the adjudication policy',
};

/**
 * What was entered in the form since it opened, in words (`['the name', 'the datasets']`);
 * empty when closing it would lose nothing.
 */
export function enteredFields(form: TaskForm, initial: TaskForm): string[] {
  const changed = (Object.keys(FIELD_WORDS) as (keyof TaskForm)[]).filter((field) => JSON.stringify(form[field]) !== JSON.stringify(initial[field]));
  return [...new Set(changed.map((field) => FIELD_WORDS[field]))];
}

const isWhole = (text: string) => /^\d+$/.test(text.trim());

/** What stops the form from being submitted, by field (empty when nothing does). */
export function taskFormProblems(form: TaskForm): Partial<Record<'name' | 'datasets' | 'perItem' | 'seed' | 'threshold', string>> {
  const problems: Partial<Record<'name' | 'datasets' | 'perItem' | 'seed' | 'threshold', string>> = {};
  if (!form.name.trim()) problems.name = 'Give the task a name';
  if (form.datasets.length === 0) problems.datasets = 'Pick at least one dataset';
  if (form.overlap === 'fixed') {
    const perItem = Number(form.perItem);
    if (!isWhole(form.perItem) || perItem < 1 || perItem > 100) problems.perItem = 'A whole number from 1 to 100';
    else if (form.annotators.length > 0 && perItem > form.annotators.length) problems.perItem = `Only ${form.annotators.length} annotators are listed`;
  }
  if (form.seed.trim() !== '' && (!isWhole(form.seed) || Number(form.seed) > 2 ** 31 - 1)) problems.seed = 'A whole number from 0 to 2147483647, or empty for random';
  if (form.policy === 'threshold') {
    const t = Number(form.thresholdPercent);
    if (form.thresholdPercent.trim() === '' || !Number.isFinite(t) || t < 0 || t > 100) problems.threshold = 'A percentage from 0 to 100';
  }
  return problems;
}

/** The `tasks.create` arguments of a valid form. */
export function taskCreateArgs(form: TaskForm): InputOf<'tasks.create'> {
  const filter = {
    ...(form.search.trim() ? { search: form.search.trim() } : {}),
    ...(form.severity ? { severity: form.severity } : {}),
  };
  return {
    name: form.name.trim(),
    schema: form.schema.source === 'preset' ? { preset: form.schema.preset } : { json: form.schema.schema },
    datasets: form.datasets,
    ...(Object.keys(filter).length ? { filter } : {}),
    annotators: form.annotators,
    overlap: form.overlap,
    perItem: form.overlap === 'fixed' ? Number(form.perItem) : Math.max(2, form.annotators.length),
    ...(form.seed.trim() !== '' ? { seed: Number(form.seed) } : {}),
    blind: form.blind,
    hideScores: form.hideScores,
    adjudication: form.policy === 'any' ? { policy: 'any' } : { policy: 'threshold', threshold: Number(form.thresholdPercent) / 100 },
  };
}
