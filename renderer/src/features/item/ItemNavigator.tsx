import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../common/format';
import type { NeighbourLink, Neighbours } from './useItemNeighbours';

/** Moves through the item list one item per click or key press (see useSteppingKeys). */
export interface ItemSteps {
  stepNext: () => void;
  stepPrevious: () => void;
}

/** Back to the list, "12 of 340", and previous/next (also on k/j and ←/→). */
export function ItemNavigator({ backHref, neighbours, steps }: { backHref: string; neighbours: Neighbours; steps: ItemSteps }) {
  const { position, total, previous, next, loading } = neighbours;
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
      <NavButton label="Previous item (k)" to={previous} loading={loading} onStep={steps.stepPrevious} icon={<ChevronLeftOutlined />} unplaced={position === null && total !== null} />
      <NavButton label="Next item (j)" to={next} loading={loading} onStep={steps.stepNext} icon={<ChevronRightOutlined />} unplaced={position === null && total !== null} />
    </Box>
  );
}

/** The list's filter leaves this item out, so it has no place to step from: say so. */
const UNPLACED_HINT = 'This item is not in the filtered item list; go back to the list to step through it';

interface NavButtonProps {
  label: string;
  to: NeighbourLink | null;
  /** The neighbours are on their way: a click is queued, not refused. */
  loading: boolean;
  onStep: () => void;
  icon: ReactNode;
  unplaced: boolean;
}

function NavButton({ label, to, loading, onStep, icon, unplaced }: NavButtonProps) {
  // A plain click steps through the same queue as the keys, so quick clicks are each one item
  // (the link's own navigation would follow neighbours still on screen from the item being
  // left). A link still: a middle or modified click opens the item in a new tab.
  const click = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onStep();
  };
  if (to || loading) {
    // One element whether the neighbours are known or still on their way: a quick click whose
    // press comes before they arrive and whose release comes after must land on the element it
    // was pressed on, or the browser drops it. While they load the link points nowhere new and a
    // plain click queues the step.
    return (
      <Tooltip title={to ? `${label}: ${to.externalId}` : ''}>
        <IconButton component={RouterLink} to={to?.href ?? '.'} onClick={click} size="small" aria-label={label}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  }
  const button = (
    <IconButton size="small" aria-label={label} disabled>
      {icon}
    </IconButton>
  );
  return unplaced ? (
    <Tooltip title={UNPLACED_HINT}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    <span>{button}</span>
  );
}
