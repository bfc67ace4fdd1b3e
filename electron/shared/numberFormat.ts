/**
 * How numbers are written, the same on the screens, in the exported reports and in the CLI's
 * text: a κ printed on screen reads exactly as in the report a paper quotes, and an undefined
 * figure reads "—" (with its reason, where one is given) everywhere.
 *
 * electron/shared/: runtime code both the renderer and the Node side run. Dependency-free — it
 * imports nothing outside electron/shared/ — so the browser bundle gains no zod and no Node by
 * importing it, and every layer may use it (README "Layout", eslint.config.js).
 */

/** A 95% interval, lower and upper bound (core/stats' `Interval`). */
type Bounds = readonly [number, number];

const integer = new Intl.NumberFormat('en-US');

/**
 * A coefficient (κ, α, AC1…) to three decimals with a true minus sign (U+2212); an em dash
 * when undefined. A value that rounds to zero prints as 0.000, never −0.000.
 */
export function coef(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = Math.abs(value) < 0.0005 ? (0).toFixed(3) : value.toFixed(3);
  return text.startsWith('-') ? `−${text.slice(1)}` : text;
}

/** A proportion (0…1) as a percentage with one decimal ("87.5%"); an em dash when undefined. */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${(value * 100).toFixed(1)}%`;
}

/** A 95% interval of a coefficient as "[0.412, 0.781]"; an em dash when there is none. */
export function interval(ci: Bounds | null | undefined): string {
  return ci ? `[${coef(ci[0])}, ${coef(ci[1])}]` : '—';
}

/** A 95% interval of a proportion as "[47.4%, 89.5%]"; an em dash when there is none. */
export function percentInterval(ci: Bounds | null | undefined): string {
  return ci ? `[${percent(ci[0])}, ${percent(ci[1])}]` : '—';
}

/**
 * A p value: three decimals, "< 0.001" below that, an em dash when there is no test. Plain
 * text: HTML output escapes it like any other text.
 */
export function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined) return '—';
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** A count with thousands separators, whatever the user's locale: 12345 → "12,345". */
export function count(n: number): string {
  return integer.format(n);
}
