import { useState } from 'react';
import type { RunSummary } from '../../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../../api/apiContext';
import { useAsyncAction } from '../../../common/useAsyncAction';

/** Delete a run to the trash, after the dialog has said what goes: the run asked about, the call and its error. */
export function useDeleteRun() {
  const api = useApi();
  const { bump } = useDataVersion();
  const [pending, setPending] = useState<RunSummary | null>(null);
  const action = useAsyncAction();
  const confirm = async () => {
    if (!pending) return;
    await action.run(async () => {
      await api['judges.delete']({ run: pending.id });
      setPending(null);
      bump();
    });
  };
  return {
    pending,
    busy: action.busy,
    error: action.error,
    ask: (run: RunSummary) => {
      action.reset();
      setPending(run);
    },
    dismiss: () => setPending(null),
    confirm,
  };
}
