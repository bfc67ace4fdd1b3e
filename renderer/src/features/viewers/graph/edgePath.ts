import type { Point } from './elkLayout';

/** Corner radius of edge bends, in flow pixels. */
export const BEND_RADIUS = 8;

/**
 * An SVG path through `points` with rounded corners: straight runs joined by quadratic curves
 * of at most `radius` (less where a run is too short for it), as orthogonal routes are drawn
 * in diagrams people read all day.
 *
 * @example roundedPath([{x:0,y:0},{x:0,y:20},{x:20,y:20}], 8) // → 'M0,0 L0,12 Q0,20 8,20 L20,20'
 */
export function roundedPath(points: Point[], radius = BEND_RADIUS): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  let d = `M${fmt(first!.x)},${fmt(first!.y)}`;
  for (let i = 0; i < rest.length; i++) {
    const corner = rest[i]!;
    const next = rest[i + 1];
    const prev = points[i]!;
    if (!next) {
      d += ` L${fmt(corner.x)},${fmt(corner.y)}`;
      break;
    }
    const r = Math.min(radius, distance(prev, corner) / 2, distance(corner, next) / 2);
    const before = towards(corner, prev, r);
    const after = towards(corner, next, r);
    d += ` L${fmt(before.x)},${fmt(before.y)} Q${fmt(corner.x)},${fmt(corner.y)} ${fmt(after.x)},${fmt(after.y)}`;
  }
  return d;
}

/** The point halfway along a polyline (by length): where a badge sits on a label-less edge. */
export function midpoint(points: Point[]): Point {
  if (points.length === 0) return { x: 0, y: 0 };
  const total = points.slice(1).reduce((sum, p, i) => sum + distance(points[i]!, p), 0);
  let left = total / 2;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const d = distance(a, b);
    if (left <= d && d > 0) return { x: a.x + ((b.x - a.x) * left) / d, y: a.y + ((b.y - a.y) * left) / d };
    left -= d;
  }
  return points.at(-1)!;
}

function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** The point `r` away from `from` in the direction of `to`. */
function towards(from: Point, to: Point, r: number): Point {
  const d = distance(from, to);
  if (d === 0) return from;
  return { x: from.x + ((to.x - from.x) * r) / d, y: from.y + ((to.y - from.y) * r) / d };
}

function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}
