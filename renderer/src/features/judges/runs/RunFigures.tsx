import { Box, Typography } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { formatCount, formatDuration } from '../../../common/format';
import { formatCost, runDone, runSeconds } from './runFormat';

/** A run's counts, tokens, cost and time as a strip of labelled figures. */
export function RunFigures({ run }: { run: RunSummary }) {
  const seconds = runSeconds(run);
  const figures: [string, string, string?][] = [
    ['Requests done', `${formatCount(runDone(run))} / ${formatCount(run.total)}`],
    ['Answered', formatCount(run.ok)],
    ['Unreadable', formatCount(run.invalid), run.invalid > 0 ? 'warning.main' : undefined],
    ['Failed', formatCount(run.failed), run.failed > 0 ? 'error.main' : undefined],
    ['From cache', formatCount(run.cacheHits)],
    ['Tokens in / out', `${formatCount(run.promptTokens)} / ${formatCount(run.completionTokens)}`],
    ['Cost', formatCost(run.cost)],
    ['Time', seconds === null ? '—' : formatDuration(seconds)],
  ];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3.5, rowGap: 1 }} data-testid="run-figures">
      {figures.map(([label, value, color]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 600, fontSize: 15, fontVariantNumeric: 'tabular-nums', color }}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}
