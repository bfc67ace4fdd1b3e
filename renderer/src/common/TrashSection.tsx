import { Alert, Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import { useState } from 'react';
import { impactLines, type ImpactCounts } from '../../../electron/common/deletionImpact';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDateTime } from './format';
import { useAsyncAction } from './useAsyncAction';
import { ImpactList } from './ImpactList';

/** Something deleted and waiting in the trash: a dataset, a task or a judge run. */
export interface TrashedThing {
  id: number;
  name: string;
  trashedAt: string;
  trashedBy: string | null;
  /** What it holds: counts said by impactLines, or `lines` already said (a judge run's). */
  impact?: ImpactCounts;
  lines?: readonly string[];
  /** What must be typed to delete it for good; its name unless said. */
  confirmation?: string;
}

const linesOf = (thing: TrashedThing) => thing.lines ?? impactLines(thing.impact!);
const confirmationOf = (thing: TrashedThing | null) => thing?.confirmation ?? thing?.name ?? '';

interface Props {
  /** "dataset", "task" or "judge run": how the rows are named. */
  noun: string;
  /** What the section says the trash keeps. */
  description: string;
  trash: readonly TrashedThing[] | undefined;
  restore(thing: TrashedThing): Promise<void>;
  /** Deletes for good with the typed name; the path of the backup taken just before, if any. */
  purge(thing: TrashedThing, typed: string): Promise<string | null>;
}

/**
 * A lead's trash: deleted things with what each holds, "Restore" to bring one back whole, and
 * "Delete forever…", which asks for the name typed and takes a backup first. The datasets page
 * and the tasks page show one each.
 */
export function TrashSection({ noun, description, trash, restore, purge }: Props) {
  const action = useAsyncAction();
  const [purging, setPurging] = useState<TrashedThing | null>(null);
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const empty = !trash || trash.length === 0;
  // Once the last one is purged or restored, what happened is still said.
  if (empty) {
    return done ? (
      <Alert severity="success" onClose={() => setDone(null)} sx={{ mt: 4 }}>
        {done}
      </Alert>
    ) : null;
  }
  const onRestore = (thing: TrashedThing) =>
    action.run(async () => {
      await restore(thing);
      setDone(`Restored “${thing.name}” with everything it held.`);
    });
  const onPurge = () =>
    action.run(async () => {
      if (!purging) return;
      const backup = await purge(purging, typed);
      setDone(`Deleted “${purging.name}” for good.${backup ? ` A backup taken just before: ${backup}` : ''}`);
      setPurging(null);
    });

  return (
    <Box component="section" aria-label="Trash" sx={{ mt: 4 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Trash
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {description}
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
              <TableCell>{noun.charAt(0).toUpperCase() + noun.slice(1)}</TableCell>
              <TableCell>What it holds</TableCell>
              <TableCell>Deleted</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {trash.map((thing) => (
              <TableRow key={thing.id} data-testid="trash-row" sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ fontWeight: 600 }}>{thing.name}</TableCell>
                <TableCell>
                  <Typography variant="body2">{linesOf(thing).join(' · ')}</Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(thing.trashedAt)}
                  {thing.trashedBy && ` by ${thing.trashedBy}`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" startIcon={<RestoreFromTrashOutlined />} disabled={action.busy} onClick={() => void onRestore(thing)}>
                    Restore
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={action.busy}
                    onClick={() => {
                      action.reset();
                      setTyped('');
                      setPurging(thing);
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
        confirmDisabled={purging === null || typed !== confirmationOf(purging)}
        onKeep={() => setPurging(null)}
        onConfirm={() => void onPurge()}
      >
        <Typography variant="body2">This cannot be undone in Accord (a backup of the workspace is taken first). It removes:</Typography>
        {purging && <ImpactList lines={linesOf(purging)} name={purging.name} />}
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 1.5 }}
          label={`Type “${confirmationOf(purging)}” to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </Box>
  );
}
