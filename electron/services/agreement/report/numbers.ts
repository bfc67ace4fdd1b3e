import type { Interval, QuestionAgreementRow } from '../../../api/contract';

/** A coefficient to three decimals with a true minus sign; an em dash when undefined. */
export function coef(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  // A value that rounds to zero prints as 0.000, not −0.000.
  const text = Math.abs(value) < 0.0005 ? (0).toFixed(3) : value.toFixed(3);
  return text.startsWith('-') ? `−${text.slice(1)}` : text;
}

/** A proportion as a percentage with one decimal ("87.5%"). */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${(value * 100).toFixed(1)}%`;
}

/** A 95% interval as "[0.412, 0.781]". */
export function interval(ci: Interval | null | undefined): string {
  return ci ? `[${coef(ci[0])}, ${coef(ci[1])}]` : '—';
}

/** A 95% interval of a proportion as percentages: "[47.4%, 89.5%]". */
export function percentInterval(ci: Interval | null | undefined): string {
  return ci ? `[${percent(ci[0])}, ${percent(ci[1])}]` : '—';
}

/** A count with thousands separators. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** How a row's question is compared, in words ("ordinal, 7 levels"). */
export function kindText(row: QuestionAgreementRow, levels: number): string {
  const scope = row.scope === 'item' ? '' : `, per ${row.scope}`;
  if (row.kind === 'multilabel') return `multilabel, ${levels} tags${scope}`;
  if (row.kind === 'interval') return `score, ${levels} values${scope}`;
  return `${row.kind}, ${levels} ${row.kind === 'binary' ? 'options' : row.kind === 'nominal' ? 'categories' : 'levels'}${scope}`;
}

/** A date as "2025-03-14 09:30 UTC". */
export function utcStamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
