import { Box } from '@mui/material';
import { useId, useMemo } from 'react';
import type { PlanStep } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { toolStyle } from './planColors';
import { dependencyIndices, stepLayers } from './planSteps';

const NODE_W = 40;
const NODE_H = 24;
const COL_GAP = 30;
const ROW_GAP = 8;
const PAD = 4;

interface Props {
  steps: readonly PlanStep[];
  highlighted: number | null;
  selected: number | null;
  onHover(index: number | null): void;
  onSelect(index: number): void;
}

/**
 * The plan's shape at a glance: steps in dependency layers, left to right, coloured by tool,
 * with an arrow for every `depends_on`. Pointing at a step highlights its card; clicking
 * selects it. Small on purpose: the cards below carry the reading.
 */
export function PlanOverview({ steps, highlighted, selected, onHover, onSelect }: Props) {
  const arrow = `plan-arrow-${useId().replace(/:/g, '')}`;
  const layout = useMemo(() => {
    const layers = stepLayers(steps);
    const rows = new Map<number, number>();
    const pos = steps.map((step) => {
      const layer = layers[step.index];
      const row = rows.get(layer) ?? 0;
      rows.set(layer, row + 1);
      return { x: PAD + layer * (NODE_W + COL_GAP), y: PAD + row * (NODE_H + ROW_GAP) };
    });
    const width = PAD * 2 + (Math.max(0, ...layers) + 1) * (NODE_W + COL_GAP) - COL_GAP;
    const height = PAD * 2 + Math.max(1, ...rows.values()) * (NODE_H + ROW_GAP) - ROW_GAP;
    const edges = dependencyIndices(steps).flatMap((deps, to) => deps.filter((from) => from !== to).map((from) => ({ from, to })));
    return { pos, width, height, edges };
  }, [steps]);

  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <svg width={layout.width} height={layout.height} role="img" aria-label="Step dependencies" data-testid="plan-overview" style={{ display: 'block' }}>
        <defs>
          <marker id={arrow} viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L8,4 L0,8 z" fill="#8a96a3" />
          </marker>
        </defs>
        {layout.edges.map(({ from, to }, i) => {
          const a = layout.pos[from];
          const b = layout.pos[to];
          const x1 = a.x + NODE_W;
          const y1 = a.y + NODE_H / 2;
          const x2 = b.x - 1;
          const y2 = b.y + NODE_H / 2;
          const backwards = x2 <= x1; // a dependency inside a cycle: drawn, but dashed
          const mid = (x1 + x2) / 2;
          const active = highlighted === from || highlighted === to || selected === from || selected === to;
          return (
            <path
              key={i}
              d={backwards ? `M${x1},${y1} C${x1 + 24},${y1 - 30} ${x2 - 24},${y2 - 30} ${x2},${y2}` : `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`}
              fill="none"
              stroke={active ? '#2f5d8a' : '#a3adb8'}
              strokeWidth={active ? 1.75 : 1.25}
              strokeDasharray={backwards ? '3 3' : undefined}
              markerEnd={`url(#${arrow})`}
            />
          );
        })}
        {steps.map((step) => {
          const { x, y } = layout.pos[step.index];
          const style = toolStyle(step.tool);
          const isSelected = selected === step.index;
          const isHighlighted = highlighted === step.index;
          return (
            <g
              key={step.index}
              data-testid="overview-step"
              data-step-id={step.id}
              onMouseEnter={() => onHover(step.index)}
              onMouseLeave={() => onHover(null)}
              onClick={() => onSelect(step.index)}
              style={{ cursor: 'pointer' }}
            >
              <title>{`Step ${step.id}${step.tool ? ` · ${step.tool}` : ''}: ${step.prompt}`}</title>
              <rect
                x={x}
                y={y}
                width={NODE_W}
                height={NODE_H}
                rx={5}
                fill={isSelected ? '#2f5d8a' : style.background}
                stroke={isSelected || isHighlighted ? '#2f5d8a' : style.border}
                strokeWidth={isSelected || isHighlighted ? 2 : 1}
              />
              <text
                x={x + NODE_W / 2}
                y={y + NODE_H / 2 + 4}
                textAnchor="middle"
                fontFamily={MONO_FONT}
                fontSize={11.5}
                fontWeight={700}
                fill={isSelected ? '#ffffff' : style.color}
              >
                {step.id.length > 4 ? `${step.id.slice(0, 3)}…` : step.id}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
