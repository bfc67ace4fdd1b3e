import type { ConfusionMatrix, QuestionType } from '../../stats';
import { classMetrics, type ClassMetrics, type MacroMetrics } from './classMetrics';
import { ordinalBias, type OrdinalBias } from './ordinalBias';
import type { CertaintyStratum } from './certaintySplit';
import type { ErrorRates } from './errorRates';
import { pairFigure, type CalibrationCategory, type PairFigure, type UnitRating } from './pairFigure';
import { type CalibrationSettings, type CorrectedPassRate, DEFAULT_CALIBRATION_SETTINGS, replacementEvidence } from './replacementEvidence';
import type { Verdict } from './replaceVerdict';
import { GOLD_RATER } from '../../../common/goldRater';
import { compareNames } from '../../../common/personName';

export { GOLD_RATER };

/** A rating with the rater's kind and rationale, for calibration. */
export interface CalibrationRating extends UnitRating {
  raterKind: 'human' | 'judge';
  rationale: string | null;
}

/** What {@link calibrateQuestion} needs for one question (or one tag of a multilabel question). */
export interface CalibrationInput {
  question: string;
  /** The tag, when this is one tag of a multilabel question (analysed as present / absent). */
  tag: string | null;
  type: QuestionType;
  categories: CalibrationCategory[];
  /** The run's rater name. */
  judge: string;
  /** The judge's ratings and every human's (other judges are left out by the caller). */
  ratings: CalibrationRating[];
  /** Gold answers by unit (null value: gold says N/A). */
  gold: { unit: string; value: string | null; rationale: string | null }[];
  bootstrap: { resamples: number; seed: number };
  maxDisagreements: number;
  /** The verdict's test settings, the certification threshold and the label budget's target (defaults: {@link DEFAULT_CALIBRATION_SETTINGS}). */
  settings?: CalibrationSettings;
}

/** What the judge is measured against for the confusion matrix, per-class figures and bias. */
export type Reference = 'gold' | 'humans';

/** One unit where the judge and the reference differ, with everyone's answer and rationale. */
export interface CalibrationDisagreement {
  unit: string;
  judge: { value: string | null; rationale: string | null };
  gold: { value: string | null; rationale: string | null } | null;
  humans: { rater: string; value: string | null; rationale: string | null }[];
}

/** The calibration of a judge run on one question (or one tag). */
export interface QuestionCalibration {
  question: string;
  tag: string | null;
  type: QuestionType;
  categories: CalibrationCategory[];
  judge: string;
  /** Units the judge answered. */
  units: number;
  /** Set (by the service, which knows the run) when the judge answered no unit: why, and what to do ("the judge answered no unit (30 of 30 calls failed): retry the failed calls (resume run 6)"). */
  noAnswers?: string;
  annotators: string[];
  /** The judge against each annotator, over the units both answered. */
  vsAnnotators: PairFigure[];
  /** The judge against gold; null when the question has no gold on the judge's units. */
  vsGold: PairFigure | null;
  /** Each pair of annotators, over the units the judge also answered: the human ceiling. */
  humanHuman: PairFigure[];
  /** Can the judge replace an annotator: can, cannot or not enough evidence, with the test it rests on. */
  verdict: Verdict;
  /** TPR and TNR against gold (or the human majority) with exact lower bounds, and whether they certify the judge. */
  errorRates: ErrorRates | null;
  /** The pass rate corrected for the judge's errors (Rogan–Gladen and prediction-powered), binary questions only. */
  correctedPassRate: CorrectedPassRate;
  /** The judge's and the humans' agreement on unanimous, majority and split units. */
  certainty: CertaintyStratum[];
  /** Set when gold covers fewer of the judge's units than the human majority: which units it holds, and that figures against gold are about those only. */
  goldSelection: string | null;
  reference: Reference;
  /** Rows: the judge's answers; columns: the reference's (gold, or every human answer pooled). */
  confusion: ConfusionMatrix;
  classes: ClassMetrics[];
  macro: MacroMetrics;
  /** Ordinal and interval questions only. */
  ordinal: OrdinalBias | null;
  /** Units where the judge differs from the reference, first `maxDisagreements` in unit order. */
  disagreements: CalibrationDisagreement[];
  disagreementCount: number;
}

/** A run's calibration on every question of its task. */
export interface CalibrationReport {
  task: string;
  run: number;
  judge: string;
  model: string;
  questions: QuestionCalibration[];
  /** Questions left out, and why (text questions, questions the judge does not answer). */
  skipped: { question: string; reason: string }[];
  /** Item ids by item name (a unit is `<item name>|<unit key>`) for the units the report lists, so views can link them. */
  itemIds: Record<string, number>;
  method: {
    intervals: string;
    bootstrap: { resamples: number; seed: number } | null;
    verdict: string;
    settings: CalibrationSettings;
  };
}

/**
 * Puts a judge beside the humans on one question (DESIGN.md §6): the judge against each
 * annotator and against gold, the human–human figure on the same units, each with its interval
 * and computed by the agreement engine; the verdict on whether the judge can replace an
 * annotator with the evidence behind it (see `replacementEvidence`); the confusion matrix and per-class precision / recall / F1 against the reference
 * (gold where there is gold, else every human answer pooled); for ordinal questions the signed
 * bias and the share within one level; and the disagreements with rationales.
 */
export function calibrateQuestion(input: CalibrationInput): QuestionCalibration {
  const { judge, categories, type, bootstrap } = input;
  const judgeRatings = input.ratings.filter((r) => r.rater === judge && r.value !== null);
  const judgeUnits = new Set(judgeRatings.map((r) => r.unit));
  const humans = input.ratings.filter((r) => r.raterKind === 'human' && judgeUnits.has(r.unit));
  const annotators = [...new Set(humans.map((r) => r.rater))].sort(compareNames);
  const goldOnUnits = input.gold.filter((g) => judgeUnits.has(g.unit));

  const vsAnnotators = annotators.map((name) => pairFigure(input.ratings, judge, name, categories, type, bootstrap));
  const goldRatings: UnitRating[] = goldOnUnits.map((g) => ({ unit: g.unit, rater: GOLD_RATER, value: g.value }));
  const vsGold = goldOnUnits.some((g) => g.value !== null) ? pairFigure([...judgeRatings, ...goldRatings], judge, GOLD_RATER, categories, type, bootstrap) : null;
  const humanHuman: PairFigure[] = [];
  for (let i = 0; i < annotators.length; i++) {
    for (let j = i + 1; j < annotators.length; j++) humanHuman.push(pairFigure(humans, annotators[i], annotators[j], categories, type, bootstrap));
  }

  const reference: Reference = vsGold ? 'gold' : 'humans';
  const index = new Map(categories.map((c, i) => [c.name, i]));
  const judgeByUnit = new Map(judgeRatings.map((r) => [r.unit, r]));
  const pairs: [number, number][] = [];
  const referenceRatings = reference === 'gold' ? goldRatings : humans;
  for (const ref of referenceRatings) {
    const mine = judgeByUnit.get(ref.unit);
    if (!mine || mine.value === null || ref.value === null) continue;
    const j = index.get(mine.value);
    const r = index.get(ref.value);
    if (j !== undefined && r !== undefined) pairs.push([j, r]);
  }
  const k = categories.length;
  const counts = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const [j, r] of pairs) counts[j][r]++;
  const names = categories.map((c) => c.name);
  const { perClass, macro } = classMetrics(counts, names);

  const disagreements = disagreementsOf(input, judgeByUnit, goldOnUnits, humans, reference);
  const known = (v: string | null): v is string => v !== null && index.has(v);
  const judgeAnswers = new Map(judgeRatings.flatMap((r) => (known(r.value) ? [[r.unit, r.value] as const] : [])));
  const humanAnswers = new Map<string, Map<string, string>>();
  for (const h of humans) {
    if (!known(h.value)) continue;
    const m = humanAnswers.get(h.unit) ?? new Map<string, string>();
    m.set(h.rater, h.value);
    humanAnswers.set(h.unit, m);
  }
  const goldAnswers = new Map(goldOnUnits.flatMap((g) => (known(g.value) ? [[g.unit, g.value] as const] : [])));
  const evidence = replacementEvidence({
    type,
    categories,
    judge: judgeAnswers,
    humans: humanAnswers,
    gold: goldAnswers,
    vsAnnotators,
    humanHuman,
    settings: input.settings ?? DEFAULT_CALIBRATION_SETTINGS,
  });
  return {
    question: input.question,
    tag: input.tag,
    type,
    categories,
    judge,
    units: judgeUnits.size,
    annotators,
    vsAnnotators,
    vsGold,
    humanHuman,
    ...evidence,
    reference,
    confusion: { rowRater: judge, columnRater: reference === 'gold' ? GOLD_RATER : 'humans (pooled)', levels: names, counts },
    classes: perClass,
    macro,
    ordinal: type === 'ordinal' || type === 'interval' ? ordinalBias(pairs, categories.map((c) => c.value)) : null,
    disagreements: disagreements.slice(0, input.maxDisagreements),
    disagreementCount: disagreements.length,
  };
}

function disagreementsOf(
  input: CalibrationInput,
  judgeByUnit: Map<string, CalibrationRating>,
  gold: CalibrationInput['gold'],
  humans: CalibrationRating[],
  reference: Reference,
): CalibrationDisagreement[] {
  const goldByUnit = new Map(gold.map((g) => [g.unit, g]));
  const humansByUnit = new Map<string, CalibrationRating[]>();
  for (const h of humans) humansByUnit.set(h.unit, [...(humansByUnit.get(h.unit) ?? []), h]);
  const out: CalibrationDisagreement[] = [];
  for (const [unit, mine] of [...judgeByUnit].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const g = goldByUnit.get(unit);
    const others = (humansByUnit.get(unit) ?? []).sort((a, b) => (a.rater < b.rater ? -1 : 1));
    const differs = reference === 'gold' ? g !== undefined && g.value !== null && g.value !== mine.value : others.some((h) => h.value !== null && h.value !== mine.value);
    if (!differs) continue;
    out.push({
      unit,
      judge: { value: mine.value, rationale: mine.rationale },
      gold: g ? { value: g.value, rationale: g.rationale } : null,
      humans: others.map((h) => ({ rater: h.rater, value: h.value, rationale: h.rationale })),
    });
  }
  return out;
}
