/**
 * Published data sets that the statistics are tested against. Each constant names its source;
 * the expected values live in the tests next to the statistic they check.
 */

/**
 * Fleiss (1971), "Measuring nominal scale agreement among many raters", Psychological Bulletin
 * 76(5): 30 patients, 6 psychiatrists each, categories 1 depression, 2 personality disorder,
 * 3 schizophrenia, 4 neurosis, 5 other. Fleiss printed only the counts; these per-rater rows
 * are the `diagnoses` data of R's irr package, copied into statsmodels'
 * stats/tests/test_inter_rater.py.
 */
export const FLEISS_1971_DIAGNOSES: readonly (readonly number[])[] = [
  [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5], [2, 2, 2, 4, 4, 4],
  [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4], [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5],
  [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4], [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5],
  [3, 3, 3, 3, 3, 5], [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
  [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4], [1, 4, 4, 4, 4, 5],
  [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4], [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
];

/**
 * Krippendorff's reliability data with missing values: 4 observers × 12 units, values 1–5
 * (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability"; reprinted as the
 * `cac.raw4raters` data of Gwet 2014, Handbook of Inter-Rater Reliability, 4th ed., p. 120, and
 * of his irrCAC package). Rows are units, columns observers; null = missing.
 */
export const KRIPPENDORFF_RELIABILITY_DATA: readonly (readonly (number | null)[])[] = [
  [1, 1, null, 1], [2, 2, 3, 2], [3, 3, 3, 3], [3, 3, 3, 3], [2, 2, 2, 2], [1, 2, 3, 4],
  [4, 4, 4, 4], [1, 1, 2, 1], [2, 2, 2, 2], [null, 5, 5, 5], [null, null, 1, 1], [null, null, 3, null],
];

/**
 * The two-rater 3 × 3 table of the SAS PROC FREQ "Kappa Statistics" example, used as `table10`
 * in statsmodels' stats/tests/test_inter_rater.py (rows = rater 1).
 */
export const SAS_PROC_FREQ_TABLE: readonly (readonly number[])[] = [
  [0, 4, 1],
  [0, 8, 0],
  [0, 1, 5],
];

/**
 * `cont3x3abstractors` of Gwet's irrCAC package (Gwet 2014): 100 pregnancies classified
 * Ectopic / AIU / NIU by two abstractors (rows = abstractor 1).
 */
export const GWET_ABSTRACTORS_TABLE: readonly (readonly number[])[] = [
  [13, 0, 0],
  [0, 20, 7],
  [0, 4, 56],
];

/**
 * Artstein & Poesio (2008), "Inter-coder agreement for computational linguistics",
 * Computational Linguistics 34(4), as encoded in scikit-learn's
 * metrics/tests/test_classification.py::test_cohen_kappa: two label vectors per example.
 */
export const ARTSTEIN_POESIO = {
  /** Table 1: contingency [[20, 20], [10, 50]]. */
  table1: {
    a: [...Array<number>(40).fill(0), ...Array<number>(60).fill(1)],
    b: [...Array<number>(20).fill(0), ...Array<number>(20).fill(1), ...Array<number>(10).fill(0), ...Array<number>(50).fill(1)],
  },
  /** Table 4: three categories. */
  table4: {
    a: [...Array<number>(46).fill(0), ...Array<number>(44).fill(1), ...Array<number>(10).fill(2)],
    b: [...Array<number>(52).fill(0), ...Array<number>(32).fill(1), ...Array<number>(16).fill(2)],
  },
  /** scikit-learn's weighting example on three ordered categories. */
  weighting: {
    a: [...Array<number>(46).fill(0), ...Array<number>(44).fill(1), ...Array<number>(10).fill(2)],
    b: [...Array<number>(50).fill(0), ...Array<number>(40).fill(1), ...Array<number>(10).fill(2)],
  },
} as const;

/**
 * The Fleiss' κ example of Wikipedia's "Fleiss' kappa" article (10 subjects, 14 raters,
 * 5 categories), `table1` in statsmodels' stats/tests/test_inter_rater.py.
 */
export const WIKIPEDIA_FLEISS_COUNTS: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
];

/**
 * Shrout & Fleiss (1979), "Intraclass correlations: uses in assessing rater reliability",
 * Psychological Bulletin 86(2), table 2: 6 targets rated by 4 judges (the `sf` example of R's
 * psych::ICC). Their table 3: ICC(1,1) .17, ICC(2,1) .29, ICC(3,1) .71, ICC(1,4) .44,
 * ICC(2,4) .62, ICC(3,4) .91.
 */
export const SHROUT_FLEISS_1979: readonly (readonly number[])[] = [
  [9, 2, 5, 8], [6, 1, 3, 2], [8, 4, 6, 8], [7, 1, 2, 6], [10, 5, 6, 9], [6, 2, 4, 7],
];

/**
 * "The Kendall's coefficient of concordance W", Example 1 (a statistics course handout): ten
 * projects ranked by four judges A–D; rows are projects, columns judges. Its worked solution:
 * ΣD² = 1048, W = 12 × 1048 / (4² × 10 × (10² − 1)) = 0.794.
 */
export const KENDALL_TEN_PROJECTS: readonly (readonly number[])[] = [
  [1, 2, 3, 4], [3, 1, 2, 2], [4, 4, 1, 3], [5, 5, 5, 1], [2, 6, 7, 6],
  [8, 3, 4, 7], [6, 8, 6, 5], [7, 7, 8, 9], [10, 10, 9, 8], [9, 9, 10, 10],
];
