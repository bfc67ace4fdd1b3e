import { Alert, Box, Button, LinearProgress, Paper, Tooltip, Typography } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../shared/PageHeader';
import { plural } from '../../shared/format';
import { useIdentity } from '../identity/identityContext';
import { canAdjudicate, canManageTasks } from '../identity/identityStore';
import { PackImportButton } from '../labelFiles/PackImportButton';
import { CreateTaskDialog } from './CreateTaskDialog';
import { TaskTable } from './TaskTable';
import { useTasks } from './useTasks';

/** `#/tasks`: every task with its progress per annotator; leads create tasks here. */
export default function TasksPage() {
  const { identity } = useIdentity();
  const tasks = useTasks();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
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
      {creating && <CreateTaskDialog onClose={() => setCreating(false)} onCreated={(task) => navigate(`/tasks/${task.id}`)} />}
    </Box>
  );
}
