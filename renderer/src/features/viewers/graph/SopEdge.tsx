import { Box, Tooltip, Typography } from '@mui/material';
import { BaseEdge, EdgeLabelRenderer, useStore, type EdgeProps } from '@xyflow/react';
import { memo, type KeyboardEvent } from 'react';
import { SEVERITY_ICON } from '../../../common/FindingCounts';
import { MONO_FONT } from '../../../theme/theme';
import { midpoint, roundedPath } from './edgePath';
import { EDGE_COLOR, type SopFlowEdge } from './flowElements';
import { useGraphActions } from './graphActions';
import { EDGE_TEXT_ZOOM } from './viewport';

/**
 * An edge along the layout's route, with its text (shortened condition or label) in the box the
 * layout kept free for it. The full text is in the tooltip; a click selects the edge. Zoomed
 * too far out to read ({@link EDGE_TEXT_ZOOM}), only texts with a finding or of the selected
 * edge are drawn: the others would be specks, and 400 of them slow a large graph's first view.
 */
export const SopEdge = memo(function SopEdge({ id, data, markerEnd }: EdgeProps<SopFlowEdge>) {
  const actions = useGraphActions();
  const readable = useStore((s) => s.transform[2] >= EDGE_TEXT_ZOOM);
  if (!data) return null;
  const { view, points, label, selected, inJourney, dimmed } = data;
  const color = selected ? EDGE_COLOR.selected : inJourney ? EDGE_COLOR.journey : EDGE_COLOR.normal;
  const width = selected ? 2.5 : inJourney ? 3 : 1.5;
  const showLabel = (view.text.lines.length > 0 && (readable || selected)) || view.mark !== null;
  // A badge-only edge (a finding, no text) whose label ELK did not place sits on its midpoint.
  const at = label ?? (showLabel ? { ...midpoint(points), width: 0, height: 0 } : null);
  const select = () => actions.select(`edge:${id}`);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select();
    }
  };
  const Icon = view.mark ? SEVERITY_ICON[view.mark.severity] : null;
  return (
    <>
      <BaseEdge id={id} path={roundedPath(points)} markerEnd={markerEnd} interactionWidth={14} style={{ stroke: color, strokeWidth: width, opacity: dimmed ? 0.2 : 1 }} />
      {showLabel && at && (
        <EdgeLabelRenderer>
          <Tooltip disableInteractive enterDelay={250} placement="top" title={<EdgeTooltip data={data} />}>
            <div
              className="sop-edge-label nodrag nopan"
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              aria-label={`Edge ${view.edge.source} → ${view.edge.target}${view.text.full ? `: ${view.text.full}` : ''}`}
              data-testid="graph-edge-label"
              data-edge-key={id}
              data-code={view.text.code}
              data-selected={selected}
              data-journey={inJourney}
              data-dimmed={dimmed}
              data-severity={view.mark?.severity}
              style={{ transform: `translate(${at.x}px, ${at.y}px)${label ? '' : ' translate(-50%, -50%)'}`, minWidth: label?.width, height: label?.height }}
              onClick={select}
              onKeyDown={onKeyDown}
            >
              {Icon && view.mark && (
                <span className="sop-badge" data-severity={view.mark.severity} data-testid="graph-finding-badge">
                  <Icon fontSize="inherit" />
                </span>
              )}
              {view.text.lines.length > 0 && (
                <span className="sop-edge-label__lines">
                  {view.text.lines.map((line, i) => (
                    <span key={i}>{line}</span>
                  ))}
                </span>
              )}
            </div>
          </Tooltip>
        </EdgeLabelRenderer>
      )}
    </>
  );
});

function EdgeTooltip({ data }: { data: NonNullable<SopFlowEdge['data']> }) {
  const { edge } = data.view;
  const condition = edge.conditions.join('  &&  ');
  return (
    <Box sx={{ maxWidth: 420 }}>
      <Typography variant="caption" component="div" sx={{ opacity: 0.8 }}>
        {edge.source} → {edge.target}
      </Typography>
      {condition && (
        <Typography variant="caption" component="div" sx={{ fontFamily: MONO_FONT, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {condition}
        </Typography>
      )}
      {edge.label && (
        <Typography variant="caption" component="div" sx={{ fontStyle: condition ? 'italic' : 'normal' }}>
          {edge.label}
        </Typography>
      )}
      {data.view.mark?.findings.map((f, i) => (
        <Typography variant="caption" component="div" key={i} sx={{ mt: 0.5, fontWeight: 600 }}>
          {f.severity}: {f.message}
        </Typography>
      ))}
    </Box>
  );
}
