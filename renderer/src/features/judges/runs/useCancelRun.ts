import { useEffect, useState } from 'react';
import type { RunSummary } from '../../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../../api/apiContext';
import { useAsyncAction } from '../../../common/useAsyncAction';

/**
 * Cancel a run by its id, with confirmation: the run being confirmed (as `runs` has it now;
 * null once it has stopped by itself), the call and its error,
 * and the runs asked to stop that are still finishing their calls in flight (shown as
 * "Cancelling…" until their status changes). `runs` is the list on screen, to forget runs
 * that have stopped. The transport names the signed-in person: only adjudicators and leads may cancel.
 */
export function useCancelRun(runs: RunSummary[] | undefined) {
  const api = useApi();
  const { bump } = useDataVersion();
  const [asked, setAsked] = useState<RunSummary | null>(null);
  const action = useAsyncAction();
  const [stopping, setStopping] = useState<number[]>([]);

  // A run that has stopped is no longer "cancelling", nor waiting for a confirmation (a resume of it later starts afresh).
  useEffect(() => {
    if (!runs) return;
    const running = new Set(runs.filter((r) => r.status === 'running').map((r) => r.id));
    setStopping((ids) => (ids.every((id) => running.has(id)) ? ids : ids.filter((id) => running.has(id))));
    setAsked((run) => (run && runs.some((r) => r.id === run.id) && !running.has(run.id) ? null : run));
  }, [runs]);

  // The run as the list has it now (the dialog's counts move with the table); none once it has stopped by itself.
  const live = asked ? (runs?.find((r) => r.id === asked.id) ?? asked) : null;
  const pending = live && live.status === 'running' ? live : null;

  const confirm = async () => {
    if (!pending) return;
    await action.run(async () => {
      const { cancelled } = await api['judges.cancel']({ run: pending.id });
      if (cancelled) setStopping((ids) => [...ids, pending.id]);
      setAsked(null);
      bump();
    });
  };

  return {
    pending,
    busy: action.busy,
    error: action.error,
    /** Ids of runs asked to stop that are still running. */
    stopping,
    ask: (run: RunSummary) => {
      action.reset();
      setAsked(run);
    },
    dismiss: () => setAsked(null),
    confirm,
  };
}
