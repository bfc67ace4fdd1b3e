import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { AnnotatorProgress } from '../../../../electron/api/contract';
import { formatCount } from '../../common/format';
import { VisibleName } from '../../common/VisibleName';
import { crowdSummary } from './crowdSummary';
import { ProgressRows } from './ProgressRows';

/**
 * A crowd's progress in a row of the tasks list: one bar for everyone, your own, and the one
 * furthest behind; each annotator's bar is on the task page. A bar per annotator would make
 * the row as tall as the crowd (120 bars for a JUDGE-BENCH release).
 */
export function CrowdProgress({ progress, me, taskHref }: { progress: readonly AnnotatorProgress[]; me: string; taskHref: string }) {
  const { total, mine, behind } = crowdSummary(progress, me);
  return (
    <Box data-testid="crowd-progress">
      <ProgressRows
        rows={[
          { key: 'everyone', who: `all ${formatCount(progress.length)}`, progress: total, label: `all ${formatCount(progress.length)} annotators` },
          ...(mine ? [{ key: 'mine', who: <VisibleName name={mine.name} />, progress: mine, label: mine.name, bold: true }] : []),
          ...(behind
            ? [
                {
                  key: 'behind',
                  who: <VisibleName name={behind.name} />,
                  note: 'furthest behind',
                  progress: behind,
                  label: `${behind.name}, furthest behind`,
                },
              ]
            : []),
        ]}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        <Link component={RouterLink} to={taskHref}>
          Each annotator on the task page
        </Link>
      </Typography>
    </Box>
  );
}
