/**
 * Ranks with ties given the average of the positions they share (1-based), as Spearman's ρ
 * with ties requires.
 *
 * @example averageRanks([10, 20, 20, 30]) // [1, 2.5, 2.5, 4]
 */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].v === order[start].v) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k].i] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Spearman's rank correlation ρ: Pearson's correlation of the average ranks (Spearman 1904;
 * the tie-corrected form, which equals 1 − 6Σd²/(n(n²−1)) when there are no ties). Null with
 * the reason for fewer than two pairs or when one side's ranks are all equal.
 *
 * @example spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) // 0.8207826816681233 (scipy.stats.spearmanr)
 */
export function spearmanRho(x: readonly number[], y: readonly number[]): { value: number; reason?: undefined } | { value: null; reason: string } {
  if (x.length !== y.length) throw new RangeError(`spearmanRho: ${x.length} values against ${y.length}`);
  if (x.length < 2) return { value: null, reason: `needs at least two systems ranked by both; got ${x.length}` };
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) ** 2;
    syy += (ry[i] - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return { value: null, reason: 'one ranking puts every system level, so the correlation is undefined' };
  return { value: sxy / Math.sqrt(sxx * syy) };
}
