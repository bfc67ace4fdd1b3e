/** Colour scales of the agreement heatmaps, in the theme's blue (and its error red for κ < 0). */

const WHITE = [255, 255, 255];
const BLUE = [47, 93, 138];
const RED = [179, 38, 30];

function mix(to: readonly number[], t: number): string {
  const c = WHITE.map((w, i) => Math.round(w + (to[i] - w) * Math.max(0, Math.min(1, t))));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** White → blue for a count as a share of the largest count. */
export function countColor(count: number, max: number): string {
  return mix(BLUE, max > 0 ? count / max : 0);
}

/** Red (κ = −1) → white (0) → blue (1) for a κ-type coefficient; grey-white when undefined. */
export function kappaColor(kappa: number | null): string {
  if (kappa === null) return '#f5f6f8';
  return kappa < 0 ? mix(RED, -kappa) : mix(BLUE, kappa);
}

/** Whether text on that cell should be white (the cell is dark). */
export function darkCell(intensity: number): boolean {
  return intensity > 0.55;
}
