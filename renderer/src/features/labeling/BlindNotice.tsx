import { Box, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { formatDateTime, plural } from '../../shared/format';
import type { LabelsView } from './useLabelingSession';

/** "1 other rater’s", "3 other raters’": the possessive of a count of raters. */
export function otherRaters(count: number): string {
  return count === 1 ? `${plural(count, 'other rater')}’s` : `${plural(count, 'other rater')}’`;
}

/** Says what of the other raters' work is visible: hidden until you submit (blind), or shown beside your answers. */
export function BlindNotice({ view }: { view: LabelsView | null }) {
  if (!view) return null;
  if (view.blind && !view.submitted) {
    return (
      <Line icon={<LockOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
        Blind:{' '}
        {view.hiddenRaters > 0 ? `${otherRaters(view.hiddenRaters)} labels stay hidden until you submit.` : 'other raters’ labels stay hidden until you submit.'}
      </Line>
    );
  }
  const raters = new Set(view.others.map((l) => l.rater)).size;
  if (view.submitted) {
    return (
      <Line icon={<VisibilityOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
        You submitted this item{view.submittedAt ? ` on ${formatDateTime(view.submittedAt)}` : ''}.{' '}
        {raters > 0 ? `${otherRaters(raters)} answers are shown beside yours.` : 'No other rater has labeled it yet.'} Changes are still saved.
      </Line>
    );
  }
  return raters > 0 ? (
    <Line icon={<VisibilityOutlined sx={{ fontSize: 16 }} />} testId="blind-notice">
      Not blind: {otherRaters(raters)} answers are shown beside yours.
    </Line>
  ) : null;
}

function Line({ icon, children, testId }: { icon: React.ReactNode; children: React.ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', color: 'text.secondary', px: 0.25 }} data-testid={testId}>
      <Box sx={{ mt: '2px' }}>{icon}</Box>
      <Typography variant="body2" sx={{ fontSize: 13 }}>
        {children}
      </Typography>
    </Box>
  );
}
