/**
 * Benjamini–Yekutieli step-up procedure (Benjamini & Yekutieli 2001, Theorem 1.3), which
 * controls the false discovery rate at q under any dependence between the tests: sort the m
 * p-values, find the largest k with p_(k) ≤ k·q / (m·H_m), H_m = Σ_{i≤m} 1/i, and reject the
 * k smallest. An undefined p-value (null) counts among the m tests and is never rejected — as
 * the alternative annotator test's reference code does with scipy's NaN.
 *
 * @returns whether each test is rejected, in the order given.
 * @example benjaminiYekutieli([0.001, 0.02, 0.3], 0.05) // [true, false, false]
 */
export function benjaminiYekutieli(pValues: readonly (number | null)[], q: number): boolean[] {
  const m = pValues.length;
  const rejected = new Array<boolean>(m).fill(false);
  if (m === 0) return rejected;
  let harmonic = 0;
  for (let i = 1; i <= m; i++) harmonic += 1 / i;
  const order = pValues
    .map((p, index) => ({ p, index }))
    .filter((e): e is { p: number; index: number } => e.p !== null && !Number.isNaN(e.p))
    .sort((a, b) => a.p - b.p || a.index - b.index);
  let last = -1;
  order.forEach((e, i) => {
    if (e.p <= ((i + 1) / m) * (q / harmonic)) last = i;
  });
  for (let i = 0; i <= last; i++) rejected[order[i].index] = true;
  return rejected;
}
