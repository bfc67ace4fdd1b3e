import { Alert, Box, Breadcrumbs, Button, LinearProgress, Link, Menu, MenuItem, Tab, Tabs, Typography } from '@mui/material';
import CompareArrowsOutlined from '@mui/icons-material/CompareArrowsOutlined';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useApiQuery } from '../../../api/useApiQuery';
import { formatCount, formatDateTime } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { RequireJudgeRunsAccess } from '../access/RequireJudgeRunsAccess';
import { useSignedInName } from '../access/useSignedInName';
import { RunDialog, type RunTarget } from '../run/RunDialog';
import { CancelRunDialog } from '../runs/CancelRunDialog';
import { OutputFallbackNote } from '../runs/OutputFallbackNote';
import { RunStatusChip } from '../runs/RunStatusChip';
import { RunProblems } from '../runs/RunProblems';
import { RunFigures } from '../runs/RunFigures';
import { canCancel, canResume, runDone } from '../runs/runFormat';
import { useCancelRun } from '../runs/useCancelRun';
import { useRuns } from '../runs/useRuns';
import { CalibrationView } from './CalibrationView';
import { CallsTable } from './CallsTable';
import { VisibleName } from '../../../common/VisibleName';

/** `#/judge-runs/:runId`: one run — what it cost, its calls, and its calibration against the humans (adjudicators and leads). */
export default function RunPage() {
  return (
    <RequireJudgeRunsAccess>
      <RunScreen />
    </RequireJudgeRunsAccess>
  );
}

function RunScreen() {
  const viewer = useSignedInName();
  const runId = Number(useParams().runId);
  const navigate = useNavigate();
  const run = useApiQuery(`judges.runGet:${runId}`, (api) => api['judges.runGet']({ run: runId }), Number.isInteger(runId));
  const siblings = useRuns(run.data?.taskId ?? null);
  const [tab, setTab] = useState<'calibration' | 'calls'>('calibration');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [resume, setResume] = useState<RunTarget | null>(null);
  // The task's runs are polled while one runs: the freshest figures of a run under way.
  const r = siblings.data?.find((s) => s.id === runId) ?? run.data;
  const cancel = useCancelRun(siblings.data);
  const others = (siblings.data ?? []).filter((s) => s.id !== runId && r && s.taskId === r.taskId);

  return (
    <Box sx={{ p: 3, pt: 2, maxWidth: 1600 }}>
      <Breadcrumbs sx={{ mb: 1, fontSize: 13 }}>
        <Link component={RouterLink} to="/judge-runs" underline="hover" color="inherit">
          Judge runs
        </Link>
        <Typography color="text.primary" sx={{ fontSize: 13 }}>
          Run {runId}
        </Typography>
      </Breadcrumbs>
      {run.loading && !r && <LinearProgress aria-label="Loading run" />}
      {run.error && <Alert severity="error">{run.error}</Alert>}
      {r && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Typography variant="h1">
                  Run {r.id} · {r.judge.title}
                </Typography>
                <RunStatusChip run={r} />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} data-testid="run-summary">
                <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
                  {r.model}
                </Box>{' '}
                at {r.baseUrl} · task <b><VisibleName name={r.task} /></b> · judge{' '}
                <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
                  {r.judge.id}@{r.judge.version}
                </Box>{' '}
                · started {formatDateTime(r.startedAt)}
              </Typography>
              <Box sx={{ mt: 1.5 }}>
                <RunFigures run={r} />
              </Box>
              <OutputFallbackNote run={r} />
              {r.error && <Alert severity="error" sx={{ mt: 1 }}>{r.error}</Alert>}
              <RunProblems run={r} onRetry={canResume(r) ? () => setResume({ kind: 'resume', run: r }) : null} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
              {canCancel(r) && (
                <Button variant="outlined" color="warning" onClick={() => cancel.ask(r)} disabled={cancel.stopping.includes(r.id)}>
                  {cancel.stopping.includes(r.id) ? 'Cancelling…' : 'Cancel run'}
                </Button>
              )}
              {canResume(r) && (
                <Button variant="outlined" onClick={() => setResume({ kind: 'resume', run: r })}>
                  Resume
                </Button>
              )}
              <Button variant="outlined" startIcon={<CompareArrowsOutlined />} disabled={others.length === 0} onClick={(e) => setMenu(e.currentTarget)}>
                Compare with…
              </Button>
              <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
                {others.map((o) => (
                  <MenuItem key={o.id} onClick={() => navigate(`/judge-runs/compare?a=${Math.min(o.id, r.id)}&b=${Math.max(o.id, r.id)}`)}>
                    Run {o.id} · {o.judge.id} on {o.model}
                  </MenuItem>
                ))}
              </Menu>
            </Box>
          </Box>
          <Tabs value={tab} onChange={(_e, next: typeof tab) => setTab(next)} sx={{ mb: 2, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
            <Tab value="calibration" label="Calibration" />
            <Tab value="calls" label={`Calls (${formatCount(runDone(r))})`} />
          </Tabs>
          {tab === 'calibration' && <CalibrationView taskId={r.taskId} runId={r.id} viewer={viewer} />}
          {tab === 'calls' && <CallsTable runId={r.id} viewer={viewer} />}
        </>
      )}
      <RunDialog target={resume} onClose={() => setResume(null)} />
      <CancelRunDialog run={cancel.pending} busy={cancel.busy} error={cancel.error} onKeep={cancel.dismiss} onConfirm={() => void cancel.confirm()} />
    </Box>
  );
}
