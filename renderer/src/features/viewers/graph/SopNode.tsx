import FlagRounded from '@mui/icons-material/FlagRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, type CSSProperties, type KeyboardEvent } from 'react';
import { FindingBadge } from './FindingBadge';
import type { SopFlowNode } from './flowElements';
import { useGraphActions } from './graphActions';
import { NODE_HEIGHT, NODE_WIDTH } from './graphView';
import { NODE_TYPE_STYLE } from './nodeTypeStyle';

/**
 * A node card: type chip and id, the task name (or the line format's description) and the
 * description under it, a severity badge for pinned findings, the journey step number. Start
 * and end nodes are stadium-shaped with an icon, so they read as such without the legend.
 * A click reaches the viewer through the canvas's `onNodeClick`; Enter and Space select too.
 */
export const SopNode = memo(function SopNode({ data }: NodeProps<SopFlowNode>) {
  const { view, selected, step, dimmed } = data;
  const { node } = view;
  const style = NODE_TYPE_STYLE[node.type];
  const actions = useGraphActions();
  const select = () => actions.select(`node:${node.id}`);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select();
    }
  };
  const chip = node.type === 'other' && node.sourceType ? node.sourceType : style.label;
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className="sop-handle" />
      <div
        className="sop-node"
        role="button"
        tabIndex={0}
        aria-pressed={selected}
        aria-label={`${style.label} node ${node.id}: ${view.title}`}
        data-testid="graph-node"
        data-node-id={node.id}
        data-type={node.type}
        data-selected={selected}
        data-dimmed={dimmed}
        data-step={step ?? undefined}
        style={{ width: NODE_WIDTH, height: NODE_HEIGHT, '--node-color': style.color, '--node-tint': style.tint } as CSSProperties}
        onKeyDown={onKeyDown}
      >
        <div className="sop-node__head">
          <span className="sop-node__type" data-testid="graph-node-type">
            {node.type === 'start' && <PlayArrowRounded fontSize="inherit" />}
            {node.type === 'end' && <FlagRounded fontSize="inherit" />}
            {chip}
          </span>
          <span className="sop-node__id" title={node.id}>
            {node.id}
          </span>
        </div>
        <div className="sop-node__title" data-alone={view.subtitle === null} data-code={view.titleIsCode}>
          {view.title}
        </div>
        {view.subtitle && <div className="sop-node__subtitle">{view.subtitle}</div>}
        {view.mark && <FindingBadge mark={view.mark} className="sop-node__badge" />}
        {step !== null && (
          <span className="sop-node__step" aria-label={`journey step ${step}`}>
            {step}
          </span>
        )}
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="sop-handle" />
    </>
  );
});
