import { Box, Tooltip } from '@mui/material';

/**
 * The other raters who gave an answer, by name, beside it (once the blind is lifted). Names,
 * not initials: a lone "A" would read as a tier.
 */
export function RaterMarks({ raters }: { raters: string[] }) {
  if (raters.length === 0) return null;
  const shown = raters.length > 3 ? [...raters.slice(0, 2), `+${raters.length - 2}`] : raters;
  return (
    <Tooltip title={`Also chosen by ${raters.join(', ')}`}>
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.5 }} data-testid="rater-marks" aria-label={`Chosen by ${raters.join(', ')}`}>
        {shown.map((r) => (
          <Box key={r} component="span" sx={{ px: 0.75, height: 18, lineHeight: '18px', borderRadius: 9, fontSize: 11.5, fontWeight: 600, bgcolor: '#ece8f6', color: '#4a3d7a', whiteSpace: 'nowrap' }}>
            {r}
          </Box>
        ))}
      </Box>
    </Tooltip>
  );
}
