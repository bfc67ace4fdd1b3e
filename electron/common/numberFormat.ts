/**
 * How numbers are written, the same on the screens, in the exported reports and in the CLI's
 * text: a κ printed on screen reads exactly as in the report a paper quotes, and an undefined
 * figure reads "—" (with its reason, where one is given) everywhere.
 *
 * electron/common/: runtime code both the renderer and the Node side run. Dependency-free — it
 * imports nothing outside electron/common/ — so the browser bundle gains no zod and no Node by
 * importing it, and every layer may use it (README "Layout", eslint.config.js).
 */

/** A 95% interval, lower and upper bound (core/stats' `Interval`). */
type Bounds = readonly [number, number];

/** A number that may be missing or undefined (null, undefined, NaN, ±∞ all print as {@link UNDEFINED}). */
type Figure = number | null | undefined;

/** What every undefined figure prints as: an em dash. */
export const UNDEFINED = '—';

const MINUS = '\u2212';

function defined(value: Figure): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

/**
 * A number to `digits` decimals with a true minus sign (U+2212); an em dash when undefined. A
 * value that rounds to zero prints unsigned (0.00, never −0.00). Every decimal Accord shows goes
 * through here.
 *
 * @example decimal(-0.125, 2) // '−0.13'
 * @example decimal(-0.0004, 3) // '0.000'
 */
export function decimal(value: Figure, digits: number): string {
  if (!defined(value)) return UNDEFINED;
  const text = value.toFixed(digits);
  if (!text.startsWith('-')) return text;
  return /^-[0.]+$/.test(text) ? text.slice(1) : `${MINUS}${text.slice(1)}`;
}

/**
 * A difference with its sign always written: "+0.50", "−1.00"; "0.00" when it rounds to zero;
 * an em dash when undefined.
 */
export function signed(value: Figure, digits = 2): string {
  const text = decimal(value, digits);
  return text === UNDEFINED || text.startsWith(MINUS) || /^[0.]+$/.test(text) ? text : `+${text}`;
}

/**
 * A coefficient (κ, α, AC1…) to three decimals with a true minus sign (U+2212); an em dash
 * when undefined. A value that rounds to zero prints as 0.000, never −0.000.
 */
export function coef(value: Figure): string {
  return decimal(value, 3);
}

/**
 * A proportion (0…1) as a percentage, one decimal unless told ("87.5%"; `percent(2 / 3, 0)`
 * is "67%"); an em dash when undefined.
 */
export function percent(value: Figure, digits = 1): string {
  return defined(value) ? `${decimal(value * 100, digits)}%` : UNDEFINED;
}

/** A 95% interval of a coefficient as "[0.412, 0.781]"; an em dash when there is none. */
export function interval(ci: Bounds | null | undefined): string {
  return ci ? `[${coef(ci[0])}, ${coef(ci[1])}]` : UNDEFINED;
}

/** A 95% interval of a proportion as "[47.4%, 89.5%]"; an em dash when there is none. */
export function percentInterval(ci: Bounds | null | undefined): string {
  return ci ? `[${percent(ci[0])}, ${percent(ci[1])}]` : UNDEFINED;
}

/**
 * A range written out for reading rather than for a table: "0.41 – 0.83" (`digits` decimals,
 * en dash); an em dash when there is none. The judge calibration screens use it.
 */
export function range(ci: Bounds | null | undefined, digits = 2): string {
  return ci ? `${decimal(ci[0], digits)} – ${decimal(ci[1], digits)}` : UNDEFINED;
}

/**
 * A p value: three decimals, "< 0.001" below that, an em dash when there is no test. Plain
 * text: HTML output escapes it like any other text.
 */
export function pValue(p: Figure): string {
  if (!defined(p)) return UNDEFINED;
  return p < 0.001 ? '< 0.001' : decimal(p, 3);
}

/**
 * A figure that may be undefined for a stated reason (core/stats returns NaN or null plus a
 * reason): the value as `format` writes it, else "— (reason)", else "—".
 *
 * @example withReason(null, 'only one category observed') // '— (only one category observed)'
 * @example withReason(0.48421, null) // '0.484'
 */
export function withReason(value: Figure, reason: string | null | undefined, format: (value: number) => string = coef): string {
  if (defined(value)) return format(value);
  return reason ? `${UNDEFINED} (${reason})` : UNDEFINED;
}

/** A count with thousands separators, whatever the user's locale: 12345 → "12,345", −1234 → "−1,234". */
export function count(n: number): string {
  // By hand, not Intl.NumberFormat: building one costs 10–20 ms, which every CLI run would pay.
  if (!Number.isFinite(n)) return UNDEFINED;
  if (!Number.isInteger(n)) return decimal(n, 3).replace(/\.?0+$/, '').replace(/\d+/, groupThousands);
  const digits = groupThousands(String(Math.abs(n)));
  return n < 0 ? `${MINUS}${digits}` : digits;
}

/** A count and what it counts, in the right number: "1 label", "360,000 labels", "2 replies" with `pluralForm`. */
export function counted(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count(n)} ${n === 1 ? singular : pluralForm}`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A size in bytes in binary units with one decimal: 512 → "512 B", 1536 → "1.5 KB". */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${decimal(value, 1)} ${units[unit]}`;
}

/**
 * An amount in US dollars: two decimals, up to four below a cent so that a small run does not
 * read "$0.00" ("$0.0012"); "$0" for nothing; an em dash when unknown (an unknown cost is not a
 * free one).
 */
export function dollars(amount: Figure): string {
  if (!defined(amount)) return UNDEFINED;
  if (amount === 0) return '$0';
  if (amount < 0.00005) return '< $0.0001';
  if (amount < 0.01) return `$${decimal(amount, 4).replace(/0+$/, '')}`;
  return `$${decimal(amount, 2)}`;
}
