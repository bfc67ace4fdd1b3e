import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useApiQuery } from '../../api/useApiQuery';
import { impactLines } from '../../../../electron/common/deletionImpact';
import { MoveToTrashDialog } from '../../common/MoveToTrashDialog';
import { useAsyncAction } from '../../common/useAsyncAction';

/** What the tasks page is told after a deletion, for its "Undo". */
export interface TrashedTaskNotice {
  trashedTask: { id: number; name: string };
}

/**
 * A lead's "Task actions" menu on the task page: archive / unarchive, and "Delete…". Deleting asks first, saying
 * exactly what goes (labels by whom, gold and its edits, judge runs), then moves the task to
 * the trash and goes back to the tasks page, which offers to undo it.
 */
export function TaskLifecycleButtons({ task, onError }: { task: TaskDetail; onError(message: string | null): void }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const action = useAsyncAction();
  const impact = useApiQuery(`tasks.impact ${task.id}`, (client) => client['tasks.impact']({ task: task.id }), asking);
  const archived = task.state === 'archived';
  const toggleArchive = async () => {
    setMenu(null);
    onError(null);
    try {
      await (archived ? api['tasks.unarchive']({ task: task.id }) : api['tasks.archive']({ task: task.id }));
      bump();
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  };
  const remove = () =>
    action.run(async () => {
      await api['tasks.delete']({ task: task.id });
      setAsking(false);
      bump();
      navigate('/tasks', { state: { trashedTask: { id: task.id, name: task.name } } satisfies TrashedTaskNotice });
    });
  return (
    <>
      <Tooltip title="Archive or delete the task">
        <IconButton aria-label="Task actions" aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, width: 38, height: 38 }}>
          <MoreVertOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem onClick={() => void toggleArchive()}>
          <ListItemIcon>{archived ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}</ListItemIcon>
          <ListItemText primary={archived ? 'Unarchive' : 'Archive'} secondary={archived ? 'label, adjudicate and run judges again' : 'read-only, hidden from its annotators'} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            action.reset();
            setAsking(true);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteOutlined fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText primary="Delete…" secondary="to the trash, saying what goes" />
        </MenuItem>
      </Menu>
      <MoveToTrashDialog
        open={asking}
        title={<>Delete task “{task.name}”?</>}
        name={task.name}
        intro="With it go, from every list, agreement and export:"
        lines={impact.data ? impactLines(impact.data) : null}
        outro="Nothing is lost yet: the task waits in the trash on the tasks page, where “Restore” brings all of it back. Only “Delete forever” there removes it, after a backup. To stop labeling but keep the task in view, archive it instead."
        busy={action.busy}
        error={action.error ?? impact.error}
        onCancel={() => setAsking(false)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
