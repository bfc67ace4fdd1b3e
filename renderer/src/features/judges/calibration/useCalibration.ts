import type { CalibrationReport } from '../../../../../electron/api/contract';
import { useApiQuery, type QueryState } from '../../../api/useApiQuery';

/** Bootstrap resamples when the user asks for bootstrap intervals (DESIGN.md §5's default). */
export const BOOTSTRAP_RESAMPLES = 1000;

/** A run's calibration against the humans of its task; `viewer` (an adjudicator or a lead) keys the cache, so a switch of person asks again. */
export function useCalibration(taskId: number | null, runId: number, bootstrap: boolean, viewer: string | undefined): QueryState<CalibrationReport> {
  return useApiQuery(
    `judges.calibrate:${taskId}:${runId}:${bootstrap}:${viewer}`,
    (api) => api['judges.calibrate']({ task: taskId!, run: runId, bootstrap: bootstrap ? BOOTSTRAP_RESAMPLES : 0, maxDisagreements: 200 }),
    taskId !== null,
  );
}
