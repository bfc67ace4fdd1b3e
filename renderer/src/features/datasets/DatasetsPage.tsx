import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { PageHeader } from '../../common/PageHeader';
import { plural } from '../../common/format';
import { useImportDialog } from '../import/useImportDialog';
import { DatasetTable } from './DatasetTable';
import { DeleteDatasetDialog } from './DeleteDatasetDialog';
import { EmptyDatasets } from './EmptyDatasets';
import { TrashSection } from './TrashSection';
import { useIdentity } from '../identity/identityContext';
import { useDatasets } from './useDatasets';
import { useDeleteDataset } from './useDeleteDataset';

/** `#/datasets`: what is in the workspace, and where it came from. */
export default function DatasetsPage() {
  const { data, error, loading } = useDatasets();
  const removal = useDeleteDataset();
  const importDialog = useImportDialog();
  const items = data?.reduce((sum, d) => sum + d.itemCount, 0) ?? 0;
  const isLead = useIdentity().identity?.role === 'lead';
  return (
    <Box sx={{ p: 3, maxWidth: 1400 }}>
      <PageHeader
        title="Datasets"
        summary={data && data.length > 0 ? `${plural(data.length, 'dataset')} · ${plural(items, 'item')}` : undefined}
      />
      {loading && !data && <LinearProgress aria-label="Loading datasets" />}
      {error && <Alert severity="error">{error}</Alert>}
      {removal.lastTrashed && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          onClose={removal.forgetLast}
          action={
            <Button color="inherit" size="small" disabled={removal.busy} onClick={() => void removal.undo()}>
              Undo
            </Button>
          }
        >
          Moved “{removal.lastTrashed.name}” to the trash with everything it held.
        </Alert>
      )}
      {data && data.length === 0 && <EmptyDatasets onImport={importDialog.open} />}
      {data && data.length > 0 && <DatasetTable datasets={data} onDelete={removal.ask} />}
      {isLead && <TrashSection />}
      <DeleteDatasetDialog
        dataset={removal.pending}
        busy={removal.busy}
        error={removal.error}
        onCancel={removal.dismiss}
        onConfirm={() => void removal.confirm()}
      />
    </Box>
  );
}
