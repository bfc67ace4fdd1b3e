import { useState } from 'react';
import type { DatasetSummary } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useAsyncAction } from '../../common/useAsyncAction';

/** Delete (to the trash) with confirmation; the last deletion can be undone (restored) at once. */
export function useDeleteDataset() {
  const api = useApi();
  const { bump } = useDataVersion();
  const [pending, setPending] = useState<DatasetSummary | null>(null);
  const [lastTrashed, setLastTrashed] = useState<DatasetSummary | null>(null);
  const action = useAsyncAction();

  const confirm = async () => {
    if (!pending) return;
    await action.run(async () => {
      await api['datasets.delete']({ id: pending.id });
      setLastTrashed(pending);
      setPending(null);
      bump();
    });
  };

  const undo = async () => {
    if (!lastTrashed) return;
    await action.run(async () => {
      await api['datasets.restore']({ id: lastTrashed.id });
      setLastTrashed(null);
      bump();
    });
  };

  return {
    pending,
    lastTrashed,
    busy: action.busy,
    error: action.error,
    ask: (dataset: DatasetSummary) => {
      action.reset();
      setPending(dataset);
    },
    dismiss: () => setPending(null),
    forgetLast: () => setLastTrashed(null),
    confirm,
    undo,
  };
}
