import { useCallback, useEffect, useState } from 'react';
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

/** How often a run queued on a team server is looked at while it goes (its progress events say more, sooner). */
const QUEUED_RUN_CHECK_MS = 2_000;

/**
 * Starts a judge run (or a resume) as a long job and follows its `job.progress` events. The job
 * id is made here so progress is heard from the first event; cancel asks the service to stop
 * taking items, and the run then comes back with status `cancelled`. The run is asked for in
 * the signed-in person's name: the server refuses an annotator.
 *
 * A team server answers at once with the run still `running`: it is a job that any of the team's
 * servers may run (and another takes over if that one dies). The run is then followed by its
 * progress events and by looking at it until it has ended, and cancelled by its id, which
 * reaches it whichever server runs it.
 */
export function useJudgeRun(): JudgeRunState {
  const api = useApi();
  const { bump } = useDataVersion();
  const [state, setState] = useState<{ phase: RunPhase; jobId: string | null; runId: number | null; result: RunSummary | null; error: string | null; cancelling: boolean }>({
    phase: 'idle',
    jobId: null,
    runId: null,
    result: null,
    error: null,
    cancelling: false,
  });
  const progress = useJobProgress(state.jobId);
  const queuedRun = state.phase === 'running' ? state.runId : null;
  const progressFinished = progress?.finished ?? false;

  // A run queued on a team server: looked at until it has ended (at once when its job says it finished).
  useEffect(() => {
    if (queuedRun === null) return;
    let stopped = false;
    const check = () =>
      api['judges.runGet']({ run: queuedRun }).then(
        (run) => {
          if (stopped || run.status === 'running') return;
          setState((s) => (s.runId === queuedRun && s.phase === 'running' ? { ...s, phase: 'done', result: run, cancelling: false } : s));
          bump();
        },
        () => {},
      );
    if (progressFinished) void check();
    const timer = setInterval(() => void check(), QUEUED_RUN_CHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, bump, queuedRun, progressFinished]);

  const start = useCallback(
    (args: Omit<InputOf<'judges.run'>, 'jobId'>) => {
      const jobId = newJudgeJobId();
      setState({ phase: 'running', jobId, runId: null, result: null, error: null, cancelling: false });
      // Lists of runs show the new run while it goes.
      setTimeout(bump, 300);
      api['judges.run']({ ...args, jobId }).then(
        // A run left to go on in the background while another started ends quietly.
        (result) => {
          // Still running: a team server queued it (followed above until it ends).
          if (result.status === 'running') setState((s) => (s.jobId === jobId ? { ...s, runId: result.id } : s));
          else setState((s) => (s.jobId === jobId ? { ...s, phase: 'done', result, runId: result.id, cancelling: false } : s));
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
    // A queued run may be running on another server: its id reaches it there.
    if (state.runId !== null) void api['judges.cancel']({ run: state.runId });
    else void api['jobs.cancel']({ jobId: state.jobId });
  }, [api, state.jobId, state.runId]);

  const reset = useCallback(() => setState({ phase: 'idle', jobId: null, runId: null, result: null, error: null, cancelling: false }), []);

  return { phase: state.phase, progress, result: state.result, error: state.error, cancelling: state.cancelling, start, cancel, reset };
}
