import { Box, Button, Checkbox, LinearProgress, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { RunSummary } from '../../../../../electron/api/contract';
import { formatCount, formatDateTime, formatDuration } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { RunStatusChip } from './RunStatusChip';
import { canCancel, canResume, formatCost, runDone, runSeconds } from './runFormat';
import { DeleteRunButton } from './DeleteRunButton';
import { VisibleName } from '../../../common/VisibleName';

interface Props {
  runs: RunSummary[];
  selected: number[];
  onToggle(run: RunSummary): void;
  onResume(run: RunSummary): void;
  /** Asks to cancel a running run (the page confirms first). */
  onCancel(run: RunSummary): void;
  /** Runs asked to stop that are still finishing their calls in flight. */
  stopping: number[];
  /** Asks to delete a stopped run (the page says what goes first); only a lead may. */
  onDelete(run: RunSummary): void;
  canDelete: boolean;
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const quiet = (n: number, color: string) => ({ color: n > 0 ? color : 'text.disabled' });
/** The judge's title and the task's name wrap past this width. */
const JUDGE_TASK_WIDTH = 170;

/**
 * Judge runs: status, progress, outcome counts, tokens, cost and time; a run's link opens its
 * calibration, a running run (one left going in the background too) is cancelled here, and a
 * stopped run resumes here.
 */
export function RunsTable({ runs, selected, onToggle, onResume, onCancel, stopping, onDelete, canDelete }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label="Judge runs"
        // Tighter than MUI's 16 px sides, the judge and task wrapping past 170 px and the
        // outcome's counts one above the other: nine columns and the row's actions fit a
        // 1280-px window without scrolling sideways (Cost and Delete were 115 px past its edge).
        sx={{ '& td': { verticalAlign: 'top' }, '& th': { whiteSpace: 'nowrap' }, '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" aria-label="Compare" />
            <TableCell>Run</TableCell>
            <TableCell>Judge · task</TableCell>
            <TableCell>Model</TableCell>
            <TableCell sx={{ minWidth: 96 }}>Requests</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell align="right">Tokens in / out</TableCell>
            <TableCell align="right">Cost, time</TableCell>
            <TableCell aria-label="Actions" />
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => {
            const seconds = runSeconds(run);
            const done = runDone(run);
            return (
              <TableRow key={run.id} hover data-testid="run-row" data-run={run.id} sx={{ '& > td': { py: 1.25 } }}>
                <TableCell padding="checkbox" sx={{ pt: '4px !important' }}>
                  <Checkbox size="small" checked={selected.includes(run.id)} onChange={() => onToggle(run)} slotProps={{ input: { 'aria-label': `Select run ${run.id} to compare` } }} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Link component={RouterLink} to={`/judge-runs/${run.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                      Run {run.id}
                    </Link>
                    <Tooltip title={run.error ?? ''}>
                      <span>
                        <RunStatusChip run={run} />
                      </span>
                    </Tooltip>
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
                    {formatDateTime(run.startedAt)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ maxWidth: JUDGE_TASK_WIDTH, overflowWrap: 'anywhere' }}>
                    {run.judge.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: JUDGE_TASK_WIDTH, overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 11 }}>
                      @{run.judge.version.slice(0, 8)}
                    </Box>{' '}
                    · task <VisibleName name={run.task} />
                  </Typography>
                </TableCell>
                <TableCell sx={{ maxWidth: 200 }}>
                  <Typography variant="body2" noWrap sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
                    {run.model}
                  </Typography>
                  <Tooltip title={run.baseUrl}>
                    <Typography variant="caption" color="text.secondary" component="div" noWrap>
                      {run.baseUrl.replace(/^https?:\/\//, '')}
                    </Typography>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={num}>
                    {formatCount(done)} / {formatCount(run.total)}
                  </Typography>
                  <LinearProgress variant="determinate" value={run.total > 0 ? (done / run.total) * 100 : 0} color={run.status === 'finished' ? 'success' : run.status === 'failed' ? 'error' : 'primary'} sx={{ my: 0.5, height: 4, borderRadius: 2 }} aria-label={`Run ${run.id} progress`} />
                  <Typography variant="caption" component="div" sx={{ ...num, ...quiet(run.cacheHits, 'text.secondary') }}>
                    {formatCount(run.cacheHits)} from cache
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2" sx={num}>
                    {formatCount(run.ok)} answered
                  </Typography>
                  <Typography variant="caption" component="div" sx={{ ...num, ...quiet(run.invalid, 'warning.main') }}>
                    {formatCount(run.invalid)} unreadable
                  </Typography>
                  <Typography variant="caption" component="div" sx={{ ...num, ...quiet(run.failed, 'error.main') }}>
                    {formatCount(run.failed)} failed
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={num}>
                  {formatCount(run.promptTokens)} / {formatCount(run.completionTokens)}
                </TableCell>
                <TableCell align="right" sx={num}>
                  <Typography variant="body2">{formatCost(run.cost)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {seconds === null ? '—' : formatDuration(seconds)}
                  </Typography>
                </TableCell>
                {
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canResume(run) && (
                      <Button size="small" variant="outlined" onClick={() => onResume(run)} aria-label={`Resume run ${run.id}`}>
                        Resume
                      </Button>
                    )}
                    {canCancel(run) && (
                      <Button
                        size="small"
                        variant="outlined"
                        color="warning"
                        onClick={() => onCancel(run)}
                        disabled={stopping.includes(run.id)}
                        aria-label={`Cancel run ${run.id}`}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {stopping.includes(run.id) ? 'Cancelling…' : 'Cancel'}
                      </Button>
                    )}
                    <DeleteRunButton run={run} canDelete={canDelete} onDelete={onDelete} />
                  </TableCell>
                }
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
