import { Box, Tab, Tabs } from '@mui/material';
import type { Ref } from 'react';
import { formatCount } from '../../../../common/format';
import type { EdgeView, GraphView, NodeView } from '../graphView';
import type { ItemJourneys, SopGraph } from '../graphTypes';
import { JourneyList } from '../journeys/JourneyList';
import { EdgeInspector } from './EdgeInspector';
import { GraphOverview } from './GraphOverview';
import { NodeInspector } from './NodeInspector';

/** Which side of the inspector is shown. */
export type InspectorTab = 'details' | 'journeys';

interface Props {
  /** The panel's element, to tell when it floats over the canvas. */
  ref?: Ref<HTMLElement>;
  tab: InspectorTab;
  onTab(tab: InspectorTab): void;
  graph: SopGraph;
  view: GraphView;
  node: NodeView | undefined;
  edge: EdgeView | undefined;
  journeys: { data: ItemJourneys | undefined; error: string | null };
  journeyIndex: number | null;
  onSelectJourney(index: number | null): void;
  onSelectUnit(unit: string): void;
}

/**
 * The column beside the canvas: the selected node or edge (or the graph's overview when
 * nothing is selected), and the journeys.
 */
export function InspectorPanel({ ref, tab, onTab, graph, view, node, edge, journeys, journeyIndex, onSelectJourney, onSelectUnit }: Props) {
  const count = journeys.data?.journeys.length ?? null;
  return (
    <Box ref={ref} component="aside" aria-label="Inspector" sx={{ borderLeft: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0 }}>
      <Tabs value={tab} onChange={(_e, next: InspectorTab) => onTab(next)} aria-label="Inspector" variant="fullWidth" sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minHeight: 40, py: 0, whiteSpace: 'nowrap', fontSize: 13.5 } }}>
        <Tab value="details" label={node ? 'Node' : edge ? 'Edge' : 'Overview'} />
        <Tab value="journeys" label={count === null ? 'Journeys' : `Journeys (${formatCount(count)}${journeys.data?.cappedBy ? '+' : ''})`} />
      </Tabs>
      <Box sx={{ overflow: 'auto', flex: 1, minHeight: 0 }} data-testid="inspector">
        {tab === 'details' &&
          (node ? (
            <NodeInspector view={node} graph={view} onSelect={onSelectUnit} />
          ) : edge ? (
            <EdgeInspector view={edge} graph={view} onSelect={onSelectUnit} />
          ) : (
            <GraphOverview graph={graph} view={view} journeyCount={count} onSelect={onSelectUnit} />
          ))}
        {tab === 'journeys' && (
          <JourneyList journeys={journeys.data} error={journeys.error} graph={view} selected={journeyIndex} onSelectJourney={onSelectJourney} onSelectUnit={onSelectUnit} />
        )}
      </Box>
    </Box>
  );
}
