import { Box, LinearProgress, Tooltip, Typography } from '@mui/material';
import type { AnnotatorProgress } from '../../../../electron/api/contract';
import { formatCount } from '../../common/format';

/** Submitted of assigned as a thin bar with the figures beside it; started items show as a lighter band. */
export function ProgressBar({ progress, width = 120, label, caption }: { progress: AnnotatorProgress; width?: number; label?: string; /** Text beside the bar instead of "submitted/assigned". */ caption?: string }) {
  const { assigned, submitted, started, skipped } = progress;
  const done = assigned === 0 ? 0 : (submitted / assigned) * 100;
  const buffer = assigned === 0 ? 0 : ((submitted + started) / assigned) * 100;
  const detail = [`${formatCount(submitted)} submitted`, started && `${formatCount(started)} started`, skipped && `${formatCount(skipped)} skipped`, `${formatCount(progress.remaining)} to do`].filter(Boolean).join(' · ');
  return (
    <Tooltip title={detail}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label={`${label ?? progress.name}: ${formatCount(submitted)} of ${formatCount(assigned)} submitted`} data-testid="annotator-progress">
        <LinearProgress
          variant="buffer"
          value={done}
          valueBuffer={Math.max(done, buffer)}
          sx={{ width, height: 6, borderRadius: 3, '& .MuiLinearProgress-dashed': { display: 'none' }, '& .MuiLinearProgress-bar2Buffer': { bgcolor: '#c9d8e8' }, bgcolor: '#edf0f3' }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {caption ?? `${formatCount(submitted)}/${formatCount(assigned)}`}
        </Typography>
      </Box>
    </Tooltip>
  );
}
