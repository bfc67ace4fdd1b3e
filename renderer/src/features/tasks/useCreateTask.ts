import { useMemo, useState } from 'react';
import type { LabelSchema } from '../../../../electron/api/labelSchemas';
import type { TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf, useApiQuery } from '../../api/useApiQuery';
import { useDatasets } from '../datasets/useDatasets';
import { lookalikesOf } from './LookalikeNames';
import { useAnnotators } from '../identity/useAnnotators';
import { defaultTaskForm, enteredFields, taskCreateArgs, taskFormProblems, type TaskForm } from './taskForm';
import { usePresets, useTasks } from './useTasks';
import { annotatorChoices } from './annotatorChoices';

/**
 * The create-task dialog's state: the form, what it can pick from (presets, datasets,
 * annotators), how many items the selection matches, and creating the task.
 */
export function useCreateTask(onCreated: (task: TaskDetail) => void) {
  const api = useApi();
  const { bump } = useDataVersion();
  const presets = usePresets();
  const datasets = useDatasets();
  const annotators = useAnnotators();
  const tasks = useTasks();
  const [initial] = useState<TaskForm>(() => defaultTaskForm('plan-quality'));
  const [form, setForm] = useState<TaskForm>(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Typed names like an existing person's but for case or spacing: asked about before creating.
  const [differentPeople, setDifferentPeople] = useState(false);
  const lookalikes = lookalikesOf(form.annotators, (annotators.data ?? []).map((a) => a.name));
  const namesOpen = lookalikes.length > 0 && !differentPeople;

  const schema: LabelSchema | null = useMemo(() => {
    if (form.schema.source === 'custom') return form.schema.schema;
    const name = form.schema.preset;
    return presets.data?.find((p) => p.name === name)?.schema ?? null;
  }, [form.schema, presets.data]);

  /** Datasets whose kind the schema applies to (all when the schema names no kind). */
  const eligibleDatasets = useMemo(
    () => (datasets.data ?? []).filter((d) => !schema || schema.kinds.length === 0 || schema.kinds.includes(d.kind)),
    [datasets.data, schema],
  );

  const chosen = eligibleDatasets.filter((d) => form.datasets.includes(d.name));
  const matchKey = JSON.stringify([chosen.map((d) => d.id), form.search.trim(), form.severity]);
  const matches = useApiQuery(
    `task-matches ${matchKey}`,
    async (client) => {
      const pages = await Promise.all(
        chosen.map((d) => client['items.list']({ datasetId: d.id, search: form.search.trim() || undefined, severity: form.severity || undefined, limit: 1 })),
      );
      return pages.reduce((sum, page) => sum + page.total, 0);
    },
    chosen.length > 0,
  );

  const problems = taskFormProblems({ ...form, datasets: chosen.map((d) => d.name) });
  const update = (patch: Partial<TaskForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0 || namesOpen) return;
    setBusy(true);
    setError(null);
    try {
      const task = await api['tasks.create']({ ...taskCreateArgs({ ...form, datasets: chosen.map((d) => d.name) }), force: lookalikes.length > 0 && differentPeople });
      bump();
      onCreated(task);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    form,
    update,
    schema,
    presets: presets.data ?? [],
    datasets: eligibleDatasets,
    /** The workspace's people, and apart from them the raters known only from imported labels. */
    annotatorChoices: annotatorChoices(annotators.data ?? [], tasks.data ?? []),
    lookalikes,
    differentPeople,
    setDifferentPeople,
    /** Swaps each lookalike name for the existing person's. */
    useExisting: () => update({ annotators: [...new Set(form.annotators.map((n) => lookalikes.find((l) => l.name === n)?.existing ?? n))] }),
    matching: chosen.length === 0 ? null : matches.stale ? undefined : matches.data,
    problems: touched ? problems : {},
    /** What closing the dialog now would throw away, in words (empty: nothing). */
    entered: enteredFields(form, initial),
    canSubmit: Object.keys(problems).length === 0 && !busy && !namesOpen,
    busy,
    error,
    submit,
  };
}
