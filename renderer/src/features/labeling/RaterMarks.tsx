import { Box, Tooltip } from '@mui/material';
import { isJudgeRater } from '../../../../electron/common/judgeRater';

/** A judge's mark by its model and run (`judge:plan-quality-reference@gpt-4o#2` → `judge gpt-4o#2`); people by name. */
export function markName(rater: string): string {
  const at = rater.lastIndexOf('@');
  return isJudgeRater(rater) && at > 0 ? `judge ${rater.slice(at + 1)}` : rater;
}

/**
 * The other raters who gave an answer, by name, beside it (once the blind is lifted). Names,
 * not initials: a lone "A" would read as a tier. A long name (a judge's
 * `judge:plan-quality-reference@model#1`) is cut short with an ellipsis so the marks stay
 * inside the answer's row; the tooltip names everyone in full.
 */
export function RaterMarks({ raters }: { raters: string[] }) {
  if (raters.length === 0) return null;
  const shown = raters.length > 3 ? [...raters.slice(0, 2), `+${raters.length - 2}`] : raters;
  return (
    <Tooltip title={`Also chosen by ${raters.join(', ')}`}>
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, minWidth: 0, maxWidth: '60%', flexShrink: 1, overflow: 'hidden' }} data-testid="rater-marks" aria-label={`Chosen by ${raters.join(', ')}`}>
        {shown.map((r) => (
          <Box
            key={r}
            component="span"
            // People's names give way last: a judge's mark is cut first.
            sx={{ display: 'inline-block', flexShrink: isJudgeRater(r) ? 1 : 0, minWidth: 28, maxWidth: 150, overflow: 'hidden', textOverflow: 'ellipsis', px: 0.75, height: 18, lineHeight: '18px', borderRadius: 9, fontSize: 11.5, fontWeight: 600, bgcolor: '#ece8f6', color: '#4a3d7a', whiteSpace: 'nowrap' }}
          >
            {markName(r)}
          </Box>
        ))}
      </Box>
    </Tooltip>
  );
}
