import { useCallback, useState } from 'react';
import type { InputOf, JobProgress, RunSummary } from '../../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../../api/apiContext';
import { messageOf } from '../../../api/useApiQuery';
import { useJobProgress } from '../../import/useJobProgress';

/** Where a run started from this window stands. */
export type RunPhase = 'idle' | 'running' | 'done' | 'error';

export interface JudgeRunState {
  phase: RunPhase;
  progress: JobProgress | null;
  /** The run as it ended (finished, cancelled or failed). */
  result: RunSummary | null;
  error: string | null;
  cancelling: boolean;
  start(args: Omit<InputOf<'judges.run'>, 'jobId'>): void;
  cancel(): void;
  reset(): void;
}

const newJudgeJobId = () => `judge-${globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`}`;

/**
 * Starts a judge run (or a resume) as a long job and follows its `job.progress` events. The job
 * id is made here so progress is heard from the first event; cancel asks the service to stop
 * taking items, and the run then comes back with status `cancelled`. The run is asked for in
 * the signed-in person's name: the server refuses an annotator.
 */
export function useJudgeRun(): JudgeRunState {
  const api = useApi();
  const { bump } = useDataVersion();
  const [state, setState] = useState<{ phase: RunPhase; jobId: string | null; result: RunSummary | null; error: string | null; cancelling: boolean }>({
    phase: 'idle',
    jobId: null,
    result: null,
    error: null,
    cancelling: false,
  });
  const progress = useJobProgress(state.jobId);

  const start = useCallback(
    (args: Omit<InputOf<'judges.run'>, 'jobId'>) => {
      const jobId = newJudgeJobId();
      setState({ phase: 'running', jobId, result: null, error: null, cancelling: false });
      // Lists of runs show the new run while it goes.
      setTimeout(bump, 300);
      api['judges.run']({ ...args, jobId }).then(
        // A run left to go on in the background while another started ends quietly.
        (result) => {
          setState((s) => (s.jobId === jobId ? { ...s, phase: 'done', result, cancelling: false } : s));
          bump();
        },
        (error: unknown) => {
          setState((s) => (s.jobId === jobId ? { ...s, phase: 'error', error: messageOf(error), cancelling: false } : s));
          bump();
        },
      );
    },
    [api, bump],
  );

  const cancel = useCallback(() => {
    if (!state.jobId) return;
    setState((s) => ({ ...s, cancelling: true }));
    void api['jobs.cancel']({ jobId: state.jobId });
  }, [api, state.jobId]);

  const reset = useCallback(() => setState({ phase: 'idle', jobId: null, result: null, error: null, cancelling: false }), []);

  return { phase: state.phase, progress, result: state.result, error: state.error, cancelling: state.cancelling, start, cancel, reset };
}
