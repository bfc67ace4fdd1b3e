import { useApi, useDataVersion } from '../../api/apiContext';
import { useApiQuery } from '../../api/useApiQuery';
import { TrashSection as Trash } from '../../common/TrashSection';

/** The datasets' trash: deleted datasets, each restorable whole or deleted for good (the name typed, after a backup). */
export function TrashSection() {
  const api = useApi();
  const { bump } = useDataVersion();
  const trash = useApiQuery('datasets.trash', (client) => client['datasets.trash']({}));
  return (
    <Trash
      noun="dataset"
      description="Deleted datasets stay here, hidden everywhere, with every label and gold answer, until restored or deleted for good."
      trash={trash.data ?? undefined}
      restore={async (dataset) => {
        await api['datasets.restore']({ id: dataset.id });
        bump();
      }}
      purge={async (dataset, typed) => {
        const result = await api['datasets.purge']({ id: dataset.id, confirm: typed });
        bump();
        return result.backup;
      }}
    />
  );
}
