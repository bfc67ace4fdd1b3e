import { Alert, Box, Button, LinearProgress, Link, MenuItem, Paper, TextField, Typography } from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ReviewGroup, SopReviewReport } from '../../../../electron/api/contract';
import { count, percent } from '../../../../electron/common/numberFormat';
import { useApiQuery } from '../../api/useApiQuery';
import { PageHeader } from '../../common/PageHeader';
import { VisibleName } from '../../common/VisibleName';
import { useIdentity } from '../identity/identityContext';
import { canAdjudicate } from '../identity/identityStore';
import { idParam } from '../tasks/useTasks';
import { FiguresTable } from './FiguresTable';

// A value no rater name can take (names are trimmed, never empty): "consensus of the raters".
const CONSENSUS = '';

/**
 * `#/tasks/:taskId/sop-review`: the Agent-S SOP execution review of a task — state accuracy and
 * action accuracy over correct states, overall, per SOP, per model and per SOP × model, each
 * with its n; the sessions the continuation rule applies to; the definitions. Adjudicators and
 * leads (the figures pool every rater's marks).
 */
export default function SopReviewPage() {
  const taskId = idParam(useParams().taskId);
  const { identity } = useIdentity();
  // The marks the report counts: CONSENSUS, or one rater's name.
  const [rater, setRater] = useState(CONSENSUS);
  const report = useApiQuery(`sop-review:${taskId}:${rater}`, (api) => api['sopReview.report']({ task: taskId!, rater: rater === CONSENSUS ? undefined : rater }), taskId !== null && !!identity && canAdjudicate(identity.role));
  if (!identity) return null;
  return (
    <Box sx={{ p: 3, pt: 1.5, maxWidth: 1400 }}>
      <Button component={RouterLink} to={taskId === null ? '/tasks' : `/tasks/${taskId}`} size="small" startIcon={<ArrowBackOutlined />} sx={{ color: 'text.secondary', mb: 1 }}>
        Task
      </Button>
      {taskId === null && <Alert severity="error">This link does not name a task.</Alert>}
      {!canAdjudicate(identity.role) && (
        <Alert severity="info" data-testid="sop-review-refusal">
          The Agent-S review report pools every rater’s marks, so it is for adjudicators and leads; annotators label blind.
        </Alert>
      )}
      {report.error && <Alert severity="error">{report.error}</Alert>}
      {report.loading && !report.data && <LinearProgress aria-label="Loading report" />}
      {report.data && <ReportView report={report.data} rater={rater} onRater={setRater} />}
    </Box>
  );
}

function ReportView({ report, rater, onRater }: { report: SopReviewReport; rater: string; onRater(rater: string): void }) {
  const { figures } = report;
  const whose = report.source.kind === 'rater' ? `${report.source.rater}’s marks alone` : `consensus of ${report.raters.join(', ') || 'nobody yet'} (gold where set)`;
  const o = figures.overall;
  const leftOut = [
    o.stateUnmarked > 0 && `${count(o.stateUnmarked)} without a state mark`,
    o.stateDisagreed > 0 && `${count(o.stateDisagreed)} with raters disagreeing on the state`,
    o.actionUnmarked > 0 && `${count(o.actionUnmarked)} correct-state steps without an action mark`,
    o.actionDisagreed > 0 && `${count(o.actionDisagreed)} with raters disagreeing on the action`,
  ].filter(Boolean);
  return (
    <Box data-testid="sop-review-report">
      <PageHeader
        title={
          <>
            Agent-S review · <VisibleName name={report.task} />
          </>
        }
        summary={`${count(report.sessions)} sessions · ${whose}${report.otherItems > 0 ? ` · ${count(report.otherItems)} other items left out` : ''}`}
        actions={
          <TextField select size="small" label="Marks" value={rater} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(e) => onRater(e.target.value)} sx={{ minWidth: 220 }} data-testid="sop-review-marks">
            <MenuItem value={CONSENSUS}>Consensus (gold, else unanimous)</MenuItem>
            {report.raters.map((r) => (
              <MenuItem key={r} value={r}>
                {r} alone
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2, mb: 2 }}>
        <Headline title="State accuracy" subtitle="right SOP state ÷ steps with a settled state mark" accuracy={o.state} testId="sop-state-accuracy" />
        <Headline title="Action accuracy" subtitle="right action ÷ steps whose state was correct" accuracy={o.action} testId="sop-action-accuracy" />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="overline" color="text.secondary">
            Steps
          </Typography>
          <Typography variant="h3" component="p">
            {count(o.steps)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {count(o.ruledSteps)} incorrect by rule{o.overriddenMarks > 0 ? ` (${count(o.overriddenMarks)} marked correct, overridden)` : ''}
            {leftOut.length > 0 ? ` · left out: ${leftOut.join('; ')}` : ''}
          </Typography>
        </Paper>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <FiguresTable title="By SOP" columns={['SOP']} rows={figures.bySop.map((g) => row(g.sop, [g.sop], g))} testId="sop-by-sop" />
        <FiguresTable title="By model" columns={['Model']} rows={figures.byModel.map((g) => row(g.model, [g.model], g))} testId="sop-by-model" />
        <FiguresTable title="By SOP and model" columns={['SOP', 'Model']} rows={figures.bySopAndModel.map((g) => row(`${g.sop}\u0000${g.model}`, [g.sop, g.model], g))} testId="sop-by-both" />
        <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="sop-ruled-sessions">
          <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
            Incorrect by rule
          </Typography>
          {report.ruled.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No session continued past a failed step.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {report.ruled.map((r) => (
                <li key={r.itemId}>
                  <Typography variant="body2">
                    <Link component={RouterLink} to={`/items/${r.itemId}?unit=turn:${r.failedStep - 1}`} sx={{ fontFamily: 'monospace' }}>
                      {r.sessionId}
                    </Link>{' '}
                    ({r.sopId}, {r.model ?? 'no model'}): steps {r.ruledSteps.join(', ')} — failed step {r.failedStep} was continued past
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="sop-definitions">
          <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
            How these figures are counted
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
            {Object.entries(report.definitions).map(([key, text]) => (
              <li key={key}>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </li>
            ))}
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}

function row(key: string, names: string[], group: ReviewGroup) {
  return { key, names, group };
}

function Headline({ title, subtitle, accuracy, testId }: { title: string; subtitle: string; accuracy: ReviewGroup['state']; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.25 }}>
        <Typography variant="h3" component="p">
          {accuracy.value === null ? '—' : percent(accuracy.value)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count(accuracy.correct)} / {count(accuracy.n)}
          {accuracy.value === null && accuracy.reason ? ` (${accuracy.reason})` : ''}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {subtitle}
      </Typography>
    </Paper>
  );
}
