import type { QuestionType } from '../../stats';
import { weightMatrix } from '../../stats/weights';
import { ALT_TEST_MIN_ANNOTATORS, altTest, type AltTestScoring } from './altTest';
import { certaintySplit, type CertaintyStratum, humanCertainty } from './certaintySplit';
import { correctedPrevalence, type CorrectedPrevalence } from './correctedPrevalence';
import { errorRates, type ErrorRates } from './errorRates';
import { nonInferiority } from './nonInferiority';
import type { CalibrationCategory, PairFigure } from './pairFigure';
import { DEFAULT_VERDICT_SETTINGS, replaceVerdict, type Verdict, type VerdictSettings } from './replaceVerdict';
import { compareNames } from '../../../common/personName';
import { count, counted } from '../../../common/numberFormat';

/** Everything a calibration's evidence is computed with; the defaults are stated in the report's method. */
export interface CalibrationSettings extends VerdictSettings {
  /** Lower bound TPR and TNR must reach to certify the judge. */
  certifyThreshold: number;
  /** Half-width the label budget of the corrected pass rate aims at. */
  targetHalfWidth: number;
  /**
   * The alternative annotator test's scoring function. Unset: neg-rmse on ordered (ordinal,
   * interval) questions, accuracy (answers equal) on the others. neg-rmse asked for applies to
   * ordered questions only; the others, whose answers have no numbers to subtract, keep accuracy.
   */
  scoring?: AltTestScoring;
}

export const DEFAULT_CALIBRATION_SETTINGS: CalibrationSettings = { ...DEFAULT_VERDICT_SETTINGS, certifyThreshold: 0.8, targetHalfWidth: 0.05 };

/** The pass rate corrected for judge error, on binary questions only. */
export type CorrectedPassRate = (CorrectedPrevalence & { positive: string; reason?: undefined }) | { reason: string; positive?: undefined };

export interface ReplacementEvidence {
  verdict: Verdict;
  errorRates: ErrorRates | null;
  correctedPassRate: CorrectedPassRate;
  certainty: CertaintyStratum[];
  /**
   * Set when gold covers fewer of the judge's units than the human majority does: which units
   * gold holds (unanimous ones, after "Accept unanimous answers", are the easiest), so figures
   * against gold are read as about those units only.
   */
  goldSelection: string | null;
}

export interface EvidenceInput {
  type: QuestionType;
  categories: readonly CalibrationCategory[];
  /** The judge's answer by unit (answered units only, known categories only). */
  judge: ReadonlyMap<string, string>;
  /** Each unit's human answers by annotator (non-null, known categories only), on the judge's units. */
  humans: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Gold by unit (non-null answers only), on the judge's units. */
  gold: ReadonlyMap<string, string>;
  vsAnnotators: readonly PairFigure[];
  humanHuman: readonly PairFigure[];
  settings: CalibrationSettings;
}

const ordered = (type: QuestionType) => type === 'ordinal' || type === 'interval';

/**
 * The evidence on whether a judge can replace an annotator on one question (DESIGN.md §6,
 * issue 19): the verdict (the alternative annotator test with three or more annotators,
 * non-inferiority with two), the error rates against gold or the human majority with their
 * certification, the pass rate corrected for the judge's errors (binary questions), and the
 * judge's agreement split by how much the humans agreed.
 */
export function replacementEvidence(input: EvidenceInput): ReplacementEvidence {
  const { categories, type, settings } = input;
  const index = new Map(categories.map((c, i) => [c.name, i]));
  const valueOf = new Map(categories.map((c) => [c.name, c.value]));
  const annotators = [...new Set([...input.humans.values()].flatMap((m) => [...m.keys()]))].sort(compareNames);
  const symbol = ordered(type) ? 'κw' : 'κ';

  // The verdict's test.
  const scoring: AltTestScoring = ordered(type) && settings.scoring !== 'accuracy' ? 'neg-rmse' : 'accuracy';
  const value = (name: string) => (scoring === 'neg-rmse' ? (valueOf.get(name) as number) : name);
  const alt =
    annotators.length >= ALT_TEST_MIN_ANNOTATORS
      ? altTest({
          humans: [...input.humans].flatMap(([unit, m]) => [...m].map(([rater, v]) => ({ unit, rater, value: value(v) }))),
          judge: [...input.judge].map(([unit, v]) => ({ unit, value: value(v) })),
          scoring,
          epsilon: settings.epsilon,
          q: settings.q,
          minRatersPerItem: 2,
          minItemsPerRater: settings.minUnits,
        })
      : null;
  let ni = null;
  if (annotators.length === 2) {
    const [a, b] = annotators;
    const units: [number, number, number][] = [];
    for (const [unit, j] of input.judge) {
      const m = input.humans.get(unit);
      if (m?.has(a) && m.has(b)) units.push([index.get(j)!, index.get(m.get(a)!)!, index.get(m.get(b)!)!]);
    }
    const weights = weightMatrix(ordered(type) ? 'quadratic' : 'identity', categories.map((c) => c.value));
    ni = nonInferiority({ units, k: categories.length, weights, margin: settings.margin, resamples: settings.resamples, seed: settings.seed });
  }
  const humanValues = new Set([...input.humans.values()].flatMap((m) => [...m.values()]));
  const verdict = replaceVerdict({
    annotators: annotators.length,
    altTest: alt,
    nonInferiority: ni,
    judgeAnswers: [...new Set(input.judge.values())].sort(),
    humanAnswers: humanValues.size,
    vsAnnotators: input.vsAnnotators,
    humanHuman: input.humanHuman,
    settings,
    symbol,
  });

  // The reference of error rates and the corrected pass rate: gold where any, else the human majority.
  const reference = new Map<string, string>();
  const useGold = input.gold.size > 0;
  if (useGold) for (const [unit, g] of input.gold) reference.set(unit, g);
  else {
    for (const [unit, m] of input.humans) {
      const { majority } = humanCertainty([...m.values()]);
      if (majority !== null && m.size >= 2) reference.set(unit, majority);
    }
  }
  const pairs: [number, number][] = [];
  for (const [unit, r] of reference) {
    const j = input.judge.get(unit);
    if (j !== undefined) pairs.push([index.get(j)!, index.get(r)!]);
  }
  const rates = reference.size > 0 ? errorRates(pairs, categories.map((c) => c.name), useGold ? 'gold' : 'human majority', settings.certifyThreshold) : null;

  let correctedPassRate: CorrectedPassRate;
  if (type !== 'binary' || categories.length !== 2) correctedPassRate = { reason: 'the corrected pass rate is for binary questions' };
  else if (reference.size === 0) correctedPassRate = { reason: 'no unit has gold or a human majority to measure the judge’s errors on' };
  else {
    const positive = categories[0].name;
    const labeled: [boolean, boolean][] = [];
    const unlabeled: boolean[] = [];
    for (const [unit, j] of input.judge) {
      const r = reference.get(unit);
      if (r === undefined) unlabeled.push(j === positive);
      else labeled.push([j === positive, r === positive]);
    }
    correctedPassRate = { ...correctedPrevalence({ labeled, unlabeled, targetHalfWidth: settings.targetHalfWidth }), positive };
  }

  const certainty = certaintySplit([...input.judge].flatMap(([unit, j]) => {
    const m = input.humans.get(unit);
    return m && m.size >= 2 ? [{ judge: j, humans: [...m.values()] }] : [];
  }));
  return { verdict, errorRates: rates, correctedPassRate, certainty, goldSelection: useGold ? goldSelection(input) : null };
}

/** See {@link ReplacementEvidence.goldSelection}. */
function goldSelection(input: EvidenceInput): string | null {
  let majority = 0;
  let unanimousGold = 0;
  let gold = 0;
  for (const unit of input.judge.keys()) {
    const m = input.humans.get(unit);
    const certainty = m && m.size >= 2 ? humanCertainty([...m.values()]) : null;
    if (certainty?.majority) majority++;
    if (input.gold.has(unit)) {
      gold++;
      if (certainty?.certainty === 'unanimous') unanimousGold++;
    }
  }
  if (gold >= majority) return null;
  const judged = input.judge.size;
  const which =
    unanimousGold === gold
      ? `${gold === 1 ? 'a unit' : 'all of them units'} every annotator agreed on (the easiest to get right, as after accepting unanimous answers)`
      : `${count(unanimousGold)} of them unanimous`;
  return `gold covers ${count(gold)} of the ${counted(judged, 'unit')} the judge answered, ${which}; the human majority covers ${count(majority)}. The figures against gold are about ${gold === 1 ? 'that unit' : `those ${count(gold)}`} only${unanimousGold === gold ? ' and may flatter the judge' : ''}: set gold on more units to widen them`;
}
