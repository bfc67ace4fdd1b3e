import { useState } from 'react';
import type { DatasetSummary } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';

/** Delete with confirmation: which dataset is being confirmed, the call, and its error. */
export function useDeleteDataset() {
  const api = useApi();
  const { bump } = useDataVersion();
  const [pending, setPending] = useState<DatasetSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await api['datasets.delete']({ id: pending.id });
      setPending(null);
      bump();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return {
    pending,
    busy,
    error,
    ask: (dataset: DatasetSummary) => {
      setError(null);
      setPending(dataset);
    },
    dismiss: () => setPending(null),
    confirm,
  };
}
