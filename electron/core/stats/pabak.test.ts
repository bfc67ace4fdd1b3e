import { describe, expect, it } from 'vitest';
import { countsFromRows } from './categoryCounts';
import { tableFromRows } from './contingencyTable';
import { biasIndex, freeMarginalKappa, pabak, prevalenceIndex } from './pabak';
import { GWET_ABSTRACTORS_TABLE } from './testdata/published';

describe('pabak', () => {
  it('is 2p_o − 1 on a 2 × 2 table (Byrt, Bishop & Carlin 1993)', () => {
    // Artstein & Poesio (2008) table 1: p_o = 70/100 → PABAK = 0.4.
    expect(pabak(tableFromRows([[20, 20], [10, 50]])).value).toBeCloseTo(0.4, 14);
  });

  it("is Brennan & Prediger's coefficient on k levels (irrCAC bp2.table on cont3x3abstractors: 0.835)", () => {
    expect(pabak(tableFromRows(GWET_ABSTRACTORS_TABLE)).value).toBeCloseTo(0.835, 12);
  });

  it('is null for one level or no units', () => {
    expect(pabak(tableFromRows([[3]])).value).toBeNull();
    expect(pabak(tableFromRows([[0, 0], [0, 0]]))).toEqual({ value: null, reason: 'no units rated by both raters' });
  });
});

describe('prevalence and bias indices', () => {
  it('follow Byrt, Bishop & Carlin (1993): PI = (a − d)/n, BI = (b − c)/n', () => {
    // a = 20, b = 20, c = 10, d = 50, n = 100 → PI = −0.3, BI = 0.1.
    const table = tableFromRows([[20, 20], [10, 50]]);
    expect(prevalenceIndex(table).value).toBeCloseTo(-0.3, 14);
    expect(biasIndex(table).value).toBeCloseTo(0.1, 14);
  });

  it('are null beyond two levels', () => {
    const table = tableFromRows(GWET_ABSTRACTORS_TABLE);
    expect(prevalenceIndex(table)).toEqual({ value: null, reason: 'the prevalence index is defined for two levels only' });
    expect(biasIndex(table)).toEqual({ value: null, reason: 'the bias index is defined for two levels only' });
  });
});

describe('freeMarginalKappa', () => {
  it("reproduces Randolph's free-marginal κ (statsmodels test_fleis_randolph, from Randolph's online calculator)", () => {
    expect(freeMarginalKappa(countsFromRows([[7, 1], [3, 5]])).value).toBeCloseTo(0.214286, 5);
    expect(freeMarginalKappa(countsFromRows([[6, 1, 0], [0, 7, 0]])).value).toBeCloseTo(0.785714, 5);
    expect(freeMarginalKappa(countsFromRows([[7, 0], [7, 0]])).value).toBe(1);
  });

  it('equals PABAK for two raters with complete data', () => {
    // Table [[20, 20], [10, 50]] as units: 20 (2,0), 20+10 (1,1), 50 (0,2).
    const units = [...Array(20).fill([2, 0]), ...Array(30).fill([1, 1]), ...Array(50).fill([0, 2])];
    expect(freeMarginalKappa(countsFromRows(units)).value).toBeCloseTo(0.4, 14);
  });
});
