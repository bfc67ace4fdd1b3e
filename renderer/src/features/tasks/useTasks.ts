import { useApiQuery } from '../../api/useApiQuery';

/** Every task with its progress per annotator, refreshed on every workspace change. */
export function useTasks() {
  return useApiQuery('tasks.list', (api) => api['tasks.list']({}));
}

/** One task with its schema, keymap and progress. */
export function useTask(taskId: number | null) {
  return useApiQuery(`tasks.get ${taskId}`, (api) => api['tasks.get']({ task: taskId! }), taskId !== null);
}

/** The preset schemas, for pickers. */
export function usePresets() {
  return useApiQuery('schemas.presets', (api) => api['schemas.presets']({}));
}

/** A route parameter as a task or item id (a positive whole number), else null. */
export function idParam(text: string | undefined): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
}
