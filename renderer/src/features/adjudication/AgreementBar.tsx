import { Box, Typography } from '@mui/material';
import { percent } from '../../../../electron/common/numberFormat';

/** A share of agreeing rater pairs (0…1) as a percentage with a small bar: red when low, amber in between, green when high. */
export function AgreementBar({ value }: { value: number | null }) {
  if (value === null) {
    return (
      <Typography variant="body2" color="text.disabled">
        —
      </Typography>
    );
  }
  const color = value >= 0.8 ? 'success.main' : value >= 0.5 ? 'warning.main' : 'error.main';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label={`Agreement ${percent(value, 0)}`}>
      <Box sx={{ width: 48, height: 5, borderRadius: 3, bgcolor: '#edf0f3', overflow: 'hidden' }}>
        <Box sx={{ width: `${value * 100}%`, height: '100%', bgcolor: color }} />
      </Box>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 36 }}>
        {percent(value, 0)}
      </Typography>
    </Box>
  );
}
