import type { PairFigure } from './pairFigure';
import { decimal } from '../../../shared/numberFormat';

/** Whether the judge agrees with humans about as well as humans agree with each other. */
export interface Verdict {
  verdict: 'within' | 'below' | 'above' | 'undetermined';
  /** Mean headline κ of the judge against each annotator. */
  judgeKappa: number | null;
  /** Mean headline κ of the annotator pairs, on the same units. */
  humanKappa: number | null;
  /** The human range: lowest lower bound to highest upper bound of the annotator pairs' 95% intervals. */
  humanRange: [number, number] | null;
  /** The verdict in a sentence, with the figures. */
  message: string;
}

const fmt = (x: number) => decimal(x, 2);

/**
 * The plain verdict of DESIGN.md §6, "is the judge within the human ceiling?": the judge's
 * mean κ against the annotators is compared with the range the annotator pairs' 95%
 * intervals span. `within`: inside it — the judge agrees with people about as well as they
 * agree with each other; `below`: under its lower end; `above`: over its upper end.
 * Undetermined (with the reason) without two annotators or without defined figures.
 */
export function humanRangeVerdict(vsAnnotators: readonly PairFigure[], humanHuman: readonly PairFigure[]): Verdict {
  const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
  const judgeKappa = mean(vsAnnotators.flatMap((p) => (p.kappa.value === null ? [] : [p.kappa.value])));
  const defined = humanHuman.filter((p) => p.kappa.value !== null);
  const humanKappa = mean(defined.map((p) => p.kappa.value!));
  const intervals = defined.flatMap((p) => (p.kappa.ci95 ? [p.kappa.ci95] : []));
  const humanRange: [number, number] | null = intervals.length > 0 ? [Math.min(...intervals.map((i) => i[0])), Math.max(...intervals.map((i) => i[1]))] : null;
  const base = { judgeKappa, humanKappa, humanRange };
  if (humanHuman.length === 0) return { ...base, verdict: 'undetermined', message: 'undetermined: the judge’s units were not labelled by two annotators, so there is no human figure to compare with' };
  if (judgeKappa === null) return { ...base, verdict: 'undetermined', message: `undetermined: the judge’s agreement with the annotators is not defined (${vsAnnotators.map((p) => p.kappa.reason).filter(Boolean)[0] ?? 'no shared units'})` };
  if (humanKappa === null || humanRange === null) {
    return { ...base, verdict: 'undetermined', message: `undetermined: the annotators’ agreement has no interval here (${humanHuman.map((p) => p.kappa.reason).filter(Boolean)[0] ?? 'no shared units'})` };
  }
  const figures = `judge–human κ ${fmt(judgeKappa)} against human–human κ ${fmt(humanKappa)} (95% range ${fmt(humanRange[0])} to ${fmt(humanRange[1])})`;
  if (judgeKappa < humanRange[0]) return { ...base, verdict: 'below', message: `below the human range: ${figures}` };
  if (judgeKappa > humanRange[1]) return { ...base, verdict: 'above', message: `above the human range: ${figures}` };
  return { ...base, verdict: 'within', message: `within the human range: ${figures}` };
}
