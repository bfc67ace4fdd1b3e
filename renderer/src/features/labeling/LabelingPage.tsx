import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import { useIdentity } from '../identity/identityContext';
import { idParam } from '../tasks/useTasks';
import { DoneScreen } from './DoneScreen';
import { LabelingScreen } from './LabelingScreen';
import { useApiOnce } from './useApiOnce';
import { useSettledQuery } from './useSettledQuery';

/**
 * `#/tasks/:taskId/label/:itemId?unit=…`: the labeling screen. Without an item it resumes the
 * annotator's queue where they left off (asked afresh on every visit), or says all is done.
 */
export default function LabelingPage() {
  const params = useParams();
  const location = useLocation();
  const taskId = idParam(params.taskId);
  const itemId = idParam(params.itemId);
  const me = useIdentity().identity!.name;
  const task = useApiOnce(`task ${taskId}`, (api) => api['tasks.get']({ task: taskId! }), taskId !== null);
  const queue = useSettledQuery(`queue ${taskId} ${me}`, (api) => api['queue.get']({ task: taskId! }), taskId !== null);
  const resume = useApiOnce(`resume ${taskId} ${me} ${location.key}`, (api) => api['queue.get']({ task: taskId! }), taskId !== null && itemId === null);
  const item = useApiOnce(`item ${itemId}`, (api) => api['items.get']({ id: itemId! }), itemId !== null);

  const error = task.error ?? (itemId === null ? resume.error : (item.error ?? queue.error));
  if (taskId === null) return <Problem message="This link does not name a task." />;
  if (error) return <Problem message={error} taskId={taskId} />;
  if (!task.data) return <LinearProgress aria-label="Loading task" />;
  if (itemId === null) {
    if (!resume.data) return <LinearProgress aria-label="Finding where you left off" />;
    if (resume.data.current) return <Navigate replace to={`/tasks/${taskId}/label/${resume.data.current.itemId}`} />;
    return <DoneScreen task={task.data} queue={resume.data} />;
  }
  if (!item.data) return <LinearProgress aria-label="Loading item" />;
  return <LabelingScreen key={item.data.id} task={task.data} item={item.data} queue={queue.data} me={me} />;
}

function Problem({ message, taskId }: { message: string; taskId?: number }) {
  return (
    <Box sx={{ p: 3, maxWidth: 760 }}>
      <Alert
        severity="error"
        action={
          taskId !== undefined && (
            <Button component={RouterLink} to={`/tasks/${taskId}`} color="inherit" size="small">
              Open the task
            </Button>
          )
        }
      >
        {message}
      </Alert>
    </Box>
  );
}
