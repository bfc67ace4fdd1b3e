import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { JudgeProbes, QuestionCalibration } from '../../../../../electron/api/contract';
import { count, counted, decimal, percent, percentInterval, range } from '../../../../../electron/common/numberFormat';
import { useApiQuery } from '../../../api/useApiQuery';
import { probeRunIds } from './probeRunIds';
import { Section } from './Section';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const KIND = { stability: 'reruns', paraphrase: 'rewordings', mixed: 'different judges or models' } as const;

/**
 * This run's probes: against the task's other finished runs of the same judge on the same model
 * (reruns, rewordings; a run on another model is not a rerun), and score against length.
 */
function useProbes(taskId: number, runId: number, question: string) {
  return useApiQuery<JudgeProbes>(`judges.probes:${taskId}:${runId}:${question}`, async (api) => {
    const runs = await api['judges.runs']({ task: taskId });
    return api['judges.probes']({ task: taskId, runs: probeRunIds(runs, runId), question, resamples: 1000 });
  });
}

/** Stability and bias probes beside the calibration: flips and κ across this judge's runs, score against response length, each run's cost. */
export function ProbesSection({ q, taskId, runId }: { q: QuestionCalibration; taskId: number; runId: number }) {
  const { data, error, loading } = useProbes(taskId, runId, q.question);
  const result = data?.results.find((r) => r.tag === q.tag);
  const bias = result?.lengthBias.find((b) => b.run === runId);
  return (
    <Section
      title="Stability and bias"
      testId="probes-section"
      note="The same items judged again by this judge on the same model (its other runs on the task: reruns, or a reworded prompt), and whether its score follows the length of what it judges."
    >
      {loading && <LinearProgress aria-label="Computing the probes" />}
      {error && <Alert severity="error">{error}</Alert>}
      {data && result && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {data.kind === 'mixed' && (
            <Alert severity="info" data-testid="probe-mixed">
              Not a stability probe: these runs differ in {data.mixedBy}, so the figures below are agreement between different judges or models.
            </Alert>
          )}
          {result.rerun ? (
            <Table size="small" aria-label="Runs compared" data-testid="probe-rerun" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Runs ({KIND[data.kind ?? 'stability']})</TableCell>
                  <TableCell align="right">Units</TableCell>
                  <TableCell align="right">{data.kind === 'mixed' ? 'Disagree on' : 'Flip rate'}</TableCell>
                  <TableCell align="right">95% interval</TableCell>
                  <TableCell align="right">Fleiss κ</TableCell>
                  <TableCell align="right">95% interval</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{result.rerun.runs.join(', ')}</TableCell>
                  <TableCell align="right" sx={num}>
                    {count(result.rerun.units)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...num, fontWeight: 600 }} data-testid="probe-flip-rate">
                    {percent(result.rerun.flipRate)}
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    {percentInterval(result.rerun.flipRateCi95)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>
                    {decimal(result.rerun.kappa, 3)}
                  </TableCell>
                  <TableCell align="right" sx={num} title={result.rerun.reason}>
                    {range(result.rerun.kappaCi95, 3)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="probe-no-rerun">
              No other finished run of this judge on this model on the task to compare with: rerun it (without the cache) to measure its stability.
            </Typography>
          )}
          {bias && (
            <Typography variant="body2" data-testid="probe-length">
              Score against response length: Spearman ρ <b>{decimal(bias.rho, 2)}</b> (95% {range(bias.ci95)}) on {counted(bias.units, 'unit')}{bias.reason ? ` — ${bias.reason}` : ''}.
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            Cost: {data.runs.map((r) => `run ${r.id} sent ${count(r.requests)} request${r.requests === 1 ? '' : 's'} (${count(r.cacheHits)} from cache, free)`).join('; ')}. Position swap: {data.positionSwap}.
          </Typography>
        </Box>
      )}
    </Section>
  );
}
