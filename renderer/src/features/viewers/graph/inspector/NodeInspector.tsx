import { Box, Chip, Typography } from '@mui/material';
import type { GraphView, NodeView } from '../graphView';
import { NODE_TYPE_STYLE } from '../nodeTypeStyle';
import { Code } from './Code';
import { EdgeRow } from './EdgeRow';
import { ExtraFields } from './ExtraFields';
import { InspectorSection } from './InspectorSection';
import { ToolDetails } from './ToolDetails';
import { UnitFindings } from './UnitFindings';

/** Everything about one node: description, steps, tools, where it leads and from where. */
export function NodeInspector({ view, graph, onSelect }: { view: NodeView; graph: GraphView; onSelect(unit: string): void }) {
  const { node } = view;
  const style = NODE_TYPE_STYLE[node.type];
  const outgoing = graph.edges.filter((e) => e.edge.source === node.id);
  const incoming = graph.edges.filter((e) => e.edge.target === node.id && e.edge.source !== node.id);
  const dangling = graph.danglingEdges.filter((e) => e.source === node.id);
  return (
    <Box data-testid="node-inspector" data-node-id={node.id}>
      <Box sx={{ px: 2, pt: 1.75, pb: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={style.label} sx={{ bgcolor: style.color, color: '#fff', fontWeight: 600, height: 20, fontSize: 11.5 }} />
          <Code sx={{ fontWeight: 600 }}>{node.id}</Code>
          {node.sourceType && node.sourceType.toLowerCase() !== style.label.toLowerCase() && (
            <Typography variant="caption" color="text.secondary">
              type <Code sx={{ fontSize: 11.5 }}>{node.sourceType}</Code>
            </Typography>
          )}
          {node.sourceLine !== null && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
              line {node.sourceLine}
            </Typography>
          )}
        </Box>
        <Typography variant="h3" component="h3" sx={{ mt: 1, wordBreak: 'break-word', fontFamily: view.titleIsCode ? 'monospace' : undefined }} data-testid="inspector-title">
          {view.title}
        </Typography>
        {view.subtitle && (
          <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="inspector-description">
            {view.subtitle}
          </Typography>
        )}
      </Box>
      <UnitFindings mark={view.mark} />
      {node.steps.length > 0 && (
        <InspectorSection title="Steps" count={node.steps.length} testId="inspector-steps">
          {/* As written, numbering included: a misnumbered step is something to review. */}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {node.steps.map((step, i) => (
              <Typography component="li" variant="body2" key={i} sx={{ wordBreak: 'break-word', pl: 1.25, borderLeft: 2, borderColor: 'divider' }}>
                {step}
              </Typography>
            ))}
          </Box>
        </InspectorSection>
      )}
      {node.tools.length > 0 && (
        <InspectorSection title="Tools" count={node.tools.length} testId="inspector-tools">
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
            {node.tools.map((tool, i) => (
              <ToolDetails key={i} tool={tool} />
            ))}
          </Box>
        </InspectorSection>
      )}
      <InspectorSection title="Leads to" count={outgoing.length + dangling.length} testId="inspector-outgoing">
        {outgoing.length + dangling.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {node.type === 'end' ? 'Nothing: the procedure ends here.' : 'Nothing leaves this node.'}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
            {outgoing.map((e) => (
              <EdgeRow key={e.edge.key} edgeView={e} graph={graph} direction="out" onSelect={onSelect} />
            ))}
            {dangling.map((e) => (
              <Typography component="li" variant="body2" color="error" key={e.key}>
                → <Code>{e.target}</Code>, a node the graph does not have
              </Typography>
            ))}
          </Box>
        )}
      </InspectorSection>
      <InspectorSection title="Reached from" count={incoming.length} testId="inspector-incoming">
        {incoming.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {node.type === 'start' ? 'Nothing: the procedure starts here.' : 'No transition enters this node.'}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
            {incoming.map((e) => (
              <EdgeRow key={e.edge.key} edgeView={e} graph={graph} direction="in" onSelect={onSelect} />
            ))}
          </Box>
        )}
      </InspectorSection>
      <ExtraFields extra={node.extra} />
    </Box>
  );
}
