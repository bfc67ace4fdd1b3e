import { count, decimal, pValue as formatP, counted } from '../../../common/numberFormat';
import { ALT_TEST_MIN_ANNOTATORS, type AltTestResult } from './altTest';
import type { NonInferiority } from './nonInferiority';
import type { PairFigure } from './pairFigure';

/** Whether the judge can stand in for an annotator on a question — only ever said with evidence. */
export type VerdictWord = 'can' | 'cannot' | 'insufficient';

/** The settings a verdict is reached with (DESIGN.md §6); every default is stated in the method text. */
export interface VerdictSettings {
  /** The alternative annotator test's cost-benefit margin ε. */
  epsilon: number;
  /** Benjamini–Yekutieli false discovery rate. */
  q: number;
  /** Non-inferiority margin on κ (two annotators). */
  margin: number;
  /** Fewest units for any verdict but "not enough evidence"; with the alt-test, the fewest items per tested annotator. */
  minUnits: number;
  /** Bootstrap resamples of the non-inferiority test, and their seed. */
  resamples: number;
  seed: number;
}

export const DEFAULT_VERDICT_SETTINGS: VerdictSettings = { epsilon: 0.1, q: 0.05, margin: 0.05, minUnits: 30, resamples: 2000, seed: 1 };

export const VERDICT_TITLE: Record<VerdictWord, string> = {
  can: 'can replace an annotator',
  cannot: 'cannot replace an annotator',
  insufficient: 'not enough evidence',
};

/** The verdict on one question, with the test it rests on. */
export interface Verdict {
  verdict: VerdictWord;
  test: 'alternative annotator test' | 'non-inferiority' | null;
  /** Units (items) the test rests on. */
  n: number;
  /** ε of the alt-test, or the non-inferiority margin. */
  margin: number | null;
  /** Non-inferiority: the bootstrap p-value; alt-test: the median of the annotators' p-values. */
  pValue: number | null;
  /** The verdict and its evidence in one sentence. */
  message: string;
  /** Set when the judge gave one answer to every unit it answered: that answer. */
  constantAnswer: string | null;
  altTest: AltTestResult | null;
  nonInferiority: NonInferiority | null;
  /** Descriptive, not the verdict: mean headline κ of the judge against each annotator. */
  judgeKappa: number | null;
  /** Descriptive: mean headline κ of the annotator pairs on the same units. */
  humanKappa: number | null;
  /** Descriptive: lowest lower to highest upper bound of the annotator pairs' 95% intervals (drawn behind the forest plot). */
  humanRange: [number, number] | null;
}

/** What {@link replaceVerdict} weighs. */
export interface VerdictInput {
  annotators: number;
  /** The alt-test on the question (three or more annotators), else null. */
  altTest: AltTestResult | null;
  /** The non-inferiority test (exactly two annotators), else null. */
  nonInferiority: NonInferiority | null;
  /** The judge's distinct answers on the units it answered, and how many distinct answers the humans gave there. */
  judgeAnswers: string[];
  humanAnswers: number;
  vsAnnotators: readonly PairFigure[];
  humanHuman: readonly PairFigure[];
  settings: VerdictSettings;
  /** The headline statistic's symbol, κ or κw. */
  symbol: string;
}

const two = (x: number | null) => decimal(x, 2);
/** "p = 0.012", "p < 0.001". */
const pIs = (p: number | null) => (p !== null && p < 0.001 ? `p ${formatP(p)}` : `p = ${formatP(p)}`);

/** "30 items", "1 item", or a range "28–30 items". */
const itemsEach = (ns: number[]) => (Math.min(...ns) === Math.max(...ns) ? counted(ns[0], 'item') : `${count(Math.min(...ns))}–${count(Math.max(...ns))} items`);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Can the judge replace an annotator on this question? (DESIGN.md §6; issue 19.) Three or more
 * annotators: the alternative annotator test — passed (winning rate ≥ 0.5) → can; most
 * annotators beat the judge by more than ε (the opposite one-sided tests, BY-corrected) →
 * cannot; otherwise not enough evidence. Two annotators: non-inferiority of judge–human κ to
 * human–human κ — the bootstrap interval's lower bound above −margin → can; its upper bound
 * below −margin → cannot; otherwise not enough evidence. Fewer than `minUnits` units (or no
 * annotator with that many items), or one annotator: always not enough evidence. A judge that
 * gave one answer to every unit is never "can": where the humans' answers vary it cannot tell
 * the items apart (cannot), and where they do not, nothing can be told (not enough evidence).
 * Overlapping intervals are never a pass.
 */
export function replaceVerdict(input: VerdictInput): Verdict {
  const { settings, symbol } = input;
  const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
  const judgeKappa = mean(input.vsAnnotators.flatMap((p) => (p.kappa.value === null ? [] : [p.kappa.value])));
  const definedPairs = input.humanHuman.filter((p) => p.kappa.value !== null);
  const humanKappa = mean(definedPairs.map((p) => p.kappa.value!));
  const intervals = definedPairs.flatMap((p) => (p.kappa.ci95 ? [p.kappa.ci95] : []));
  const humanRange: [number, number] | null = intervals.length > 0 ? [Math.min(...intervals.map((i) => i[0])), Math.max(...intervals.map((i) => i[1]))] : null;
  const constantAnswer = input.judgeAnswers.length === 1 ? input.judgeAnswers[0] : null;
  const base = { constantAnswer, altTest: input.altTest, nonInferiority: input.nonInferiority, judgeKappa, humanKappa, humanRange };
  const say = (verdict: VerdictWord, detail: string) => `${VERDICT_TITLE[verdict]}: ${detail}`;
  const constantClause = constantAnswer === null ? '' : `; the judge gave one answer (“${constantAnswer}”) to every unit`;

  if (input.annotators < 2 || (input.altTest === null && input.nonInferiority === null)) {
    const detail = `no test can be run with ${input.annotators} annotator${input.annotators === 1 ? '' : 's'} on the judge’s units (non-inferiority needs two, the alternative annotator test ${ALT_TEST_MIN_ANNOTATORS} or more)`;
    return { ...base, verdict: 'insufficient', test: null, n: 0, margin: null, pValue: null, message: say('insufficient', detail + constantClause) };
  }

  if (input.altTest) {
    const alt = input.altTest;
    const tested = alt.annotators;
    const p = median(tested.flatMap((a) => (a.pValue === null ? [] : [a.pValue])));
    const head = `the alternative annotator test (scoring ${alt.scoring}, ε = ${two(alt.epsilon)}, Benjamini–Yekutieli q = ${two(alt.q)}) on ${counted(alt.items, 'item')}`;
    const common = { test: 'alternative annotator test' as const, n: alt.items, margin: alt.epsilon, pValue: p };
    if (tested.length < ALT_TEST_MIN_ANNOTATORS) {
      // Annotators skipped for too few items can leave fewer than three: a winning rate over two is no evidence either way.
      const skipped = alt.skipped.length === 0 ? '' : `; ${alt.skipped.map((k) => k.rater).join(', ')} ${alt.skipped.length === 1 ? 'has' : 'have'} fewer than ${counted(alt.minItemsPerRater, 'item')}`;
      const detail = `${head}: ${counted(tested.length, 'annotator')} tested, the test needs ${ALT_TEST_MIN_ANNOTATORS}${skipped}${constantClause}`;
      return { ...base, ...common, verdict: 'insufficient', message: say('insufficient', detail) };
    }
    const won = tested.filter((a) => a.rejected).length;
    const lost = tested.filter((a) => a.rejectedAgainst).length;
    const figures = `${head}, ${tested.length} annotator${tested.length === 1 ? '' : 's'} tested with ${itemsEach(tested.map((a) => a.n))} each: the judge wins against ${won} of ${tested.length} (winning rate ${two(alt.winningRate)}${alt.passed ? ' ≥ 0.5' : ' < 0.5'}), median ${pIs(p)}; advantage probability ${two(alt.advantageProbability)}`;
    if (constantAnswer !== null) return { ...base, ...common, ...constantVerdict(input, figures) };
    if (alt.passed) return { ...base, ...common, verdict: 'can', message: say('can', figures) };
    if (lost * 2 > tested.length) return { ...base, ...common, verdict: 'cannot', message: say('cannot', `${figures}; ${lost} of ${tested.length} annotators beat it by more than ε (BY at q = ${two(alt.q)})`) };
    return { ...base, ...common, verdict: 'insufficient', message: say('insufficient', `${figures}; it neither wins against half of them nor do most beat it by more than ε`) };
  }

  const ni = input.nonInferiority!;
  const head = `non-inferiority of judge–human ${symbol} to human–human ${symbol} on ${counted(ni.n, 'unit')} (margin ${two(ni.margin)}, paired bootstrap of ${count(ni.resamples)} resamples, seed ${ni.seed})`;
  const common = { test: 'non-inferiority' as const, n: ni.n, margin: ni.margin, pValue: ni.pValue };
  if (ni.n < settings.minUnits) {
    return { ...base, ...common, verdict: 'insufficient', message: say('insufficient', `${head}: fewer than the ${counted(settings.minUnits, 'unit')} a verdict needs${constantClause}`) };
  }
  if (ni.ci95 === null || ni.difference === null) {
    return { ...base, ...common, verdict: 'insufficient', message: say('insufficient', `${head}: ${ni.reason ?? 'no interval'}${constantClause}`) };
  }
  const figures = `${head}: judge–human ${two(ni.judgeHuman)}, human–human ${two(ni.humanHuman)}, difference ${two(ni.difference)} (95% interval ${two(ni.ci95[0])} to ${two(ni.ci95[1])}), ${pIs(ni.pValue)} for a judge worse by more than the margin`;
  if (constantAnswer !== null) return { ...base, ...common, ...constantVerdict(input, figures) };
  if (ni.ci95[0] > -ni.margin) return { ...base, ...common, verdict: 'can', message: say('can', `${figures}; the lower bound is above −${two(ni.margin)}`) };
  if (ni.ci95[1] < -ni.margin) return { ...base, ...common, verdict: 'cannot', message: say('cannot', `${figures}; the upper bound is below −${two(ni.margin)}`) };
  return { ...base, ...common, verdict: 'insufficient', message: say('insufficient', `${figures}; the interval straddles −${two(ni.margin)}`) };
}

/** A judge with one answer for every unit: never "can", whatever a test said. */
function constantVerdict(input: VerdictInput, figures: string): { verdict: VerdictWord; message: string } {
  const answer = input.judgeAnswers[0];
  if (input.humanAnswers > 1) {
    return { verdict: 'cannot', message: `${VERDICT_TITLE.cannot}: the judge gave one answer (“${answer}”) to every unit while the annotators gave ${input.humanAnswers} different answers, so it cannot tell the items apart; ${figures}` };
  }
  return { verdict: 'insufficient', message: `${VERDICT_TITLE.insufficient}: the judge and the annotators gave one answer (“${answer}”) to every unit, so the items cannot tell a good judge from a constant one; ${figures}` };
}
