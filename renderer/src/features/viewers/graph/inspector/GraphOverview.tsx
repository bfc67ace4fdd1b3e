import { Box, Typography } from '@mui/material';
import { formatCount, plural } from '../../../../common/format';
import type { GraphView } from '../graphView';
import type { SopGraph } from '../graphTypes';
import { Code } from './Code';
import { InspectorSection } from './InspectorSection';
import { NodeLink } from './UnitLink';

const FORMAT_NAME = { 'sop-graph-json': 'node/edge JSON', 'flowgraph-lines': 'line format', 'workflow-text': 'plain-language workflow' } as const;

/** What the inspector shows with nothing selected: the graph at a glance and where to start. */
export function GraphOverview({ graph, view, journeyCount, onSelect }: { graph: SopGraph; view: GraphView; journeyCount: number | null; onSelect(unit: string): void }) {
  const starts = view.nodes.filter((n) => n.node.type === 'start');
  const ends = view.nodes.filter((n) => n.node.type === 'end');
  const pinned = [...view.nodes, ...view.edges].filter((u) => u.mark).length;
  return (
    <Box data-testid="graph-overview">
      <Box sx={{ px: 2, pt: 1.75, pb: 1.5 }}>
        <Typography variant="h3" component="h3" sx={{ wordBreak: 'break-word' }}>
          {graph.title?.trim() || 'Untitled graph'}
        </Typography>
        {graph.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {graph.description}
          </Typography>
        )}
        <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary', typography: 'body2' }, '& dd': { m: 0, typography: 'body2', fontVariantNumeric: 'tabular-nums' } }}>
          <dt>Nodes</dt>
          <dd>{formatCount(view.nodes.length)}</dd>
          <dt>Edges</dt>
          <dd>{formatCount(view.edges.length)}</dd>
          <dt>Journeys</dt>
          <dd>{journeyCount === null ? '…' : formatCount(journeyCount)}</dd>
          <dt>Findings pinned</dt>
          <dd>{pinned === 0 ? 'none' : plural(pinned, 'node or edge', 'nodes and edges')}</dd>
          <dt>Source</dt>
          <dd>
            {FORMAT_NAME[graph.sourceFormat]}
            {graph.domain ? ` · ${graph.domain}` : ''}
          </dd>
        </Box>
        {graph.edgesFromPathways && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The source lists no edges: every edge is drawn from a node’s pathways.
          </Typography>
        )}
      </Box>
      <InspectorSection title={starts.length === 1 ? 'Starts at' : 'Start nodes'} count={starts.length}>
        {starts.length === 0 ? (
          <Typography variant="body2" color="error">
            No start node.
          </Typography>
        ) : (
          starts.map((n) => <NodeLink key={n.node.id} id={n.node.id} view={n} onSelect={onSelect} />)
        )}
      </InspectorSection>
      <InspectorSection title={ends.length === 1 ? 'Ends at' : 'End nodes'} count={ends.length}>
        {ends.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No node is marked as the end.
          </Typography>
        ) : (
          ends.map((n) => <NodeLink key={n.node.id} id={n.node.id} view={n} onSelect={onSelect} />)
        )}
      </InspectorSection>
      {(view.danglingEdges.length > 0 || view.duplicateNodeIds.length > 0) && (
        <InspectorSection title="Not drawn">
          {view.danglingEdges.map((e) => (
            <Typography variant="body2" key={e.key} color="error">
              <Code>{e.key}</Code> {e.source} → {e.target}: names a node the graph does not have
            </Typography>
          ))}
          {view.duplicateNodeIds.map((id, i) => (
            <Typography variant="body2" key={`${id}-${i}`} color="error">
              A second node <Code>{id}</Code>: only the first is drawn
            </Typography>
          ))}
        </InspectorSection>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        Select a node or an edge’s text to inspect it. Drag to pan, scroll to zoom.
      </Typography>
    </Box>
  );
}
