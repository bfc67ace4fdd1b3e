import { agreementReport, type BootstrapInterval, buildRatingTable, type KappaEstimate, type LandisKoch, type QuestionType, type Stat } from '../../stats';

/** One rating of one unit by one rater; `value` is a category name, null for N/A (not rated). */
export interface UnitRating {
  unit: string;
  rater: string;
  value: string | null;
}

/** The categories of a question in scale order with their numeric values (the schema's universe). */
export interface CalibrationCategory {
  name: string;
  value: number;
}

/** Agreement of two raters over the units both rated. */
export interface PairFigure {
  raters: [string, string];
  /** Units both rated. */
  units: number;
  percentAgreement: Stat;
  /** The headline coefficient: quadratic weighted κ for ordinal and interval questions, Cohen's κ otherwise. */
  statistic: 'cohenKappa' | 'weightedKappa.quadratic';
  kappa: KappaEstimate;
  /** Cohen's κ, also for ordinal questions (where the headline is weighted). */
  cohenKappa: KappaEstimate;
  landisKoch: LandisKoch;
  /** Percentile bootstrap interval of the headline κ, when a bootstrap was asked for. */
  bootstrap: BootstrapInterval | null;
}

/** The headline κ of a question type. */
export const headlineStatistic = (type: QuestionType): PairFigure['statistic'] => (type === 'ordinal' || type === 'interval' ? 'weightedKappa.quadratic' : 'cohenKappa');

/**
 * Agreement of raters `a` and `b` on the units both rated, computed by the agreement engine
 * (`core/stats`'s `agreementReport` on a two-rater table), so the judge's figures are the same
 * figures the dashboard shows for humans.
 */
export function pairFigure(
  ratings: readonly UnitRating[],
  a: string,
  b: string,
  categories: readonly CalibrationCategory[],
  type: QuestionType,
  bootstrap: { resamples: number; seed: number },
): PairFigure {
  const byUnit = new Map<string, { a?: string; b?: string }>();
  for (const r of ratings) {
    if (r.value === null || (r.rater !== a && r.rater !== b)) continue;
    const entry = byUnit.get(r.unit) ?? {};
    if (r.rater === a) entry.a = r.value;
    else entry.b = r.value;
    byUnit.set(r.unit, entry);
  }
  const rows = [...byUnit].flatMap(([unit, v]) =>
    v.a !== undefined && v.b !== undefined
      ? [
          { unit, rater: a, value: v.a },
          { unit, rater: b, value: v.b },
        ]
      : [],
  );
  const statistic = headlineStatistic(type);
  // Both raters always appear (even with no shared unit) so the report keeps its two columns.
  // Ordered statistics want levels lowest first (a binary question lists its positive answer first).
  const levels = (type === 'nominal' ? [...categories] : [...categories].sort((x, y) => x.value - y.value)).map((c) => ({ name: c.name, value: c.value }));
  const table = buildRatingTable(rows.length > 0 ? rows : [{ unit: '(none)', rater: a, value: null }, { unit: '(none)', rater: b, value: null }], { levels });
  const report = agreementReport(table, { type, bootstrap: bootstrap.resamples, seed: bootstrap.seed });
  const pair = report.pairs[0];
  const kappa = statistic === 'cohenKappa' ? pair.cohenKappa : pair.weightedKappa.quadratic;
  const interval = statistic === 'cohenKappa' ? report.bootstrap.cohenKappa : report.bootstrap.weightedKappa?.quadratic;
  return {
    raters: [a, b],
    units: rows.length / 2,
    percentAgreement: pair.percentAgreement,
    statistic,
    kappa,
    cohenKappa: pair.cohenKappa,
    landisKoch: pair.landisKoch,
    bootstrap: bootstrap.resamples > 0 ? (interval ?? null) : null,
  };
}
