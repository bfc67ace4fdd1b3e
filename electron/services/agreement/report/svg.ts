/** Escapes text for HTML and SVG. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A rough width of text in the report's sans-serif at `size` px: enough to lay labels out without a browser. */
export function textWidth(text: string, size = 11): number {
  let units = 0;
  for (const ch of text) units += /[A-Z]/.test(ch) ? 0.68 : /[iljtf.,:;'|!]/.test(ch) ? 0.3 : /[mw]/.test(ch) ? 0.85 : ch === ' ' ? 0.3 : 0.56;
  return units * size;
}

/** Shortens a label to fit `width` px, with an ellipsis. */
export function fit(text: string, width: number, size = 11): string {
  if (textWidth(text, size) <= width) return text;
  let out = text;
  while (out.length > 1 && textWidth(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}

/** The report's colours, the same as the app's theme. */
export const COLORS = {
  ink: '#1d2733',
  muted: '#5b6878',
  faint: '#8a96a5',
  rule: '#e1e5ea',
  accent: '#2f5d8a',
  accentDark: '#214566',
  negative: '#b3261e',
  bandFill: ['#f1f4f7', '#f8f9fb'],
} as const;

/** Interpolates white → the accent for a heatmap cell with intensity t in [0, 1]. */
export function heat(t: number): string {
  const from = [255, 255, 255];
  const to = [47, 93, 138];
  const c = from.map((f, i) => Math.round(f + (to[i] - f) * Math.max(0, Math.min(1, t))));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/** A number for SVG attributes (two decimals, no trailing zeros). */
export function n(x: number): string {
  return String(Math.round(x * 100) / 100);
}
