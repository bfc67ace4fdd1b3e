import { DialogContentText, LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { ImpactList } from './ImpactList';

interface Props {
  open: boolean;
  /** "Delete dataset “x”?" */
  title: ReactNode;
  /** Named in the list's label: "What goes with …". */
  name: string;
  /** Leads into the list: where the things stop showing ("With it go, from every list …:"). */
  intro: ReactNode;
  /** What goes, one line per kind; null while it is being counted. */
  lines: readonly string[] | null;
  /** Where it waits and how it comes back; says that nothing is lost yet. */
  outro: ReactNode;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * The one "move to the trash" question (datasets, tasks, judge runs): it says exactly what goes
 * before anything does, and cannot be confirmed until that has been counted.
 */
export function MoveToTrashDialog({ open, title, name, intro, lines, outro, busy, error, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      busy={busy}
      error={error}
      keepLabel="Cancel"
      confirmLabel="Move to trash"
      confirmColor="warning"
      confirmDisabled={lines === null}
      onKeep={onCancel}
      onConfirm={onConfirm}
    >
      <DialogContentText component="div">
        {intro}
        {lines ? <ImpactList lines={lines} name={name} /> : <LinearProgress aria-label="Counting what goes" sx={{ my: 1.5 }} />}
        {outro}
      </DialogContentText>
    </ConfirmDialog>
  );
}
