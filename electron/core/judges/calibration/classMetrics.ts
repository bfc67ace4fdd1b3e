/** Precision, recall and F1 of one class, each null with a reason when undefined (no predictions, no instances). */
export interface ClassMetrics {
  category: string;
  /** Units the reference put in this class. */
  support: number;
  /** Units the judge put in this class. */
  predicted: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  reason?: string;
}

/**
 * Macro averages: the unweighted mean of precision, recall and F1 over one set of answers, the
 * same for all three — the answers the reference or the judge gave at least once (scikit-learn's
 * `labels`: the schema's levels that occur in y_true or y_pred). Within it a precision or recall
 * with nothing to divide by (the judge never gave the answer; the reference never did) counts as
 * 0, as scikit-learn's `zero_division=0` does; an answer nobody gave is in no average.
 */
export interface MacroMetrics {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** The answers the averages are over, in the schema's order. */
  classes: string[];
  /** That set and the rule, in words, for every place that prints the averages. */
  basis: string;
}

/**
 * Per-class precision, recall and F1 of a judge against a reference, from a confusion matrix
 * whose rows are the judge's classes and columns the reference's:
 * precision_c = n_cc / Σ_j n_cj, recall_c = n_cc / Σ_i n_ic, F1_c = 2·n_cc / (Σ_j n_cj + Σ_i n_ic)
 * (= 2PR / (P + R) where both are defined). An undefined precision or recall is null with the
 * reason (a class the judge never predicted has no precision; a class absent from the reference
 * has no recall) — never a silent 0; F1 is undefined only for a class neither gave.
 * The macro averages are over the classes the judge or the reference gave, all three over the
 * same classes, an undefined precision or recall counting 0 there (see {@link MacroMetrics}):
 * scikit-learn's `precision_recall_fscore_support(y_true, y_pred, labels=<those classes>,
 * average='macro', zero_division=0)` (classMetrics.sklearn.test.ts checks it).
 *
 * @example classMetrics([[8, 2], [1, 9]], ['pass', 'fail']).perClass[0] // { category: 'pass', support: 9, predicted: 10, precision: 0.8, recall: 0.888…, f1: 0.842… }
 */
export function classMetrics(matrix: readonly (readonly number[])[], categories: readonly string[]): { perClass: ClassMetrics[]; macro: MacroMetrics } {
  const k = categories.length;
  const perClass = categories.map((category, c): ClassMetrics => {
    const tp = matrix[c][c];
    let predicted = 0;
    let support = 0;
    for (let j = 0; j < k; j++) predicted += matrix[c][j];
    for (let i = 0; i < k; i++) support += matrix[i][c];
    const reasons: string[] = [];
    const precision = predicted > 0 ? tp / predicted : null;
    if (precision === null) reasons.push('the judge never gave this answer, so precision is undefined');
    const recall = support > 0 ? tp / support : null;
    if (recall === null) reasons.push('the reference never gave this answer, so recall is undefined');
    const f1 = predicted + support > 0 ? (2 * tp) / (predicted + support) : null;
    return { category, support, predicted, precision, recall, f1, ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}) };
  });
  const averaged = perClass.filter((c) => c.support > 0 || c.predicted > 0);
  const mean = (values: (number | null)[]) => (values.length > 0 ? values.reduce((a: number, b) => a + (b ?? 0), 0) / values.length : null);
  return {
    perClass,
    macro: {
      precision: mean(averaged.map((c) => c.precision)),
      recall: mean(averaged.map((c) => c.recall)),
      f1: mean(averaged.map((c) => c.f1)),
      classes: averaged.map((c) => c.category),
      basis: macroBasis(averaged.map((c) => c.category), averaged.some((c) => c.precision === null || c.recall === null)),
    },
  };
}

/** "mean over the 3 answers the judge or the reference gave (a, b, c); an undefined precision or recall counts as 0". */
function macroBasis(classes: readonly string[], withUndefined: boolean): string {
  if (classes.length === 0) return 'no answers to average: neither the judge nor the reference gave one';
  const set = `mean over the ${classes.length === 1 ? 'one answer' : `${classes.length} answers`} the judge or the reference gave (${classes.join(', ')})`;
  return withUndefined ? `${set}; an undefined precision or recall counts as 0 (scikit-learn’s zero_division=0)` : set;
}
