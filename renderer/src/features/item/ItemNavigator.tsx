import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../shared/format';
import type { NeighbourLink, Neighbours } from './useItemNeighbours';

/** Back to the list, "12 of 340", and previous/next (also on k/j and ←/→). */
export function ItemNavigator({ backHref, neighbours }: { backHref: string; neighbours: Neighbours }) {
  const { position, total, previous, next } = neighbours;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
      <Button component={RouterLink} to={backHref} size="small" startIcon={<ArrowBackOutlined />} sx={{ color: 'text.secondary' }}>
        Items
      </Button>
      <Box sx={{ flex: 1 }} />
      {position !== null && total !== null && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="item-position">
            {formatCount(position + 1)} of {formatCount(total)}
          </Typography>
          <Typography variant="caption" color="text.disabled" sx={{ display: { xs: 'none', md: 'block' }, mx: 1 }}>
            k / j to move
          </Typography>
        </>
      )}
      <NavButton label="Previous item (k)" to={previous} icon={<ChevronLeftOutlined />} unplaced={position === null && total !== null} />
      <NavButton label="Next item (j)" to={next} icon={<ChevronRightOutlined />} unplaced={position === null && total !== null} />
    </Box>
  );
}

/** The list's filter leaves this item out, so it has no place to step from: say so. */
const UNPLACED_HINT = 'This item is not in the filtered item list; go back to the list to step through it';

function NavButton({ label, to, icon, unplaced }: { label: string; to: NeighbourLink | null; icon: ReactNode; unplaced: boolean }) {
  const button = to ? (
    <IconButton component={RouterLink} to={to.href} size="small" aria-label={label}>
      {icon}
    </IconButton>
  ) : (
    <IconButton size="small" aria-label={label} disabled>
      {icon}
    </IconButton>
  );
  if (to) return <Tooltip title={`${label}: ${to.externalId}`}>{button}</Tooltip>;
  return unplaced ? (
    <Tooltip title={UNPLACED_HINT}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    <span>{button}</span>
  );
}
