import type { RunSummary } from '../../../../../electron/api/contract';

/**
 * The runs to probe a run's stability against: it first, then the task's other finished runs of
 * the same judge on the same model (reruns, or a reworded prompt). A run on another model is not a
 * rerun: their agreement says nothing of this judge's stability.
 */
export function probeRunIds(runs: readonly Pick<RunSummary, 'id' | 'status' | 'model' | 'judge'>[], runId: number): number[] {
  const self = runs.find((r) => r.id === runId);
  if (!self) return [runId];
  return [runId, ...runs.filter((r) => r.id !== runId && r.status === 'finished' && r.judge.id === self.judge.id && r.model === self.model).map((r) => r.id)];
}
