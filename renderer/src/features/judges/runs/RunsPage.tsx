import { Alert, Box, Button, LinearProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { RunSummary } from '../../../../../electron/api/contract';
import { useApiQuery } from '../../../api/useApiQuery';
import { PageHeader } from '../../../common/PageHeader';
import { plural } from '../../../common/format';
import { RequireJudgeRunsAccess } from '../access/RequireJudgeRunsAccess';
import { RunDialog, type RunTarget } from '../run/RunDialog';
import { CancelRunDialog } from './CancelRunDialog';
import { RunsTable } from './RunsTable';
import { useCancelRun } from './useCancelRun';
import { DeleteRunDialog } from './DeleteRunDialog';
import { RunTrashSection } from './RunTrashSection';
import { useDeleteRun } from './useDeleteRun';
import { useIdentity } from '../../identity/identityContext';
import { useRuns } from './useRuns';

/**
 * `#/judge-runs[?task=<id>]`: every judge run, to calibrate, cancel, resume, or pick two to
 * compare (adjudicators and leads); a lead also deletes runs to the trash below, and restores them.
 */
export default function RunsPage() {
  return (
    <RequireJudgeRunsAccess>
      <RunsScreen />
    </RequireJudgeRunsAccess>
  );
}

function RunsScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const taskId = params.get('task') ? Number(params.get('task')) : null;
  const runs = useRuns(taskId);
  const tasks = useApiQuery('tasks.list', (api) => api['tasks.list']({}));
  const [selected, setSelected] = useState<RunSummary[]>([]);
  const [resume, setResume] = useState<RunTarget | null>(null);
  const cancel = useCancelRun(runs.data);
  const remove = useDeleteRun();
  const isLead = useIdentity().identity?.role === 'lead';
  const list = runs.data ?? [];

  const toggle = (run: RunSummary) =>
    setSelected((current) => (current.some((r) => r.id === run.id) ? current.filter((r) => r.id !== run.id) : [...current, run].slice(-2)));
  const sameTask = selected.length === 2 && selected[0].taskId === selected[1].taskId;
  // The earlier run is "before", whichever box was ticked first: the list shows the newest on
  // top, so ticking down it compared the newer run as before and the older as after.
  const [before, after] = [...selected].sort((x, y) => x.id - y.id);

  return (
    <Box sx={{ p: 3, maxWidth: 1600 }}>
      <PageHeader
        title="Judge runs"
        summary={list.length > 0 ? `${plural(list.length, 'run')} · pick two runs of one task to compare them` : undefined}
        actions={
          <>
            <TextField
              select
              size="small"
              label="Task"
              value={taskId ?? ''}
              onChange={(e) => setParams(e.target.value === '' ? {} : { task: String(e.target.value) })}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">All tasks</MenuItem>
              {(tasks.data ?? []).map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              startIcon={<CompareArrowsOutlined />}
              disabled={!sameTask}
              onClick={() => navigate(`/judge-runs/compare?a=${before.id}&b=${after.id}`)}
            >
              Compare {selected.length === 2 ? `runs ${before.id} and ${after.id}` : 'two runs'}
            </Button>
          </>
        }
      />
      {selected.length === 2 && !sameTask && <Alert severity="warning" sx={{ mb: 2 }}>Runs {selected[0].id} and {selected[1].id} are on different tasks; compare runs of one task.</Alert>}
      {runs.loading && !runs.data && <LinearProgress aria-label="Loading runs" />}
      {runs.error && <Alert severity="error">{runs.error}</Alert>}
      {runs.data && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h3" component="p" sx={{ mb: 1 }}>
            No judge runs yet
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Pick a judge, preview its prompt on an item, and run it on a task.
          </Typography>
          <Button variant="contained" component={RouterLink} to="/judges">
            Open the judges
          </Button>
        </Paper>
      )}
      {list.length > 0 && (
        <RunsTable
          runs={[...list].reverse()}
          selected={selected.map((r) => r.id)}
          onToggle={toggle}
          onResume={(run) => setResume({ kind: 'resume', run })}
          onCancel={cancel.ask}
          stopping={cancel.stopping}
          onDelete={remove.ask}
          canDelete={isLead}
        />
      )}
      {isLead && <RunTrashSection taskId={taskId} />}
      <RunDialog target={resume} onClose={() => setResume(null)} />
      <DeleteRunDialog run={remove.pending} busy={remove.busy} error={remove.error} onCancel={remove.dismiss} onConfirm={() => void remove.confirm()} />
      <CancelRunDialog run={cancel.pending} busy={cancel.busy} error={cancel.error} onKeep={cancel.dismiss} onConfirm={() => void cancel.confirm()} />
    </Box>
  );
}
