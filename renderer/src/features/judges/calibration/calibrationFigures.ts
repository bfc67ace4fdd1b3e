import type { ErrorRates, PairFigure, QuestionCalibration } from '../../../../../electron/api/contract';
import { count, decimal, percent, range, signed } from '../../../../../electron/common/numberFormat';

/** The name gold carries among raters in calibration reports. */
export const GOLD_RATER = '(gold)';

// The calibration screens' conventions — two decimals, whole percentages, "0.41 – 0.83" — in
// words of the one number formatter (electron/common/numberFormat.ts).

/** A κ-type coefficient to two decimals, with a true minus sign; "—" when undefined. */
export function formatKappa(value: number | null | undefined): string {
  return decimal(value, 2);
}

/** A 95% interval as "0.41 – 0.83"; "—" when there is none. */
export function formatInterval(interval: readonly [number, number] | null | undefined): string {
  return range(interval, 2);
}

/** A share as a whole percentage ("75%"); "—" when undefined. */
export function formatPercent(share: number | null | undefined): string {
  return percent(share, 0);
}

/** A signed difference to two decimals, "+0.50" or "−1.00"; "—" when undefined. */
export function formatSigned(value: number | null | undefined): string {
  return signed(value, 2);
}

/** A ratio (precision, recall, F1) to two decimals; "—" when undefined. */
export function formatRatio(value: number | null | undefined): string {
  return decimal(value, 2);
}

/** Who the second rater of a judge's pair is, as a person reads it: an annotator's name, or "gold". */
export function raterLabel(rater: string): string {
  return rater === GOLD_RATER ? 'gold' : rater;
}

/** The question (and tag, for one tag of a multilabel question) in words. */
export function questionTitle(q: Pick<QuestionCalibration, 'question' | 'tag'>): string {
  return q.tag === null ? q.question : `${q.question} · ${q.tag}`;
}

/** The headline coefficient's name: "weighted κ" for ordered questions, "κ" otherwise. */
export function statisticName(statistic: PairFigure['statistic']): string {
  return statistic === 'cohenKappa' ? 'Cohen’s κ' : 'weighted κ';
}

/** A unit name `<item>|<unit key>` split into its item and its unit key (`''` for the whole item). */
export function splitUnit(unit: string): { item: string; unitKey: string } {
  const bar = unit.lastIndexOf('|');
  return bar < 0 ? { item: unit, unitKey: '' } : { item: unit.slice(0, bar), unitKey: unit.slice(bar + 1) };
}

/** A unit in words: "q-0002", "q-0002 · step 2". */
export function unitTitle(unit: string): string {
  const { item, unitKey } = splitUnit(unit);
  return unitKey === '' ? item : `${item} · ${unitKey.replace(':', ' ')}`;
}

/** The item page of a unit (with the unit selected), or null when the report does not know the item. */
export function unitHref(unit: string, itemIds: Readonly<Record<string, number>>): string | null {
  const { item, unitKey } = splitUnit(unit);
  const id = itemIds[item];
  if (id === undefined) return null;
  return `/items/${id}${unitKey ? `?unit=${encodeURIComponent(unitKey)}` : ''}`;
}

/** How many paired answers differ by each number of levels (judge − reference, by position on the scale). */
export interface LevelDifference {
  difference: number;
  count: number;
}

/**
 * The distribution of level differences behind the ordinal bias, read off the confusion
 * matrix (rows: the judge's answers, columns: the reference's). Positions follow the levels'
 * numeric values, so a scale listed highest first still counts "higher" as positive. The range
 * is symmetric around 0 and reaches the largest difference seen (at least ±1).
 *
 * @example levelDifferences([[1, 0, 0], [2, 3, 0], [0, 1, 1]], [1, 2, 3]) // −1: 0, 0: 5, +1: 3 (rows judge, columns reference)
 */
export function levelDifferences(counts: readonly (readonly number[])[], values: readonly number[]): LevelDifference[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const position = new Array<number>(values.length);
  order.forEach(({ i }, rank) => (position[i] = rank));
  const tally = new Map<number, number>();
  let widest = 1;
  counts.forEach((row, judge) =>
    row.forEach((n, reference) => {
      if (n === 0) return;
      const d = position[judge] - position[reference];
      tally.set(d, (tally.get(d) ?? 0) + n);
      widest = Math.max(widest, Math.abs(d));
    }),
  );
  const out: LevelDifference[] = [];
  for (let d = -widest; d <= widest; d++) out.push({ difference: d, count: tally.get(d) ?? 0 });
  return out;
}

/** Tone of a verdict: only "can" is good news; "cannot" is a warning; without evidence, nothing is said. */
export const VERDICT_TONE = {
  can: 'success',
  cannot: 'warning',
  insufficient: 'secondary',
} as const;

/** The verdict's headline in words. */
export const VERDICT_TITLE = {
  can: 'Can replace an annotator',
  cannot: 'Cannot replace an annotator',
  insufficient: 'Not enough evidence',
} as const;

/** Shortfalls a certification chip names one by one. */
const MAX_NAMED_SHORTFALLS = 2;

/**
 * The error-rate certification in a few words: "Certified at 0.80", "Not certified at 0.80"
 * (some rate below the level even at its upper bound), or "Not enough
 * evidence at 0.80: needs 17 “fail” units, 12 now".
 */
export function certificationLabel(e: ErrorRates): string {
  const at = `at ${decimal(e.threshold, 2)}`;
  if (e.status === 'certified') return `Certified ${at}`;
  if (e.status === 'not certified') return `Not certified ${at}`;
  if (e.shortfalls.length === 0) return `Not enough evidence ${at}: no units with a reference`;
  // Many answers one-vs-rest would make a chip as long as the table; the table's “Needed” column has them all.
  if (e.shortfalls.length > MAX_NAMED_SHORTFALLS) return `Not enough evidence ${at}: ${count(e.shortfalls.length)} rates need more units`;
  return `Not enough evidence ${at}: ${e.shortfalls.map((s) => (s.notAbove ? `more ${s.units} needed to tell, ${count(s.now)} now` : s.needed === null ? `no ${s.units} yet` : `needs ${count(s.needed)} ${s.units}, ${count(s.now)} now`)).join('; ')}`;
}

/**
 * Whether the corrected pass rate has a meaning for the question: a binary question's first
 * answer is "pass". An ordinal or nominal question has no pass level (its schema sets no pass
 * threshold), so the view shows no card for it rather than one with nothing in it.
 */
export function hasPassRate(q: Pick<QuestionCalibration, 'type' | 'confusion'>): boolean {
  return q.type === 'binary' && q.confusion.levels.length === 2;
}
