import { Box, ButtonBase, Typography } from '@mui/material';
import { MONO_FONT } from '../../../../theme/theme';
import { conditionText } from '../edgeText';
import type { GraphView } from '../graphView';
import type { Journey } from '../journeyTypes';
import { NODE_TYPE_STYLE } from '../nodeTypeStyle';

/**
 * A journey read as a procedure: each node in turn, and between two nodes the condition (or
 * label) of the transition taken. Every node and transition selects itself on the graph.
 */
export function JourneySteps({ journey, graph, onSelectUnit }: { journey: Journey; graph: GraphView; onSelectUnit(unit: string): void }) {
  return (
    <Box component="ol" data-testid="journey-steps" sx={{ listStyle: 'none', m: 0, px: 2, pb: 1.5, pt: 0.5, bgcolor: '#f7f9fb' }}>
      {journey.nodes.map((id, i) => {
        const node = graph.nodeById.get(id);
        const edge = i < journey.edges.length ? graph.edgeByKey.get(journey.edges[i]!) : undefined;
        const color = node ? NODE_TYPE_STYLE[node.node.type].color : '#7a7f87';
        return (
          <Box component="li" key={`${id}-${i}`}>
            <ButtonBase onClick={() => onSelectUnit(`node:${id}`)} aria-label={`Select node ${id}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1, py: 0.25, '&:hover': { bgcolor: 'action.hover' } }}>
              <Box sx={{ width: 20, height: 20, flex: 'none', borderRadius: '50%', bgcolor: color, color: '#fff', fontSize: 11, fontWeight: 700, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{i + 1}</Box>
              <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12, fontWeight: 600, flex: 'none' }}>
                {id}
              </Typography>
              <Typography component="span" variant="body2" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {node?.title ?? ''}
              </Typography>
            </ButtonBase>
            {edge && (
              <ButtonBase
                onClick={() => onSelectUnit(`edge:${edge.edge.key}`)}
                aria-label={`Select edge ${edge.edge.source} → ${edge.edge.target}`}
                sx={{ display: 'block', width: '100%', textAlign: 'left', ml: '9px', pl: 2.25, py: 0.5, borderLeft: 2, borderColor: '#c5d3e2', '&:hover': { bgcolor: 'action.hover' } }}
              >
                {(conditionText(edge.edge) || !edge.edge.label) && (
                  <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 11.5, color: conditionText(edge.edge) ? 'text.primary' : 'text.secondary', wordBreak: 'break-word', display: 'block' }}>
                    {conditionText(edge.edge) || 'always'}
                  </Typography>
                )}
                {edge.edge.label && (
                  <Typography component="span" variant="caption" color={conditionText(edge.edge) ? 'text.secondary' : 'text.primary'} sx={{ display: 'block', fontStyle: conditionText(edge.edge) ? 'italic' : 'normal' }}>
                    {edge.edge.label}
                  </Typography>
                )}
              </ButtonBase>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
