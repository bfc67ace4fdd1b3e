import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { Box, Typography } from '@mui/material';
import { SEVERITY_ICON } from '../../../../common/FindingCounts';
import { MONO_FONT } from '../../../../theme/theme';
import { conditionText } from '../edgeText';
import type { EdgeView, GraphView } from '../graphView';
import { LinkButton } from './UnitLink';

/**
 * One transition in a node's outgoing or incoming list: the node at the other end, the full
 * condition and the label. A click selects the edge.
 */
export function EdgeRow({ edgeView, graph, direction, onSelect }: { edgeView: EdgeView; graph: GraphView; direction: 'out' | 'in'; onSelect(unit: string): void }) {
  const { edge, mark } = edgeView;
  const otherId = direction === 'out' ? edge.target : edge.source;
  const other = graph.nodeById.get(otherId);
  const condition = conditionText(edge);
  const Icon = mark ? SEVERITY_ICON[mark.severity] : null;
  return (
    <Box component="li" data-testid="inspector-pathway" data-edge-key={edge.key}>
      <LinkButton onClick={() => onSelect(`edge:${edge.key}`)} label={`Select edge ${edge.source} → ${edge.target}`}>
        <Box sx={{ minWidth: 0, flex: 1, py: 0.25 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            {direction === 'out' && <ArrowForwardRounded sx={{ fontSize: 15, color: 'text.secondary' }} />}
            <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12, fontWeight: 600, flex: 'none' }}>
              {otherId}
            </Typography>
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {other?.title ?? 'not in the graph'}
            </Typography>
            {direction === 'in' && <ArrowForwardRounded sx={{ fontSize: 15, color: 'text.secondary' }} />}
            {Icon && mark && <Icon fontSize="small" color={mark.severity} titleAccess={`${mark.findings.length} finding(s)`} sx={{ ml: 'auto', flex: 'none' }} />}
          </Box>
          {condition ? (
            <Typography component="div" sx={{ fontFamily: MONO_FONT, fontSize: 11.5, color: 'text.primary', mt: 0.25, wordBreak: 'break-word' }}>
              {condition}
            </Typography>
          ) : (
            graph.conditional && (
              <Typography component="div" variant="caption" color="text.secondary" sx={{ mt: 0.25 }}>
                no condition: always taken
              </Typography>
            )
          )}
          {edge.label && (
            <Typography component="div" variant={graph.conditional ? 'caption' : 'body2'} color={graph.conditional ? 'text.secondary' : 'text.primary'} sx={{ fontStyle: graph.conditional ? 'italic' : 'normal', mt: graph.conditional ? 0 : 0.25, wordBreak: 'break-word' }}>
              {graph.conditional ? `“${edge.label}”` : edge.label}
            </Typography>
          )}
        </Box>
      </LinkButton>
    </Box>
  );
}
