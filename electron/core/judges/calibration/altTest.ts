import { benjaminiYekutieli } from '../../stats/multipleTesting';
import { oneSampleTLess, tCdf } from '../../stats/tDistribution';
import { counted } from '../../../common/numberFormat';

/**
 * Annotators the alternative annotator test needs before it may pass or fail a judge
 * (Calderon, Reichart & Dror 2025 build it for three or more: each annotator is scored against
 * the others, and a winning rate over two annotators is one coin toss from 0.5). Calibration
 * runs it only with this many annotators; below, it says "not enough evidence".
 */
export const ALT_TEST_MIN_ANNOTATORS = 3;

/** "not enough evidence: 2 annotators tested, the test needs 3". */
export function tooFewAnnotators(tested: number): string {
  return `not enough evidence: ${counted(tested, 'annotator')} tested, the test needs ${ALT_TEST_MIN_ANNOTATORS}`;
}

/** How the judge and an annotator are scored against the remaining annotators on an item. */
export type AltTestScoring = 'accuracy' | 'neg-rmse';

/** One label; `value` is compared by equality (accuracy) or as a number (neg-rmse). */
export interface AltTestLabel {
  unit: string;
  value: string | number;
}

export interface AltTestInput {
  humans: readonly (AltTestLabel & { rater: string })[];
  judge: readonly AltTestLabel[];
  scoring: AltTestScoring;
  /** The cost-benefit margin ε (Calderon et al.: 0.2 for experts, 0.15 skilled, 0.1 crowd workers). */
  epsilon: number;
  /** False discovery rate of the Benjamini–Yekutieli procedure. */
  q: number;
  minRatersPerItem: number;
  minItemsPerRater: number;
}

/** One annotator's test: the judge against this annotator, both scored against the others. */
export interface AltTestAnnotator {
  rater: string;
  /** Items the annotator labelled among those kept. */
  n: number;
  /** mean(W_human − W_judge), the statistic tested against ε. */
  meanDifference: number;
  t: number | null;
  /** One-sided p-value of H0: mean(W_human − W_judge) ≥ ε; null when undefined. */
  pValue: number | null;
  /** Rejected by Benjamini–Yekutieli at q: the judge "wins" against this annotator. */
  rejected: boolean;
  /** mean(W_judge): how often the judge represents the others at least as well as this annotator. */
  advantage: number;
  /** The opposite one-sided p-value, of H0: mean(W_human − W_judge) ≤ ε (the annotator beats the judge by more than ε). */
  pValueAgainst: number | null;
  rejectedAgainst: boolean;
  /** Why the t-test took a limit (the differences did not vary). */
  note?: string;
}

export interface AltTestResult {
  scoring: AltTestScoring;
  epsilon: number;
  q: number;
  minRatersPerItem: number;
  minItemsPerRater: number;
  /** Items with at least `minRatersPerItem` human labels and a judge label. */
  items: number;
  annotators: AltTestAnnotator[];
  skipped: { rater: string; items: number; reason: string }[];
  dropped: { unit: string; reason: string }[];
  /** Rejected / tested; null when no annotator could be tested. */
  winningRate: number | null;
  /** Mean over the tested annotators of mean(W_judge); null when none. */
  advantageProbability: number | null;
  /** winningRate ≥ 0.5, with at least {@link ALT_TEST_MIN_ANNOTATORS} annotators tested. */
  passed: boolean;
  /** Share of tested annotators who beat the judge by more than ε (the opposite tests, also BY at q). */
  losingRate: number | null;
  reason?: string;
}

const accuracy = (x: string | number, others: readonly (string | number)[]) => others.reduce<number>((s, o) => s + (o === x ? 1 : 0), 0) / others.length;

function negRmse(x: string | number, others: readonly (string | number)[]): number {
  let ss = 0;
  for (const o of others) ss += ((x as number) - (o as number)) ** 2;
  return -Math.sqrt(ss / others.length);
}

/**
 * The alternative annotator test (Calderon, Reichart & Dror, ACL 2025, and their reference
 * code), exactly as published: keep the items with at least `minRatersPerItem` human labels
 * and a judge label; for each annotator with at least `minItemsPerRater` such items, score on
 * each of its items the judge and the annotator against the remaining annotators (accuracy: the
 * share of them each equals; neg-rmse: minus the root mean squared difference), set
 * W_judge = [judge ≥ annotator], W_human = [annotator ≥ judge], and test
 * H0: mean(W_human − W_judge) ≥ ε with a one-sided one-sample t-test. Benjamini–Yekutieli at q
 * across the tested annotators; the winning rate is the share rejected and the judge passes
 * at ≥ 0.5; the advantage probability is the mean over annotators of mean(W_judge). Unlike the
 * reference code, it passes no judge with fewer than {@link ALT_TEST_MIN_ANNOTATORS} annotators
 * tested: `reason` then says "not enough evidence: 2 annotators tested, the test needs 3".
 *
 * Beside it (not part of the published test), the opposite one-sided test of
 * H0: mean(W_human − W_judge) ≤ ε, also corrected by BY: a judge that most annotators beat by
 * more than ε is one that cannot replace them, as opposed to one the data cannot decide on.
 *
 * @throws Error for a neg-rmse label that is not a finite number.
 */
export function altTest(input: AltTestInput): AltTestResult {
  const { scoring, epsilon, q, minRatersPerItem, minItemsPerRater } = input;
  if (scoring === 'neg-rmse') {
    for (const l of [...input.humans, ...input.judge]) {
      if (typeof l.value !== 'number' || !Number.isFinite(l.value)) throw new Error(`neg-rmse needs numbers; unit "${l.unit}" has "${String(l.value)}"`);
    }
  }
  const score = scoring === 'accuracy' ? accuracy : negRmse;
  const judgeOf = new Map(input.judge.map((l) => [l.unit, l.value]));
  const byUnit = new Map<string, Map<string, string | number>>();
  const raters: string[] = [];
  for (const h of input.humans) {
    if (!raters.includes(h.rater)) raters.push(h.rater);
    const unit = byUnit.get(h.unit) ?? new Map<string, string | number>();
    unit.set(h.rater, h.value);
    byUnit.set(h.unit, unit);
  }
  const dropped: AltTestResult['dropped'] = [];
  const kept = new Map<string, Map<string, string | number>>();
  for (const [unit, labels] of byUnit) {
    if (labels.size < minRatersPerItem) dropped.push({ unit, reason: `${labels.size} human label${labels.size === 1 ? '' : 's'}, fewer than ${minRatersPerItem}` });
    else if (!judgeOf.has(unit)) dropped.push({ unit, reason: 'no judge label' });
    else kept.set(unit, labels);
  }

  const tested: Omit<AltTestAnnotator, 'rejected' | 'rejectedAgainst'>[] = [];
  const skipped: AltTestResult['skipped'] = [];
  for (const rater of raters) {
    const items = [...kept].filter(([, labels]) => labels.has(rater));
    if (items.length < minItemsPerRater) {
      skipped.push({ rater, items: items.length, reason: `${items.length} item${items.length === 1 ? '' : 's'}, fewer than ${minItemsPerRater}` });
      continue;
    }
    const differences: number[] = [];
    let judgeWins = 0;
    for (const [unit, labels] of items) {
      const others = [...labels].filter(([r]) => r !== rater).map(([, v]) => v);
      const humanScore = score(labels.get(rater)!, others);
      const judgeScore = score(judgeOf.get(unit)!, others);
      const wJudge = judgeScore >= humanScore ? 1 : 0;
      const wHuman = humanScore >= judgeScore ? 1 : 0;
      judgeWins += wJudge;
      differences.push(wHuman - wJudge);
    }
    const test = oneSampleTLess(differences, epsilon);
    tested.push({
      rater,
      n: items.length,
      meanDifference: test.mean,
      t: test.t,
      pValue: test.pValue,
      advantage: judgeWins / items.length,
      // P(T ≥ t) as P(T ≤ −t), keeping small p-values' digits; the limits carry over (t = ±∞ → 1, 0).
      pValueAgainst: test.t === null ? null : tCdf(-test.t, items.length - 1),
      ...(test.note ? { note: test.note } : {}),
    });
  }
  const rejected = benjaminiYekutieli(tested.map((a) => a.pValue), q);
  const rejectedAgainst = benjaminiYekutieli(tested.map((a) => a.pValueAgainst), q);
  const annotators = tested.map((a, i) => ({ ...a, rejected: rejected[i], rejectedAgainst: rejectedAgainst[i] }));
  const m = annotators.length;
  const winningRate = m > 0 ? rejected.filter(Boolean).length / m : null;
  const base = { scoring, epsilon, q, minRatersPerItem, minItemsPerRater, items: kept.size, annotators, skipped, dropped };
  if (m === 0) {
    const why = raters.length === 0 ? 'no human labels' : `no annotator has ${counted(minItemsPerRater, 'item')} with at least ${counted(minRatersPerItem, 'human label')} and a judge label`;
    return { ...base, winningRate: null, advantageProbability: null, passed: false, losingRate: null, reason: `${tooFewAnnotators(0)} (${why})` };
  }
  const enough = m >= ALT_TEST_MIN_ANNOTATORS;
  return {
    ...base,
    winningRate,
    advantageProbability: annotators.reduce((s, a) => s + a.advantage, 0) / m,
    passed: enough && (winningRate as number) >= 0.5,
    losingRate: rejectedAgainst.filter(Boolean).length / m,
    ...(enough ? {} : { reason: tooFewAnnotators(m) }),
  };
}
