import { Alert, Box, LinearProgress, List, ListItemButton, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { formatCount, plural } from '../../../../common/format';
import { MONO_FONT } from '../../../../theme/theme';
import type { GraphView } from '../graphView';
import type { ItemJourneys } from '../graphTypes';
import { JourneySteps } from './JourneySteps';

interface Props {
  journeys: ItemJourneys | undefined;
  error: string | null;
  graph: GraphView;
  selected: number | null;
  onSelectJourney(index: number | null): void;
  onSelectUnit(unit: string): void;
}

/**
 * The start → end journeys, one row each; the highlighted one opens into its steps with the
 * condition of every transition taken. `[` and `]` step through them.
 */
export function JourneyList({ journeys, error, graph, selected, onSelectJourney, onSelectUnit }: Props) {
  const selectedRow = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error}</Alert>;
  if (!journeys) return <LinearProgress aria-label="Loading journeys" />;
  const count = journeys.journeys.length;
  return (
    <Box data-testid="journey-list">
      <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" data-testid="journey-summary">
          {count === 0
            ? 'No journey: no path leads from a start node to an end.'
            : journeys.cappedBy === 'count'
              ? `The first ${formatCount(count)} journeys; there are more.`
              : journeys.cappedBy === 'steps'
                ? `${plural(count, 'journey')} found before the search was cut short; there may be more.`
                : `${plural(count, 'journey')} from start to end.`}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Cycles are walked at most once around. Keys: ] next, [ previous, Esc clear.
        </Typography>
      </Box>
      <List dense disablePadding aria-label="Journeys">
        {journeys.journeys.map((journey, index) => {
          const isSelected = index === selected;
          return (
            <Box key={index} ref={isSelected ? selectedRow : undefined} sx={{ borderBottom: 1, borderColor: 'divider', contentVisibility: 'auto', containIntrinsicSize: 'auto 52px' }}>
              <ListItemButton
                selected={isSelected}
                aria-pressed={isSelected}
                data-testid="journey"
                onClick={() => onSelectJourney(isSelected ? null : index)}
                sx={{ alignItems: 'flex-start', gap: 1.25, py: 1, px: 2 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 28, color: isSelected ? 'primary.main' : 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                  {index + 1}
                </Typography>
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    variant="body2"
                    sx={{ fontFamily: MONO_FONT, fontSize: 12, wordBreak: 'break-word', display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden' }}
                  >
                    {journey.nodes.join(' → ')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {plural(journey.edges.length, 'transition')}
                  </Typography>
                </Box>
              </ListItemButton>
              {isSelected && <JourneySteps journey={journey} graph={graph} onSelectUnit={onSelectUnit} />}
            </Box>
          );
        })}
      </List>
    </Box>
  );
}
