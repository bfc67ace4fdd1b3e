/** How the agreement screens write numbers: the same conventions as the exported reports. */

type Interval = readonly [number, number];

/** A coefficient to three decimals with a true minus sign; an em dash when undefined. */
export function coef(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = Math.abs(value) < 0.0005 ? (0).toFixed(3) : value.toFixed(3);
  return text.startsWith('-') ? `−${text.slice(1)}` : text;
}

/** A proportion as a percentage with one decimal ("87.5%"). */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${(value * 100).toFixed(1)}%`;
}

/** A 95% interval as "[0.412, 0.781]"; an em dash when there is none. */
export function interval(ci: Interval | null | undefined): string {
  return ci ? `[${coef(ci[0])}, ${coef(ci[1])}]` : '—';
}

/** A 95% interval of a proportion as "[47.4%, 89.5%]". */
export function percentInterval(ci: Interval | null | undefined): string {
  return ci ? `[${percent(ci[0])}, ${percent(ci[1])}]` : '—';
}

/** A p value: three decimals, "< 0.001" below that, an em dash when there is no test. */
export function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined) return '—';
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}
