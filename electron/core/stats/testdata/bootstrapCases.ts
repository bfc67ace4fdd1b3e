import { type AgreementOptions } from '../agreementTypes';
import { parseRatingsCsv } from '../ratingsCsv';
import { mulberry32 } from '../prng';
import { buildRatingTable, type RatingTable } from '../ratingTable';
import { tableFromScores } from './helpers';

/** A question to bootstrap: its ratings and the report's options. */
export interface BootstrapCase {
  readonly name: string;
  readonly table: () => RatingTable;
  readonly options: AgreementOptions;
}


/**
 * Score rows (1…k, null = missing) of `units` units by `raters` raters: each unit has a true
 * level; a rater gives it with probability `accuracy`, else a neighbouring level; a rating is
 * missing with probability `missing`.
 */
function scores(seed: number, units: number, raters: number, k: number, accuracy: number, missing: number): (number | null)[][] {
  const random = mulberry32(seed);
  return Array.from({ length: units }, () => {
    const truth = 1 + Math.floor(random() * k);
    return Array.from({ length: raters }, () => {
      if (random() < missing) return null;
      if (random() < accuracy) return truth;
      const step = random() < 0.5 ? -1 : 1;
      return Math.min(k, Math.max(1, truth + step));
    });
  });
}

/** The CSV `npm run bench -- cli` times (build/bench/cliStartup.ts): 20 units × 3 raters, 3 levels. */
function benchCsv(): string {
  const levels = ['low', 'mid', 'high'];
  const lines = ['unit,rater,value'];
  for (let u = 0; u < 20; u++) {
    for (const [r, rater] of ['ana', 'ben', 'cy'].entries()) lines.push(`u${u},${rater},${levels[(u + (u % 4 === r ? 1 : 0)) % 3]}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Shapes the report's bootstrap must keep giving the same intervals for: nominal and ordered
 * questions, two raters and many, missing ratings and units rated once, few patterns with many
 * units (the binomial draws' modal search) and many patterns, custom AC2 weights, and a tiny
 * sample where resamples are undefined or the interval has no spread.
 */
export const BOOTSTRAP_CASES: readonly BootstrapCase[] = [
  { name: 'nominal, 3 raters, 20 units (the CLI bench)', table: () => buildRatingTable(parseRatingsCsv(benchCsv())), options: { type: 'nominal' } },
  { name: 'ordinal, 2 raters, 60 units, 10% missing', table: () => tableFromScores(scores(11, 60, 2, 5, 0.7, 0.1), 5), options: { type: 'ordinal' } },
  { name: 'binary, 2 raters, 400 units, complete', table: () => tableFromScores(scores(12, 400, 2, 2, 0.85, 0), 2), options: { type: 'binary' } },
  { name: 'interval, 12 raters, 45 units, 25% missing', table: () => tableFromScores(scores(13, 45, 12, 4, 0.6, 0.25), 4), options: { type: 'interval', alphaThreshold: 0.667 } },
  { name: 'nominal, 4 raters, 30 units, 40% missing', table: () => tableFromScores(scores(14, 30, 4, 3, 0.75, 0.4), 3), options: { type: 'nominal' } },
  {
    name: 'ordinal, 3 raters, 150 units, linear AC2',
    table: () => tableFromScores(scores(15, 150, 3, 4, 0.8, 0.05), 4),
    options: { type: 'ordinal', ac2Weights: 'linear', gwetVariance: 'irrcac-raw' },
  },
  {
    name: 'ordinal, 2 raters, 80 units, custom AC2 weights',
    table: () => tableFromScores(scores(16, 80, 2, 3, 0.75, 0), 3),
    options: { type: 'ordinal', customWeights: [[1, 0.5, 0], [0.5, 1, 0.5], [0, 0.5, 1]], ac2Weights: 'custom' },
  },
  { name: 'ordinal, 5 raters, 11 units, 10% missing', table: () => tableFromScores(scores(17, 11, 5, 3, 0.85, 0.1), 3), options: { type: 'ordinal' } },
  {
    name: 'binary, 2 raters, 12 units, mostly one category (some resamples undefined)',
    table: () => tableFromScores([...Array.from({ length: 9 }, () => [1, 1]), [1, 2], [2, 1], [2, 2]], 2),
    options: { type: 'binary' },
  },
  {
    name: 'nominal, 2 raters, 14 units, perfect agreement (no spread)',
    table: () => tableFromScores(Array.from({ length: 14 }, (_, i) => [1 + (i % 3), 1 + (i % 3)]), 3),
    options: { type: 'nominal' },
  },
];

/** Seeds and resample counts each case is pinned at. */
export const BOOTSTRAP_RUNS: readonly { readonly seed: number; readonly resamples: number }[] = [
  { seed: 1, resamples: 1000 },
  { seed: 7, resamples: 1000 },
  { seed: 2026, resamples: 333 },
];
