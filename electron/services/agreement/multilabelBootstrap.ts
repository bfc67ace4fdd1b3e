import { type BootstrapInterval, type CategoryCounts, cohenKappa, fleissKappa, type MultilabelTable, percentileBootstrap } from '../../core/stats';

/** Percentile intervals of a multilabel question's macro and micro κ. */
export interface MultilabelIntervals {
  macro: BootstrapInterval;
  micro: BootstrapInterval;
}

/**
 * Seeded percentile bootstrap over units of the macro κ (mean of the per-tag κ defined in the
 * resample) and the micro κ (all unit × tag decisions pooled), computed exactly as
 * `multilabelAgreement` computes the point estimates: Cohen's κ per tag for two raters over the
 * units both answered, Fleiss' κ for more over the units with two or more answers. The
 * resampling is `percentileBootstrap`'s (one multinomial draw of unit frequencies per resample).
 */
export function multilabelBootstrap(table: MultilabelTable, resamples: number, seed: number): MultilabelIntervals {
  const r = table.raters.length;
  if (r < 2) {
    const none = { ci95: null, defined: 0, reason: 'agreement needs at least two raters' };
    return { macro: none, micro: none };
  }
  const evaluate = r === 2 ? twoRaterEvaluator(table) : manyRaterEvaluator(table);
  const [macro, micro] = percentileBootstrap(
    { frequency: new Float64Array(table.units.length).fill(1), resamples, seed },
    ['macro', 'micro'],
    evaluate,
  );
  return { macro, micro };
}

type Evaluator = (frequency: Float64Array, out: Float64Array) => void;

/** Two raters: each compared unit's 2 × 2 cell per tag, fixed; a resample only reweights them. */
function twoRaterEvaluator(table: MultilabelTable): Evaluator {
  const t = table.tags.length;
  const units = table.units.length;
  const cells = new Int8Array(units * t).fill(-1);
  for (let u = 0; u < units; u++) {
    const a = u * 2;
    const b = a + 1;
    if (!table.rated[a] || !table.rated[b]) continue;
    for (let tag = 0; tag < t; tag++) cells[u * t + tag] = table.chosen[a * t + tag] * 2 + table.chosen[b * t + tag];
  }
  const perTag = new Float64Array(t * 4);
  return (frequency, out) => {
    perTag.fill(0);
    for (let u = 0; u < units; u++) {
      const f = frequency[u];
      if (f === 0) continue;
      for (let tag = 0; tag < t; tag++) {
        const cell = cells[u * t + tag];
        if (cell >= 0) perTag[tag * 4 + cell] += f;
      }
    }
    const pooled = new Float64Array(4);
    let sum = 0;
    let defined = 0;
    for (let tag = 0; tag < t; tag++) {
      const counts = perTag.slice(tag * 4, tag * 4 + 4);
      for (let c = 0; c < 4; c++) pooled[c] += counts[c];
      const kappa = cohenKappa({ k: 2, counts }).value;
      if (kappa !== null) {
        sum += kappa;
        defined++;
      }
    }
    out[0] = defined > 0 ? sum / defined : Number.NaN;
    out[1] = cohenKappa({ k: 2, counts: pooled }).value ?? Number.NaN;
  };
}

/** More raters: per unit and tag the (absent, present) counts; a resample reweights the rows. */
function manyRaterEvaluator(table: MultilabelTable): Evaluator {
  const r = table.raters.length;
  const t = table.tags.length;
  const compared: number[] = [];
  const rows: number[][] = Array.from({ length: t }, () => []);
  for (let u = 0; u < table.units.length; u++) {
    let answers = 0;
    for (let j = 0; j < r; j++) answers += table.rated[u * r + j];
    if (answers < 2) continue;
    compared.push(u);
    for (let tag = 0; tag < t; tag++) {
      let present = 0;
      for (let j = 0; j < r; j++) present += table.rated[u * r + j] ? table.chosen[(u * r + j) * t + tag] : 0;
      rows[tag].push(answers - present, present);
    }
  }
  const n = compared.length;
  const tagCounts = rows.map((values) => Float64Array.from(values));
  const pooledCounts = Float64Array.from(rows.flat());
  const weights = new Float64Array(n);
  const pooledWeights = new Float64Array(n * t);
  return (frequency, out) => {
    for (let i = 0; i < n; i++) weights[i] = frequency[compared[i]];
    let sum = 0;
    let defined = 0;
    for (let tag = 0; tag < t; tag++) {
      const counts: CategoryCounts = { q: 2, rows: n, counts: tagCounts[tag], weights };
      const kappa = fleissKappa(counts).value;
      if (kappa !== null) {
        sum += kappa;
        defined++;
      }
      pooledWeights.set(weights, tag * n);
    }
    out[0] = defined > 0 ? sum / defined : Number.NaN;
    out[1] = fleissKappa({ q: 2, rows: n * t, counts: pooledCounts, weights: pooledWeights }).value ?? Number.NaN;
  };
}
