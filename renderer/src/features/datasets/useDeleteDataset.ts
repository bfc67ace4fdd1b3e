import { useState } from 'react';
import type { DatasetSummary } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useAsyncAction } from '../../shared/useAsyncAction';

/** Delete with confirmation: which dataset is being confirmed, the call, and its error. */
export function useDeleteDataset() {
  const api = useApi();
  const { bump } = useDataVersion();
  const [pending, setPending] = useState<DatasetSummary | null>(null);
  const action = useAsyncAction();

  const confirm = async () => {
    if (!pending) return;
    await action.run(async () => {
      await api['datasets.delete']({ id: pending.id });
      setPending(null);
      bump();
    });
  };

  return {
    pending,
    busy: action.busy,
    error: action.error,
    ask: (dataset: DatasetSummary) => {
      action.reset();
      setPending(dataset);
    },
    dismiss: () => setPending(null),
    confirm,
  };
}
