import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { AnnotatorProgress } from '../../../../electron/api/contract';
import { formatCount } from '../../common/format';
import { VisibleName } from '../../common/VisibleName';
import { crowdSummary } from './crowdSummary';
import { ProgressBar } from './ProgressBar';

/**
 * A crowd's progress in a row of the tasks list: one bar for everyone, your own, and the one
 * furthest behind; each annotator's bar is on the task page. A bar per annotator would make
 * the row as tall as the crowd (120 bars for a JUDGE-BENCH release).
 */
export function CrowdProgress({ progress, me, taskHref }: { progress: readonly AnnotatorProgress[]; me: string; taskHref: string }) {
  const { total, mine, behind } = crowdSummary(progress, me);
  const row = (who: React.ReactNode, p: AnnotatorProgress, label: string, bold = false) => (
    <Box sx={{ display: 'contents' }}>
      <Typography variant="body2" sx={{ fontWeight: bold ? 700 : 500 }}>
        {who}
      </Typography>
      <ProgressBar progress={p} label={label} />
    </Box>
  );
  return (
    <Box data-testid="crowd-progress">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}>
        {row(`all ${formatCount(progress.length)}`, total, `all ${formatCount(progress.length)} annotators`)}
        {mine && row(<VisibleName name={mine.name} />, mine, mine.name, true)}
        {behind &&
          row(
            <>
              <VisibleName name={behind.name} />{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                furthest behind
              </Typography>
            </>,
            behind,
            `${behind.name}, furthest behind`,
          )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        <Link component={RouterLink} to={taskHref}>
          Each annotator on the task page
        </Link>
      </Typography>
    </Box>
  );
}
