import { Box, Button, Typography } from '@mui/material';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import { plural } from '../../common/format';
import { KeyCap } from '../labeling/KeyCap';

/**
 * Settles a whole item at once: one rater's answers become gold on every open disputed
 * question, in one write (Shift+1…9 picks the rater). Each question's note goes with it.
 */
export function SettleItemBar({ raters, open, onSettle }: { raters: string[]; open: number; onSettle(rater: string): void }) {
  if (open === 0 || raters.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label="Settle the whole item"
      data-testid="settle-item"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', p: 1.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <DoneAllOutlined sx={{ fontSize: 18, color: 'text.secondary' }} />
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 0.5 }}>
        {open === 1 ? 'Settle the open question with' : `Settle all ${plural(open, 'open question')} with`}
      </Typography>
      {raters.slice(0, 9).map((rater, index) => (
        <Button key={rater} size="small" variant="outlined" onClick={() => onSettle(rater)} sx={{ gap: 0.75, textTransform: 'none' }} aria-label={`Settle with ${rater}’s answers (Shift+${index + 1})`}>
          <KeyCap k="Shift" dim />
          <KeyCap k={String(index + 1)} dim />
          {rater}’s answers
        </Button>
      ))}
    </Box>
  );
}
