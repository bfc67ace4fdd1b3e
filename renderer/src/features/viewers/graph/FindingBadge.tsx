import { Box, Tooltip, Typography } from '@mui/material';
import { SEVERITY_ICON } from '../../../common/FindingCounts';
import type { FindingMark } from './findingMarks';

/**
 * The findings pinned on a node or an edge: a badge in the worst severity's colour, with the
 * count when more than one, and every message in its tooltip.
 */
export function FindingBadge({ mark, className }: { mark: FindingMark; className?: string }) {
  const Icon = SEVERITY_ICON[mark.severity];
  const count = mark.findings.length;
  return (
    <Tooltip
      disableInteractive
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {mark.findings.map((f, i) => (
            <Typography component="li" variant="caption" key={i} sx={{ display: 'list-item' }}>
              {f.message}
            </Typography>
          ))}
        </Box>
      }
    >
      <span className={`sop-badge ${className ?? ''}`} data-severity={mark.severity} data-testid="graph-finding-badge" aria-label={`${count} ${mark.severity === 'info' ? 'note' : mark.severity}${count === 1 ? '' : 's'}`}>
        <Icon fontSize="inherit" />
        {count > 1 && count}
      </span>
    </Tooltip>
  );
}
