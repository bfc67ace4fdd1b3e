import { agreementReport, buildRatingTable, type QuestionType } from '../../stats';
import { wilson } from '../../stats/binomialIntervals';
import { Z95 } from '../../stats/normal';
import { type Interval } from '../../stats/stat';
import type { CalibrationCategory } from './pairFigure';
import { spearmanRho } from './spearman';
import { counted } from '../../../common/numberFormat';

/** One run's answers by unit (answered units, known categories). */
export interface RunAnswers {
  run: number;
  answers: ReadonlyMap<string, string>;
}

/** How the same items fared across runs: reruns of one judge (stability) or a reworded prompt (paraphrase). */
export interface RerunProbe {
  runs: number[];
  /** Units every run answered. */
  units: number;
  /** Units where not every run gave the same answer, with Wilson's 95% interval of the share. */
  flips: number;
  flipRate: number | null;
  flipRateCi95: Interval | null;
  /** Fleiss' κ with the runs as raters, and its percentile bootstrap 95% interval over units. */
  kappa: number | null;
  kappaCi95: Interval | null;
  reason?: string;
  resamples: number;
  seed: number;
}

/**
 * Stability of a judge's answers across runs on the same items (DESIGN.md §6, issue 19 §6):
 * the flip rate — the share of units where the runs did not all agree — with its Wilson 95%
 * interval, and Fleiss' κ among the runs (each run a rater) with a percentile bootstrap
 * interval over units. The same figures compare a run with a reworded prompt's run (the
 * paraphrase probe).
 */
export function rerunProbe(runs: readonly RunAnswers[], categories: readonly CalibrationCategory[], type: QuestionType, bootstrap: { resamples: number; seed: number }): RerunProbe {
  const common = [...(runs[0]?.answers.keys() ?? [])].filter((u) => runs.every((r) => r.answers.has(u))).sort();
  const base = { runs: runs.map((r) => r.run), units: common.length, resamples: bootstrap.resamples, seed: bootstrap.seed };
  if (runs.length < 2 || common.length === 0) {
    return { ...base, flips: 0, flipRate: null, flipRateCi95: null, kappa: null, kappaCi95: null, reason: runs.length < 2 ? 'a probe needs two runs or more' : 'no unit was answered by every run' };
  }
  const flips = common.filter((u) => new Set(runs.map((r) => r.answers.get(u))).size > 1).length;
  const levels = (type === 'nominal' ? [...categories] : [...categories].sort((a, b) => a.value - b.value)).map((c) => ({ name: c.name, value: c.value }));
  const rows = common.flatMap((unit) => runs.map((r) => ({ unit, rater: `run ${r.run}`, value: r.answers.get(unit)! })));
  const report = agreementReport(buildRatingTable(rows, { levels }), { type: 'nominal', bootstrap: bootstrap.resamples, seed: bootstrap.seed });
  const kappa = report.fleissKappa.value;
  const interval = report.bootstrap.fleissKappa;
  const reason = kappa === null ? report.fleissKappa.reason : interval?.ci95 ? undefined : interval?.reason;
  return { ...base, flips, flipRate: flips / common.length, flipRateCi95: wilson(flips, common.length), kappa, kappaCi95: interval?.ci95 ?? null, ...(reason ? { reason } : {}) };
}

/** Does the judge's score follow the length of what it judges? */
export interface LengthBias {
  /** Units with both a score and a length. */
  units: number;
  /** Spearman's ρ between the judge's score (its answer's scale value) and the response's length in characters. */
  rho: number | null;
  /** 95% interval on Fisher's z with SE 1.06/√(n − 3) (Fieller, Hartley & Pearson 1957). */
  ci95: Interval | null;
  reason?: string;
}

/**
 * Length bias: Spearman's ρ between the judge's score and the length of the response it judged,
 * with a 95% interval from Fisher's z and Fieller, Hartley & Pearson's SE for ρ, 1.06/√(n − 3).
 */
export function lengthBias(pairs: readonly (readonly [number, number])[]): LengthBias {
  const n = pairs.length;
  const rho = spearmanRho(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
  if (rho.value === null) return { units: n, rho: null, ci95: null, reason: n < 2 ? `${counted(n, 'unit')}; ρ needs at least 2` : 'the scores or the lengths do not vary, so ρ is undefined' };
  if (n < 4) return { units: n, rho: rho.value, ci95: null, reason: `${counted(n, 'unit')}; an interval needs at least 4` };
  if (Math.abs(rho.value) >= 1) return { units: n, rho: rho.value, ci95: null, reason: 'ρ is ±1, where Fisher’s z is infinite' };
  const z = Math.atanh(rho.value);
  const se = 1.06 / Math.sqrt(n - 3);
  return { units: n, rho: rho.value, ci95: [Math.tanh(z - Z95 * se), Math.tanh(z + Z95 * se)] };
}

/**
 * The length of what a judge reads as the response, in characters: a conversation's assistant
 * text, a plan's plan (as written, or as JSON), a graph's JSON. Null when there is none.
 */
export function responseLength(kind: 'graph' | 'plan' | 'conversation', payload: unknown): number | null {
  if (payload === null || typeof payload !== 'object') return null;
  if (kind === 'conversation') {
    const turns = (payload as { turns?: { role?: string; content?: string | null }[] }).turns ?? [];
    return turns.filter((t) => t.role === 'assistant').reduce((sum, t) => sum + (t.content?.length ?? 0), 0);
  }
  if (kind === 'plan') {
    const plan = (payload as { plan?: unknown }).plan;
    if (plan === undefined || plan === null) return null;
    return typeof plan === 'string' ? plan.length : JSON.stringify(plan).length;
  }
  return JSON.stringify(payload).length;
}
