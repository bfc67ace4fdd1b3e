import { Alert, Box, Breadcrumbs, Button, LinearProgress, Link, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useApiQuery } from '../../../api/useApiQuery';
import { MONO_FONT } from '../../../theme/theme';
import { RequireJudgeRunsAccess } from '../access/RequireJudgeRunsAccess';
import { useSignedInName } from '../access/useSignedInName';
import { ComparisonQuestion } from './ComparisonQuestion';
import { SystemRankingPanel } from './SystemRankingPanel';
import { useRankingFields } from './useRankingFields';

/**
 * `#/judge-runs/compare?a=<run>&b=<run>[&by=<metadata field>]`: two runs of one task — what the
 * second fixed or regressed against gold, and whether the two rank systems (items grouped by a
 * metadata field such as the planner model; by default the first field the task's items carry
 * that groups them, see rankingFields) alike. Adjudicators and leads only (it scores runs against gold).
 */
export default function ComparePage() {
  return (
    <RequireJudgeRunsAccess>
      <CompareScreen />
    </RequireJudgeRunsAccess>
  );
}

function CompareScreen() {
  const viewer = useSignedInName();
  const [params, setParams] = useSearchParams();
  const a = Number(params.get('a'));
  const b = Number(params.get('b'));
  const named = Number.isInteger(a) && Number.isInteger(b) && a > 0 && b > 0;
  // A run compared with itself has nothing to compare: said here, not asked of the server.
  const valid = named && a !== b;
  const fields = useRankingFields(a, valid);
  const keys = fields.data?.keys ?? [];
  const by = params.get('by') ?? fields.data?.default ?? null;
  // Compared once the fields are known, so that a first answer never ranks by a field the items lack.
  const ready = valid && (fields.data !== undefined || fields.error !== null);
  const comparison = useApiQuery(`judges.compare:${a}:${b}:${by}:${viewer}`, (api) => api['judges.compare']({ runA: a, runB: b, ...(by ? { by } : {}) }), ready);
  const c = comparison.data;
  const fieldNames = by && !keys.includes(by) ? [by, ...keys] : keys;
  const rankBy = (field: string) => setParams({ a: String(a), b: String(b), by: field });

  return (
    <Box sx={{ p: 3, pt: 2, maxWidth: 1600 }}>
      <Breadcrumbs sx={{ mb: 1, fontSize: 13 }}>
        <Link component={RouterLink} to="/judge-runs" underline="hover" color="inherit">
          Judge runs
        </Link>
        <Typography color="text.primary" sx={{ fontSize: 13 }}>
          Compare
        </Typography>
      </Breadcrumbs>
      {!named && <Alert severity="error">This link does not name two runs (?a=…&b=…).</Alert>}
      {named && a === b && (
        <Alert severity="error" data-testid="compare-same-run">
          Run {a} compared with itself: pick two different runs of the task.
        </Alert>
      )}
      {comparison.error && <Alert severity="error">{comparison.error}</Alert>}
      {comparison.loading && !c && <LinearProgress aria-label="Comparing runs" />}
      {c && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, opacity: comparison.stale ? 0.6 : 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2 }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h1">
                Run {c.runA.id} vs run {c.runB.id}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                on task <b>{c.task}</b>
              </Typography>
            </Box>
            {by && fieldNames.length > 0 && (
              <TextField select size="small" label="Rank systems by" value={by} onChange={(e) => rankBy(e.target.value)} sx={{ minWidth: 200 }}>
                {fieldNames.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
            {[c.runA, c.runB].map((run, i) => (
              <Paper key={run.id} variant="outlined" sx={{ p: 1.5, borderLeft: 4, borderLeftColor: i === 0 ? '#2f5d8a' : '#c47814' }}>
                <Typography variant="overline" color="text.secondary">
                  {i === 0 ? 'Before' : 'After'}
                </Typography>
                <Typography variant="body1" sx={{ fontWeight: 600 }}>
                  <Link component={RouterLink} to={`/judge-runs/${run.id}`} underline="hover">
                    Run {run.id}
                  </Link>{' '}
                  · <span style={{ fontFamily: MONO_FONT, fontSize: 13 }}>{run.model}</span>
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT }}>
                  {run.judge}
                </Typography>
              </Paper>
            ))}
          </Box>
          {c.questions.map((q) => (
            <ComparisonQuestion key={q.tag ? `${q.question}:${q.tag}` : q.question} q={q} itemIds={c.itemIds} a={c.runA.id} b={c.runB.id} />
          ))}
          {c.rankings.map((ranking) => (
            <SystemRankingPanel key={ranking.question} ranking={ranking} a={c.runA.id} b={c.runB.id} />
          ))}
          {c.rankings.length === 0 && <NoRanking by={by} keys={keys} onRankBy={rankBy} />}
          {c.skipped.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              Not compared: {c.skipped.map((s) => `${s.question} (${s.reason})`).join('; ')}.
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** Why no systems are ranked, with the fields the task's items do carry to rank by instead. */
function NoRanking({ by, keys, onRankBy }: { by: string | null; keys: string[]; onRankBy(field: string): void }) {
  const others = keys.filter((key) => key !== by);
  return (
    <Alert severity="info" data-testid="no-ranking">
      {by === null
        ? 'No system ranking: no metadata field of this task’s items groups them into two or more systems (such as the model that made each item).'
        : `No system ranking by “${by}”: no item of this task has that field with a score to rank by.`}
      {others.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
          <Typography variant="body2" sx={{ mr: 0.5 }}>
            Rank by a field its items carry:
          </Typography>
          {others.map((key) => (
            <Button key={key} size="small" variant="outlined" onClick={() => onRankBy(key)} sx={{ py: 0, minWidth: 0, textTransform: 'none' }}>
              {key}
            </Button>
          ))}
        </Box>
      )}
    </Alert>
  );
}
