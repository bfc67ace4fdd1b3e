import type { QuestionType } from '../../stats';
import { wilson } from '../../stats/binomialIntervals';
import { mcnemarExact, mcnemarSentence, type McNemarExact } from './mcnemar';
import { pairFigure, type CalibrationCategory, type PairFigure, type UnitRating } from './pairFigure';
import { spearmanRho, spearmanTest, type SpearmanTest } from './spearman';

/** What changed on one question between run A and run B, against gold. */
export interface QuestionComparison {
  question: string;
  tag: string | null;
  /** Units both runs answered. */
  units: number;
  /** Of those, units with a gold answer. */
  withGold: number;
  /** A wrong, B right. */
  fixed: string[];
  /** A right, B wrong. */
  regressed: string[];
  unchangedCorrect: number;
  unchangedWrong: number;
  /** Units where A and B answered differently (with or without gold). */
  changed: number;
  accuracyA: number | null;
  accuracyB: number | null;
  /** Wilson 95% intervals of the two accuracies, on the `withGold` units. */
  accuracyACi95: [number, number] | null;
  accuracyBCi95: [number, number] | null;
  /** Exact McNemar test of fixed against regressed: whether B's accuracy differs from A's. */
  mcnemar: McNemarExact;
  /**
   * The test's outcome in words, with n and p: "no evidence of a difference (n = 20, McNemar exact
   * p = 0.219 on 5 fixed vs 1 regressed)"; "cannot compare accuracy: …" when no unit has gold.
   */
  difference: string;
  /** Agreement between the two runs. */
  agreement: PairFigure;
}

/** Systems (e.g. the planner model) ranked by the mean score each run gives them. */
export interface SystemRanking {
  question: string;
  /** The metadata field systems are named by. */
  by: string;
  systems: { system: string; units: number; scoreA: number | null; scoreB: number | null; rankA: number | null; rankB: number | null }[];
  spearman: { value: number | null; reason?: string };
  /** ρ with its n and one-sided p (exact permutation up to ten systems), and what it can tell. */
  spearmanTest: SpearmanTest;
}

/** Two runs compared (DESIGN.md §6). */
export interface RunComparison {
  runA: { id: number; rater: string; model: string; judge: string };
  runB: { id: number; rater: string; model: string; judge: string };
  task: string;
  questions: QuestionComparison[];
  rankings: SystemRanking[];
  skipped: { question: string; reason: string }[];
  /** Item ids by item name (a unit is `<item name>|<unit key>`) for the fixed and regressed units, so views can link them. */
  itemIds: Record<string, number>;
}

/** Inputs of {@link compareQuestion}: both runs' ratings and gold, by unit. */
export interface ComparisonInput {
  question: string;
  tag: string | null;
  type: QuestionType;
  categories: CalibrationCategory[];
  a: string;
  b: string;
  ratings: UnitRating[];
  gold: Map<string, string | null>;
  /** How the comparison's sentence names the runs ("run 3"); `a` and `b` when not given. */
  runNames?: readonly [string, string];
}

/**
 * Compares two runs on one question: on the units both answered and gold settles, which the
 * second run fixed (A wrong, B right), which it regressed (A right, B wrong), which stayed
 * right or wrong; plus how often they differ at all and how well they agree (κ). Each accuracy
 * has its Wilson 95% interval, and the difference its exact McNemar test on the discordant
 * units (fixed vs regressed): a run is better only when p < 0.05.
 */
export function compareQuestion(input: ComparisonInput): QuestionComparison {
  const a = new Map(input.ratings.filter((r) => r.rater === input.a && r.value !== null).map((r) => [r.unit, r.value!]));
  const b = new Map(input.ratings.filter((r) => r.rater === input.b && r.value !== null).map((r) => [r.unit, r.value!]));
  const both = [...a.keys()].filter((u) => b.has(u)).sort();
  const fixed: string[] = [];
  const regressed: string[] = [];
  let unchangedCorrect = 0;
  let unchangedWrong = 0;
  let withGold = 0;
  let correctA = 0;
  let correctB = 0;
  for (const unit of both) {
    const gold = input.gold.get(unit);
    if (gold === undefined || gold === null) continue;
    withGold++;
    const rightA = a.get(unit) === gold;
    const rightB = b.get(unit) === gold;
    if (rightA) correctA++;
    if (rightB) correctB++;
    if (!rightA && rightB) fixed.push(unit);
    else if (rightA && !rightB) regressed.push(unit);
    else if (rightA) unchangedCorrect++;
    else unchangedWrong++;
  }
  const mcnemar = mcnemarExact(fixed.length, regressed.length);
  return {
    question: input.question,
    tag: input.tag,
    units: both.length,
    withGold,
    fixed,
    regressed,
    unchangedCorrect,
    unchangedWrong,
    changed: both.filter((u) => a.get(u) !== b.get(u)).length,
    accuracyA: withGold > 0 ? correctA / withGold : null,
    accuracyB: withGold > 0 ? correctB / withGold : null,
    accuracyACi95: wilson(correctA, withGold),
    accuracyBCi95: wilson(correctB, withGold),
    mcnemar,
    difference:
      withGold === 0
        ? `cannot compare accuracy: none of the ${both.length === 1 ? 'one unit' : `${both.length} units`} both runs answered has gold; set gold to compare them`
        : mcnemarSentence(mcnemar, withGold, ...(input.runNames ?? [input.a, input.b])),
    agreement: pairFigure(input.ratings, input.a, input.b, input.categories, input.type, { resamples: 0, seed: 1 }),
  };
}

/**
 * Ranks systems by the mean numeric score each run gives their items (a level's value, a
 * score, 1/0 for the positive/negative answer of a binary question), rank 1 = best, and
 * correlates the two rankings with Spearman's ρ over the systems both scored, tested one-sided
 * (do the runs rank the systems alike?).
 */
export function rankSystems(
  question: string,
  by: string,
  scores: { system: string; run: 'a' | 'b'; score: number }[],
): SystemRanking {
  const systems = [...new Set(scores.map((s) => s.system))].sort();
  const meanOf = (system: string, run: 'a' | 'b') => {
    const xs = scores.filter((s) => s.system === system && s.run === run).map((s) => s.score);
    return xs.length === 0 ? null : xs.reduce((x, y) => x + y, 0) / xs.length;
  };
  const rows = systems.map((system) => ({
    system,
    units: scores.filter((s) => s.system === system && s.run === 'a').length,
    scoreA: meanOf(system, 'a'),
    scoreB: meanOf(system, 'b'),
  }));
  const rank = (key: 'scoreA' | 'scoreB') => {
    const scored = rows.filter((r) => r[key] !== null).sort((x, y) => y[key]! - x[key]!);
    return new Map(scored.map((r) => [r.system, scored.findIndex((s) => s[key] === r[key]) + 1]));
  };
  const rankA = rank('scoreA');
  const rankB = rank('scoreB');
  const paired = rows.filter((r) => r.scoreA !== null && r.scoreB !== null);
  return {
    question,
    by,
    systems: rows.map((r) => ({ ...r, rankA: rankA.get(r.system) ?? null, rankB: rankB.get(r.system) ?? null })),
    spearman: spearmanRho(paired.map((r) => r.scoreA!), paired.map((r) => r.scoreB!)),
    spearmanTest: spearmanTest(paired.map((r) => r.scoreA!), paired.map((r) => r.scoreB!)),
  };
}
