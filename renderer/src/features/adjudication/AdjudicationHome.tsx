import { Alert, Box, Button, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { TaskSummary } from '../../../../electron/api/contract';
import { useApiQuery } from '../../api/useApiQuery';
import { PageHeader } from '../../common/PageHeader';
import { formatCount } from '../../common/format';
import { useIdentity } from '../identity/identityContext';
import { RequireAdjudicator } from '../identity/RequireIdentity';

/** `#/adjudication`: every task with how many items wait for a decision under its policy. */
export default function AdjudicationHome() {
  return (
    <RequireAdjudicator>
      <Overview />
    </RequireAdjudicator>
  );
}

function Overview() {
  const me = useIdentity().identity?.name;
  const overview = useApiQuery(`adjudication overview ${me}`, async (api) => {
    const tasks = await api['tasks.list']({});
    return Promise.all(tasks.map(async (task) => ({ task, queue: await api['adjudication.queue']({ task: task.id }) })));
  });
  return (
    <Box sx={{ p: 3, maxWidth: 1200 }}>
      <PageHeader title="Adjudication" summary="Items where raters disagree, under each task’s policy. Settle them into gold labels." />
      {overview.loading && !overview.data && <LinearProgress aria-label="Loading tasks" />}
      {overview.error && <Alert severity="error">{overview.error}</Alert>}
      {overview.data && overview.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No tasks yet.</Typography>
        </Paper>
      )}
      {overview.data && overview.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          {/* Headers and the button on one line: at 1280 px they broke in two ("Open / queue"). */}
          <Table size="small" aria-label="Tasks to adjudicate" sx={{ '& th, & .MuiButton-root': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Task</TableCell>
                <TableCell>Policy</TableCell>
                <TableCell align="right">Items to settle</TableCell>
                <TableCell align="right">Complete items</TableCell>
                <TableCell align="right">Gold labels</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {overview.data.map(({ task, queue }) => (
                <Row key={task.id} task={task} open={queue.open} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function Row({ task, open }: { task: TaskSummary; open: number }) {
  return (
    <TableRow hover data-testid="adjudication-task-row">
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {task.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {task.schemaTitle}
        </Typography>
      </TableCell>
      <TableCell>{task.adjudication.policy === 'any' ? 'Every disagreement' : `Agreement below ${Math.round((task.adjudication.threshold ?? 0) * 100)} %`}</TableCell>
      <TableCell align="right" sx={{ fontWeight: open > 0 ? 700 : 400, color: open > 0 ? 'warning.main' : 'text.disabled' }}>
        {formatCount(open)}
      </TableCell>
      <TableCell align="right">
        {formatCount(task.completeItems)} / {formatCount(task.itemCount)}
      </TableCell>
      <TableCell align="right">{formatCount(task.goldCount)}</TableCell>
      <TableCell align="right">
        <Button size="small" variant={open > 0 ? 'contained' : 'outlined'} component={RouterLink} to={`/adjudication/${task.id}`}>
          Open queue
        </Button>
      </TableCell>
    </TableRow>
  );
}
