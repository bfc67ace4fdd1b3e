import { IconButton, Tooltip } from '@mui/material';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import type { RunSummary } from '../../../../../electron/api/contract';

/**
 * A run's delete button: for a lead, on a stopped run; otherwise shown disabled with the reason
 * (deleting removes the run's calls, cost record and labels: a lead's decision).
 */
export function DeleteRunButton({ run, canDelete, onDelete }: { run: RunSummary; canDelete: boolean; onDelete(run: RunSummary): void }) {
  const why = !canDelete ? 'Only a lead can delete a judge run' : run.status === 'running' ? 'Cancel the run first to delete it' : `Delete run ${run.id}…`;
  const disabled = !canDelete || run.status === 'running';
  return (
    <Tooltip title={why}>
      {/* A disabled button gets no pointer events: the span carries the tooltip. */}
      <span>
        <IconButton size="small" aria-label={`Delete run ${run.id}`} disabled={disabled} onClick={() => onDelete(run)} sx={{ ml: 0.5 }}>
          <DeleteOutlineOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
