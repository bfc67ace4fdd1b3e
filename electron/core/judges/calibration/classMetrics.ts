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

/** Macro averages: the unweighted mean over the classes where each figure is defined. */
export interface MacroMetrics {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** Classes each average is over. */
  classes: { precision: number; recall: number; f1: number };
}

/**
 * Per-class precision, recall and F1 of a judge against a reference, from a confusion matrix
 * whose rows are the judge's classes and columns the reference's:
 * precision_c = n_cc / Σ_j n_cj, recall_c = n_cc / Σ_i n_ic, F1_c = 2PR / (P + R).
 * Undefined figures are null with the reason (a class the judge never predicted has no
 * precision; a class absent from the reference has no recall) — never a silent 0.
 * Macro averages are over the classes where each figure is defined (as scikit-learn's
 * `zero_division=np.nan` does).
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
    let f1: number | null = null;
    if (precision !== null && recall !== null) f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return { category, support, predicted, precision, recall, f1, ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}) };
  });
  const mean = (values: (number | null)[]) => {
    const defined = values.filter((v): v is number => v !== null);
    return { value: defined.length > 0 ? defined.reduce((a, b) => a + b, 0) / defined.length : null, n: defined.length };
  };
  const p = mean(perClass.map((c) => c.precision));
  const r = mean(perClass.map((c) => c.recall));
  const f = mean(perClass.map((c) => c.f1));
  return { perClass, macro: { precision: p.value, recall: r.value, f1: f.value, classes: { precision: p.n, recall: r.n, f1: f.n } } };
}
