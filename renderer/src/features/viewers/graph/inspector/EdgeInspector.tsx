import { Box, Chip, Typography } from '@mui/material';
import type { EdgeView, GraphView } from '../graphView';
import type { SopGraphEdge } from '../graphTypes';
import { Code } from './Code';
import { ExtraFields } from './ExtraFields';
import { InspectorSection } from './InspectorSection';
import { UnitFindings } from './UnitFindings';
import { NodeLink } from './UnitLink';
import { ConditionSection } from './ConditionSection';

/** Everything about one transition: its ends, its full condition, its label, where it came from. */
export function EdgeInspector({ view, graph, onSelect }: { view: EdgeView; graph: GraphView; onSelect(unit: string): void }) {
  const { edge } = view;
  return (
    <Box data-testid="edge-inspector" data-edge-key={edge.key}>
      <Box sx={{ px: 2, pt: 1.75, pb: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={view.selfLoop ? 'Self-loop' : 'Edge'} sx={{ bgcolor: '#5b6878', color: '#fff', fontWeight: 600, height: 20, fontSize: 11.5 }} />
          <Code sx={{ fontWeight: 600 }}>{edge.key}</Code>
          {edge.id && (
            <Typography variant="caption" color="text.secondary">
              id <Code sx={{ fontSize: 11.5 }}>{edge.id}</Code>
            </Typography>
          )}
          {edge.sourceLine !== null && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
              line {edge.sourceLine}
            </Typography>
          )}
        </Box>
        <Box sx={{ mt: 1.25, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, alignItems: 'start' }}>
          <Typography variant="caption" color="text.secondary" sx={{ lineHeight: '24px' }}>
            From
          </Typography>
          <NodeLink id={edge.source} view={graph.nodeById.get(edge.source)} onSelect={onSelect} />
          <Typography variant="caption" color="text.secondary" sx={{ lineHeight: '24px' }}>
            To
          </Typography>
          <NodeLink id={edge.target} view={graph.nodeById.get(edge.target)} onSelect={onSelect} />
        </Box>
      </Box>
      <UnitFindings mark={view.mark} />
      {graph.conditional && <ConditionSection edge={edge} graph={graph} />}
      <InspectorSection title={graph.conditional ? 'Label' : 'Reply or output'}>
        {!graph.conditional && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            In the line format an edge says what the customer replied or what the API returned.
          </Typography>
        )}
        {edge.label ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="inspector-label">
            {edge.label}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            None.
          </Typography>
        )}
      </InspectorSection>
      <InspectorSection title="Origin" testId="inspector-origin">
        <Typography variant="body2">{originText(edge)}</Typography>
      </InspectorSection>
      <ExtraFields extra={edge.extra} />
    </Box>
  );
}

/** Where the edge came from, in words (see `SopEdgeOrigin`). */
export function originText(edge: SopGraphEdge): string {
  const pathway = edge.pathwayIndex !== null ? `pathway ${edge.pathwayIndex + 1} of ${edge.source}` : `a pathway of ${edge.source}`;
  switch (edge.origin) {
    case 'both':
      return `Listed in the edges, and drawn by ${pathway}: the two agree.`;
    case 'pathway':
      return `Drawn by ${pathway}; the source's edge list does not have it.`;
    case 'edge':
      return edge.sourceLine !== null ? `An edge of the line format (line ${edge.sourceLine}).` : `Listed in the edges only: no pathway of ${edge.source} draws it.`;
  }
}
