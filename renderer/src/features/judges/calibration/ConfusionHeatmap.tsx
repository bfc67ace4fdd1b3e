import { Box, Tooltip, Typography } from '@mui/material';
import type { QuestionCalibration } from '../../../../../electron/api/contract';
import { formatCount } from '../../../common/format';

type Confusion = QuestionCalibration['confusion'];

/** The most levels whose names stand side by side over the columns; more stand upright. */
const UPRIGHT_FROM = 5;

/** Cell colour: agreement (the diagonal) in blue, disagreement in amber, stronger with the count. */
function cellColor(count: number, max: number, diagonal: boolean): string {
  if (count === 0) return 'transparent';
  const strength = 0.12 + 0.78 * (count / max);
  return diagonal ? `rgba(47, 93, 138, ${strength})` : `rgba(196, 120, 20, ${strength})`;
}

/**
 * The confusion matrix as a heatmap: the judge's answers down the side, the reference's across
 * the top, each cell's count written in it; the diagonal is where they agree.
 */
export function ConfusionHeatmap({ confusion, referenceLabel }: { confusion: Confusion; referenceLabel: string }) {
  const { levels, counts } = confusion;
  const max = Math.max(1, ...counts.flat());
  const rowTotals = counts.map((row) => row.reduce((a, b) => a + b, 0));
  const columnTotals = levels.map((_, j) => counts.reduce((a, row) => a + row[j], 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  // Beyond five levels the names no longer fit side by side in a half-width card (a 7-level
  // scale's "Acceptable" ran into "Good" and pushed the totals out at 1280 px): the column
  // headings then stand upright, read bottom to top, and the columns can be as narrow as a count.
  const upright = levels.length > UPRIGHT_FROM;
  const columns = `minmax(96px, auto) repeat(${levels.length}, minmax(${upright ? 30 : 48}px, 1fr)) minmax(36px, auto)`;
  const head = { fontSize: 11.5, color: 'text.secondary', lineHeight: 1.2 } as const;
  const uprightHead = upright ? ({ writingMode: 'vertical-rl', transform: 'rotate(180deg)', justifySelf: 'center', textAlign: 'left', whiteSpace: 'nowrap', py: 0.5 } as const) : {};
  return (
    <Box role="table" aria-label="Confusion matrix" data-testid="confusion-matrix">
      <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: 'center', ml: '96px', mb: 0.5, fontWeight: 600 }}>
        {referenceLabel} →
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: columns, gap: '3px', alignItems: 'stretch' }}>
        <Box role="row" sx={{ display: 'contents' }}>
          <Typography role="columnheader" sx={{ ...head, fontWeight: 600, alignSelf: 'end', pb: 0.5 }}>
            judge ↓
          </Typography>
          {levels.map((level) => (
            <Typography key={level} role="columnheader" sx={{ ...head, textAlign: 'center', alignSelf: 'end', pb: 0.5, px: 0.25, ...uprightHead }}>
              {level}
            </Typography>
          ))}
          <Typography role="columnheader" sx={{ ...head, textAlign: 'right', alignSelf: 'end', pb: 0.5 }}>
            total
          </Typography>
        </Box>
        {levels.map((level, i) => (
          <Box role="row" key={level} sx={{ display: 'contents' }}>
            <Typography role="rowheader" sx={{ ...head, alignSelf: 'center', pr: 1 }}>
              {level}
            </Typography>
            {levels.map((column, j) => {
              const n = counts[i][j];
              const strong = n / max > 0.5;
              return (
                <Tooltip key={column} title={`Judge ${level}, ${referenceLabel} ${column}: ${formatCount(n)}`} disableInteractive>
                  <Box
                    role="cell"
                    data-testid={`confusion-${i}-${j}`}
                    sx={{
                      height: 36,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      borderRadius: '3px',
                      bgcolor: cellColor(n, max, i === j),
                      border: 1,
                      borderColor: i === j ? '#c9d8e8' : '#eef0f3',
                      fontVariantNumeric: 'tabular-nums',
                      fontSize: 13,
                      fontWeight: n > 0 ? 600 : 400,
                      color: n === 0 ? 'text.disabled' : strong ? '#fff' : 'text.primary',
                    }}
                  >
                    {n === 0 ? '·' : formatCount(n)}
                  </Box>
                </Tooltip>
              );
            })}
            <Typography role="cell" sx={{ ...head, textAlign: 'right', alignSelf: 'center', fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(rowTotals[i])}
            </Typography>
          </Box>
        ))}
        <Box role="row" sx={{ display: 'contents' }}>
          <Typography role="rowheader" sx={{ ...head, pt: 0.5 }}>
            total
          </Typography>
          {columnTotals.map((n, j) => (
            <Typography key={j} role="cell" sx={{ ...head, textAlign: 'center', pt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(n)}
            </Typography>
          ))}
          <Typography role="cell" sx={{ ...head, textAlign: 'right', pt: 0.5, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(total)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
