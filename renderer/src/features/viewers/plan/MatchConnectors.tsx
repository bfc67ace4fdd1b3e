import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { StepMatch } from '../../../../../electron/api/artifacts';
import { STATE_COLOR } from './planColors';

interface Line {
  key: string;
  y1: number;
  y2: number;
  plan: number;
  gold: number;
  sameDependencies: boolean;
}

/** Where on a card a connector meets it: level with the card's header row. */
const ANCHOR = 17;

/** Marks the element holding both columns; cards are found inside it by scope and index. */
export const CONNECTOR_ROOT = 'data-connector-root';

interface Props {
  matches: StepMatch[];
  width: number;
  /** The matched pair under the pointer (by plan index), drawn stronger. */
  activePlan: number | null;
  activeGold: number | null;
}

/**
 * The lines between matched plan and gold steps, drawn in the gutter between the two columns.
 * Card positions are measured after layout and again whenever the columns change size (a
 * source text opened, the window resized), so the lines stay on their cards.
 */
export function MatchConnectors({ matches, width, activePlan, activeGold }: Props) {
  const [lines, setLines] = useState<Line[]>([]);
  const [height, setHeight] = useState(0);
  // The root is found from the svg, not passed as a ref: a parent's ref is not yet attached
  // when a child's layout effect runs, and the first measurement must not be missed.
  const svg = useRef<SVGSVGElement | null>(null);
  const rootOf = () => svg.current?.closest<HTMLElement>(`[${CONNECTOR_ROOT}]`) ?? null;

  const measure = useCallback(() => {
    const root = rootOf();
    if (!root) return;
    const top = root.getBoundingClientRect().top;
    const card = (scope: string, index: number) => root.querySelector<HTMLElement>(`[data-scope="${scope}"][data-step-index="${index}"]`);
    const next: Line[] = [];
    for (const m of matches) {
      const a = card('plan', m.plan.index);
      const b = card('gold', m.gold.index);
      if (!a || !b) continue;
      next.push({
        key: `${m.plan.index}-${m.gold.index}`,
        y1: a.getBoundingClientRect().top - top + ANCHOR,
        y2: b.getBoundingClientRect().top - top + ANCHOR,
        plan: m.plan.index,
        gold: m.gold.index,
        sameDependencies: m.sameDependencies,
      });
    }
    setLines(next);
    setHeight(root.getBoundingClientRect().height);
  }, [matches]);

  useLayoutEffect(() => {
    measure();
    const root = rootOf();
    if (!root) return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(root);
    for (const column of root.querySelectorAll('[data-column]')) observer.observe(column);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <svg ref={svg} width={width} height={height} aria-hidden="true" data-testid="match-connectors" style={{ position: 'absolute', top: 0, left: 0, overflow: 'visible', pointerEvents: 'none' }}>
      {lines.map((line) => {
        const active = line.plan === activePlan || line.gold === activeGold;
        const mid = width / 2;
        return (
          <g key={line.key} data-testid="match-line">
            <path
              d={`M0,${line.y1} C${mid},${line.y1} ${mid},${line.y2} ${width},${line.y2}`}
              fill="none"
              stroke={STATE_COLOR.matched}
              strokeOpacity={active ? 1 : 0.55}
              strokeWidth={active ? 2.5 : 1.5}
              strokeDasharray={line.sameDependencies ? undefined : '4 3'}
            />
            <circle cx={0} cy={line.y1} r={3} fill={STATE_COLOR.matched} />
            <circle cx={width} cy={line.y2} r={3} fill={STATE_COLOR.matched} />
          </g>
        );
      })}
    </svg>
  );
}
