import type { PairFigure, QuestionCalibration } from '../../../../../electron/api/contract';
import { raterLabel } from './calibrationFigures';

/** The colour of each kind of pair, shared by the plot and the table. */
export const PAIR_GROUP_COLOR = { 'judge-human': '#2f5d8a', 'judge-gold': '#6b4fa0', 'human-human': '#2e7d4f' } as const;

/** What each kind of pair is, in words. */
export const PAIR_GROUP_LABEL = { 'judge-human': 'judge vs annotator', 'judge-gold': 'judge vs gold', 'human-human': 'annotator pair' } as const;

/** One row of the agreement table and plot: a pair of raters and how well they agree. */
export interface PairRow {
  /** Stable key and test id: `judge:ana`, `judge:(gold)`, `ana:ben`. */
  key: string;
  label: string;
  group: 'judge-human' | 'judge-gold' | 'human-human';
  figure: PairFigure;
}

/**
 * The rows DESIGN.md §6 puts side by side for one question: the judge against each annotator,
 * against gold, then each pair of annotators on the same units (the human ceiling).
 */
export function pairRows(q: Pick<QuestionCalibration, 'vsAnnotators' | 'vsGold' | 'humanHuman'>): PairRow[] {
  return [
    ...q.vsAnnotators.map((figure) => ({ key: `judge:${figure.raters[1]}`, label: `Judge vs ${raterLabel(figure.raters[1])}`, group: 'judge-human' as const, figure })),
    ...(q.vsGold ? [{ key: 'judge:(gold)', label: 'Judge vs gold', group: 'judge-gold' as const, figure: q.vsGold }] : []),
    ...q.humanHuman.map((figure) => ({ key: `${figure.raters[0]}:${figure.raters[1]}`, label: `${figure.raters[0]} vs ${figure.raters[1]}`, group: 'human-human' as const, figure })),
  ];
}

/**
 * The x range of the κ plot, ending at 1: from 0 (chance) when anything comes near it or a figure
 * has no interval, else zoomed in to a tenth below the lowest bound so that tight intervals stay
 * readable. Never below −1.
 */
export function kappaDomain(rows: readonly PairRow[], humanRange: readonly [number, number] | null): [number, number] {
  const lows = rows.flatMap((r) => [r.figure.kappa.ci95?.[0], r.figure.kappa.value, r.figure.bootstrap?.ci95?.[0]]).filter((v): v is number => typeof v === 'number');
  if (humanRange) lows.push(humanRange[0]);
  if (lows.length === 0) return [0, 1];
  const lowest = Math.min(...lows);
  // Zoomed in only where every figure has its interval to show how far it can be trusted: a
  // bare 0.88 beside 1.00 on a 0.8–1 axis looked a world apart on a handful of units.
  const allIntervals = rows.every((r) => r.figure.kappa.ci95 || r.figure.bootstrap?.ci95);
  if (lowest > 0.3 && allIntervals) return [Math.floor((lowest - 0.05) * 10) / 10, 1];
  return [Math.max(-1, Math.min(0, Math.floor(lowest * 5) / 5)), 1];
}
