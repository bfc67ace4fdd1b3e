import { Alert, Box, Button, LinearProgress, Paper, Tooltip, Typography } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi, useDataVersion } from '../../api/apiContext';
import { PageHeader } from '../../common/PageHeader';
import { plural } from '../../common/format';
import { useIdentity } from '../identity/identityContext';
import { canAdjudicate, canManageTasks } from '../identity/identityStore';
import { PackImportButton } from '../labelFiles/PackImportButton';
import { CreateTaskDialog } from './CreateTaskDialog';
import { TaskTable } from './TaskTable';
import { TaskTrashSection } from './TaskTrashSection';
import type { TrashedTaskNotice } from './TaskLifecycleButtons';
import { useTasks } from './useTasks';

/** `#/tasks`: every task with its progress per annotator; leads create tasks here. */
export default function TasksPage() {
  const { identity } = useIdentity();
  const tasks = useTasks();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const undo = useUndoTrash();
  const lead = identity !== null && canManageTasks(identity.role);
  const mine = tasks.data?.filter((t) => t.annotators.includes(identity?.name ?? '')).length ?? 0;
  const newTask = (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)} disabled={!lead}>
      New task
    </Button>
  );
  return (
    <Box sx={{ p: 3, maxWidth: 1400 }}>
      <PageHeader
        title="Tasks"
        summary={tasks.data && tasks.data.length > 0 ? `${plural(tasks.data.length, 'task')}${mine > 0 ? ` · you label in ${mine}` : ''}` : undefined}
        actions={
          <>
            <PackImportButton />
            {lead ? newTask : <Tooltip title="Leads create tasks; switch role from the top bar"><span>{newTask}</span></Tooltip>}
          </>
        }
      />
      {undo.trashed && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          onClose={undo.forget}
          action={
            <Button color="inherit" size="small" onClick={() => void undo.restore()}>
              Undo
            </Button>
          }
        >
          Moved task “{undo.trashed.name}” to the trash with everything it held.
        </Alert>
      )}
      {undo.error && <Alert severity="error">{undo.error}</Alert>}
      {tasks.loading && !tasks.data && <LinearProgress aria-label="Loading tasks" />}
      {tasks.error && <Alert severity="error">{tasks.error}</Alert>}
      {tasks.data && tasks.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography variant="h3" gutterBottom>
            No tasks yet
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520, mx: 'auto' }}>
            A task applies a label schema — a preset such as plan quality, or your own — to the items of some datasets, and shares them among annotators.
            {lead ? ' Create one to start labeling.' : ' A lead creates them.'}
          </Typography>
        </Paper>
      )}
      {tasks.data && tasks.data.length > 0 && identity && <TaskTable tasks={tasks.data} me={identity.name} adjudicator={canAdjudicate(identity.role)} />}
      {lead && <TaskTrashSection />}
      {creating && <CreateTaskDialog onClose={() => setCreating(false)} onCreated={(task) => navigate(`/tasks/${task.id}`)} />}
    </Box>
  );
}

/** The task the task page just moved to the trash (told through the navigation), with its "Undo". */
function useUndoTrash() {
  const api = useApi();
  const { bump } = useDataVersion();
  const location = useLocation();
  const navigate = useNavigate();
  const trashed = (location.state as Partial<TrashedTaskNotice> | null)?.trashedTask ?? null;
  const [error, setError] = useState<string | null>(null);
  const forget = () => navigate('.', { replace: true, state: null });
  const restore = async () => {
    if (!trashed) return;
    try {
      await api['tasks.restore']({ task: trashed.id });
      forget();
      bump();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return { trashed, error, forget, restore };
}
