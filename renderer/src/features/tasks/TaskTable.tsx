import { Box, Button, Chip, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { TaskSummary } from '../../../../electron/api/contract';
import { formatCount, formatDateTime, formatDayAndTime } from '../../common/format';
import { CROWD_RATERS } from '../../../../electron/common/raterList';
import { CrowdProgress } from './CrowdProgress';
import { ProgressRows } from './ProgressRows';
import { VisibleName } from '../../common/VisibleName';

/** Tasks with their schema, items and every annotator's progress; "Label" where you are one of the annotators. */
export function TaskTable({ tasks, me, adjudicator }: { tasks: TaskSummary[]; me: string; adjudicator: boolean }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Tasks">
        <TableHead>
          <TableRow>
            <TableCell>Task</TableCell>
            <TableCell align="right">Items</TableCell>
            <TableCell>Progress per annotator</TableCell>
            <TableCell align="right">Complete</TableCell>
            <TableCell align="right">Gold</TableCell>
            <TableCell>Created</TableCell>
            <TableCell aria-label="Actions" />
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.map((task) => (
            <TableRow key={task.id} hover data-testid="task-row" sx={{ verticalAlign: 'top', '& > td': { py: 1.5 } }}>
              <TableCell>
                <Link component={RouterLink} to={`/tasks/${task.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                  <VisibleName name={task.name} />
                </Link>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
                  {task.schemaTitle} · v{task.schemaVersion}
                </Typography>
                {/* The chips wrap rather than widen the column: side by side they pushed the row's actions out of a 1280-px window. */}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
                  {task.state === 'archived' && <Chip size="small" label="Archived" color="default" sx={{ bgcolor: 'action.selected' }} />}
                  {task.blind && <Chip size="small" label="Blind" variant="outlined" />}
                  <Chip size="small" variant="outlined" label={task.overlap === 'all' ? 'Everyone, every item' : `${task.perItem} per item`} />
                </Box>
              </TableCell>
              <TableCell align="right">{formatCount(task.itemCount)}</TableCell>
              <TableCell>
                {task.progress.length === 0 ? (
                  <Typography variant="body2" color="text.disabled">
                    No annotators yet
                  </Typography>
                ) : task.progress.length > CROWD_RATERS ? (
                  <CrowdProgress progress={task.progress} me={me} taskHref={`/tasks/${task.id}`} />
                ) : (
                  <ProgressRows rows={task.progress.map((p) => ({ key: p.name, who: <VisibleName name={p.name} />, progress: p, bold: p.name === me }))} />
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(task.completeItems)} / {formatCount(task.itemCount)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(task.goldCount)}
              </TableCell>
              <TableCell>
                <CreatedAt value={task.createdAt} />
              </TableCell>
              <TableCell align="right">
                {/* One above the other: side by side, they pushed Adjudicate out of a 1280-px window. */}
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, alignItems: 'flex-end' }}>
                  {adjudicator && (
                    <Button size="small" component={RouterLink} to={`/adjudication/${task.id}`}>
                      Adjudicate
                    </Button>
                  )}
                  {task.annotators.includes(me) && task.state !== 'archived' && (
                    <Button size="small" variant="outlined" component={RouterLink} to={`/tasks/${task.id}/label`}>
                      Label
                    </Button>
                  )}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The day on one line and the time under it: as one string it broke over three lines at 1280 px. */
function CreatedAt({ value }: { value: string }) {
  const parts = formatDayAndTime(value);
  if (!parts) {
    return (
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(value)}
      </Typography>
    );
  }
  return (
    <Box data-testid="task-created" title={formatDateTime(value)}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {parts.day}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {parts.time}
      </Typography>
    </Box>
  );
}
