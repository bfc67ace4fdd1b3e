import { Alert, Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import { useState } from 'react';
import type { TrashedDataset } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useApiQuery } from '../../api/useApiQuery';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { formatDateTime } from '../../shared/format';
import { useAsyncAction } from '../../shared/useAsyncAction';
import { impactLines } from '../../../../electron/shared/deletionImpact';
import { ImpactList } from './ImpactList';

/**
 * The lead's trash: deleted datasets with what each holds, "Restore" to bring one back whole,
 * and "Delete forever…", which asks for the name typed and takes a backup first.
 */
export function TrashSection() {
  const api = useApi();
  const { bump } = useDataVersion();
  const trash = useApiQuery('datasets.trash', (client) => client['datasets.trash']({}));
  const action = useAsyncAction();
  const [purging, setPurging] = useState<TrashedDataset | null>(null);
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const empty = !trash.data || trash.data.length === 0;
  // Once the last one is purged or restored, what happened is still said.
  if (empty) {
    return done ? (
      <Alert severity="success" onClose={() => setDone(null)} sx={{ mt: 4 }}>
        {done}
      </Alert>
    ) : null;
  }
  const restore = (dataset: TrashedDataset) =>
    action.run(async () => {
      await api['datasets.restore']({ id: dataset.id });
      setDone(`Restored “${dataset.name}” with everything it held.`);
      bump();
    });
  const purge = () =>
    action.run(async () => {
      if (!purging) return;
      const result = await api['datasets.purge']({ id: purging.id, confirm: typed });
      setDone(`Deleted “${purging.name}” for good.${result.backup ? ` A backup taken just before: ${result.backup}` : ''}`);
      setPurging(null);
      bump();
    });

  return (
    <Box component="section" aria-label="Trash" sx={{ mt: 4 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Trash
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Deleted datasets stay here, hidden everywhere, with every label and gold answer, until restored or deleted for good.
      </Typography>
      {done && (
        <Alert severity="success" onClose={() => setDone(null)} sx={{ mb: 1.5 }}>
          {done}
        </Alert>
      )}
      {action.error && !purging && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {action.error}
        </Alert>
      )}
      <Paper variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Dataset</TableCell>
              <TableCell>What it holds</TableCell>
              <TableCell>Deleted</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {trash.data!.map((dataset) => (
              <TableRow key={dataset.id} data-testid="trash-row" sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ fontWeight: 600 }}>{dataset.name}</TableCell>
                <TableCell>
                  <Typography variant="body2">{impactLines(dataset.impact).join(' · ')}</Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(dataset.trashedAt)}
                  {dataset.trashedBy && ` by ${dataset.trashedBy}`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" startIcon={<RestoreFromTrashOutlined />} disabled={action.busy} onClick={() => void restore(dataset)}>
                    Restore
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={action.busy}
                    onClick={() => {
                      action.reset();
                      setTyped('');
                      setPurging(dataset);
                    }}
                  >
                    Delete forever…
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <ConfirmDialog
        open={purging !== null}
        title={<>Delete “{purging?.name}” for good?</>}
        busy={action.busy}
        error={action.error}
        keepLabel="Keep in trash"
        confirmLabel="Delete forever"
        confirmColor="error"
        confirmDisabled={typed !== purging?.name}
        onKeep={() => setPurging(null)}
        onConfirm={() => void purge()}
      >
        <Typography variant="body2">This cannot be undone in Accord (a backup of the workspace is taken first). It removes:</Typography>
        {purging && <ImpactList impact={purging.impact} />}
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 1.5 }}
          label={`Type “${purging?.name ?? ''}” to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </Box>
  );
}
