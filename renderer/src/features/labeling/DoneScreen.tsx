import { Box, Button, Paper, Typography } from '@mui/material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Link as RouterLink } from 'react-router';
import type { Queue, TaskDetail } from '../../../../electron/api/contract';
import { formatDuration, plural } from '../../common/format';
import { useIdentity } from '../identity/identityContext';
import { canAdjudicate } from '../identity/identityStore';

/** Everything in the queue is submitted: say so, and offer review, the task, or adjudication. */
export function DoneScreen({ task, queue }: { task: TaskDetail; queue: Queue }) {
  const { identity } = useIdentity();
  const first = queue.entries[0];
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <Paper variant="outlined" sx={{ p: 4, width: 480, textAlign: 'center' }} data-testid="queue-done">
        <CheckCircleOutlined sx={{ fontSize: 40, color: 'success.main', mb: 1 }} />
        <Typography variant="h2" component="h1" gutterBottom>
          All done
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          You submitted {plural(queue.progress.submitted, 'item')} of “{task.name}” with {plural(queue.progress.labels, 'label')}
          {queue.progress.secondsSpent > 0 ? ` in ${formatDuration(queue.progress.secondsSpent)}` : ''}. Submitted items stay open for review: changes are still saved.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
          <Button component={RouterLink} to={`/tasks/${task.id}`}>
            Back to the task
          </Button>
          {first && (
            <Button variant="outlined" component={RouterLink} to={`/tasks/${task.id}/label/${first.itemId}`}>
              Review from the first item
            </Button>
          )}
          {identity && canAdjudicate(identity.role) && (
            <Button variant="contained" component={RouterLink} to={`/adjudication/${task.id}`}>
              Adjudicate
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
