import { type BootstrapInterval, cohenKappa, fleissKappa, type MultilabelTable, percentileBootstrap } from '../../core/stats';

/** Percentile intervals of a multilabel question's macro and micro κ. */
export interface MultilabelIntervals {
  macro: BootstrapInterval;
  micro: BootstrapInterval;
}

/**
 * Seeded percentile bootstrap over units of the macro κ (mean of the per-tag κ defined in the
 * resample) and the micro κ (all unit × tag decisions pooled), computed exactly as
 * `multilabelAgreement` computes the point estimates: Cohen's κ per tag for two raters over the
 * units both answered, Fleiss' κ for more over the units with two or more answers.
 *
 * Units with the same answers on every tag are grouped first (as `core/stats` groups rating
 * patterns), so a resample costs one multinomial draw over the distinct answer patterns rather
 * than over the units — the same distribution, at a cost that does not grow with the task.
 */
export function multilabelBootstrap(table: MultilabelTable, resamples: number, seed: number): MultilabelIntervals {
  const r = table.raters.length;
  if (r < 2) {
    const none = { ci95: null, defined: 0, reason: 'agreement needs at least two raters' };
    return { macro: none, micro: none };
  }
  const patterns = r === 2 ? twoRaterPatterns(table) : manyRaterPatterns(table);
  const t = table.tags.length;
  const width = r === 2 ? 1 : 2;
  const P = patterns.frequency.length;
  const [macro, micro] = percentileBootstrap({ frequency: patterns.frequency, resamples, seed }, ['macro', 'micro'], (frequency, out) => {
    let sum = 0;
    let defined = 0;
    const pooled = new Float64Array(4);
    for (let tag = 0; tag < t; tag++) {
      const kappa = r === 2 ? cohenOfTag(patterns.cells, frequency, P, t, tag, pooled) : fleissOfTag(patterns.cells, frequency, P, t, tag, width);
      if (kappa !== null) {
        sum += kappa;
        defined++;
      }
    }
    out[0] = defined > 0 ? sum / defined : Number.NaN;
    out[1] = (r === 2 ? cohenKappa({ k: 2, counts: pooled }).value : fleissPooled(patterns.cells, frequency, P, t)) ?? Number.NaN;
  });
  return { macro, micro };
}

/** Distinct answer patterns and how many units share each; `cells[p * t * width + …]`. */
interface Patterns {
  frequency: Float64Array;
  cells: Float64Array;
}

function group(units: number, cellsOf: (u: number) => number[] | null): Patterns {
  const index = new Map<string, number>();
  const frequency: number[] = [];
  const cells: number[] = [];
  for (let u = 0; u < units; u++) {
    const row = cellsOf(u);
    if (row === null) continue;
    const key = row.join(',');
    const known = index.get(key);
    if (known !== undefined) {
      frequency[known]++;
      continue;
    }
    index.set(key, frequency.length);
    frequency.push(1);
    cells.push(...row);
  }
  return { frequency: Float64Array.from(frequency), cells: Float64Array.from(cells) };
}

/** Two raters: per unit both answered, each tag's 2 × 2 cell (0 … 3). */
function twoRaterPatterns(table: MultilabelTable): Patterns {
  const t = table.tags.length;
  return group(table.units.length, (u) => {
    const a = u * 2;
    const b = a + 1;
    if (!table.rated[a] || !table.rated[b]) return null;
    return table.tags.map((_, tag) => table.chosen[a * t + tag] * 2 + table.chosen[b * t + tag]);
  });
}

/** More raters: per unit with two or more answers, each tag's (absent, present) counts. */
function manyRaterPatterns(table: MultilabelTable): Patterns {
  const r = table.raters.length;
  const t = table.tags.length;
  return group(table.units.length, (u) => {
    let answers = 0;
    for (let j = 0; j < r; j++) answers += table.rated[u * r + j];
    if (answers < 2) return null;
    return table.tags.flatMap((_, tag) => {
      let present = 0;
      for (let j = 0; j < r; j++) present += table.rated[u * r + j] ? table.chosen[(u * r + j) * t + tag] : 0;
      return [answers - present, present];
    });
  });
}

function cohenOfTag(cells: Float64Array, frequency: Float64Array, P: number, t: number, tag: number, pooled: Float64Array): number | null {
  const counts = new Float64Array(4);
  for (let p = 0; p < P; p++) counts[cells[p * t + tag]] += frequency[p];
  for (let c = 0; c < 4; c++) pooled[c] += counts[c];
  return cohenKappa({ k: 2, counts }).value;
}

function fleissOfTag(cells: Float64Array, frequency: Float64Array, P: number, t: number, tag: number, width: number): number | null {
  const counts = new Float64Array(P * 2);
  for (let p = 0; p < P; p++) {
    counts[p * 2] = cells[(p * t + tag) * width];
    counts[p * 2 + 1] = cells[(p * t + tag) * width + 1];
  }
  return fleissKappa({ q: 2, rows: P, counts, weights: frequency }).value;
}

function fleissPooled(cells: Float64Array, frequency: Float64Array, P: number, t: number): number | null {
  const weights = new Float64Array(P * t);
  for (let p = 0; p < P; p++) for (let tag = 0; tag < t; tag++) weights[p * t + tag] = frequency[p];
  return fleissKappa({ q: 2, rows: P * t, counts: cells, weights }).value;
}
