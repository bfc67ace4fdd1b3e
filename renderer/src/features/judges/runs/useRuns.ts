import { useEffect } from 'react';
import type { RunSummary } from '../../../../../electron/api/contract';
import { useApiQuery, type QueryState } from '../../../api/useApiQuery';

const POLL_MS = 1000;

/** Judge runs (of one task, or all), refreshed every second while one of them is running. */
export function useRuns(taskId: number | null): QueryState<RunSummary[]> {
  const query = useApiQuery(`judges.runs:${taskId}`, (api) => api['judges.runs'](taskId === null ? {} : { task: taskId }));
  const running = query.data?.some((run) => run.status === 'running') ?? false;
  const { reload } = query;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);
  return query;
}
