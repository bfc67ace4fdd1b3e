/**
 * The named conventions behind each standard error Accord reports. Every estimate carries the
 * id of its convention beside the number (JSON), and reports print the label and cite the
 * references (keys of `REFERENCES` in references.ts).
 */
export type SeConvention =
  | 'fce1969'
  | 'fce1969-h0'
  | 'fnl1979-h0'
  | 'gwet2008-two-raters'
  | 'gwet2014-linearized';

/** How Gwet's AC1/AC2 variance is computed (option `gwetVariance`). */
export type GwetVariance = 'gwet2008' | 'irrcac-raw';

/** Default: the variance as Gwet published it for the design at hand. */
export const DEFAULT_GWET_VARIANCE: GwetVariance = 'gwet2008';

/** Label and references of each standard-error convention. */
export const SE_CONVENTIONS: Record<SeConvention, { label: string; references: string[] }> = {
  fce1969: {
    label: 'large-sample standard error not under the null, for intervals (Fleiss, Cohen & Everitt 1969)',
    references: ['fleiss1969'],
  },
  'fce1969-h0': {
    label: 'standard error under H0: κ = 0, for the z test (Fleiss, Cohen & Everitt 1969)',
    references: ['fleiss1969'],
  },
  'fnl1979-h0': {
    label: "standard error under H0: κ = 0, for the z test (Fleiss, Nee & Landis 1979); needs equal ratings per unit",
    references: ['fleiss1979'],
  },
  'gwet2008-two-raters': {
    label: "Gwet's (2008) closed-form variance for two raters, divisor n (irrCAC gwet.ac1.table)",
    references: ['gwet2008', 'gwet2014'],
  },
  'gwet2014-linearized': {
    label: "Gwet's (2014) linearised variance for any number of raters with missing ratings, divisor n(n − 1) (irrCAC gwet.ac1.raw)",
    references: ['gwet2014'],
  },
};

/** What each `gwetVariance` option means, for methods sections. */
export const GWET_VARIANCE_LABEL: Record<GwetVariance, string> = {
  gwet2008:
    "as Gwet published it for the design: the closed form of Gwet (2008) for two raters who both rated every unit (divisor n, as irrCAC's gwet.ac1.table), otherwise the linearised variance of Gwet (2014) (divisor n(n − 1), as irrCAC's gwet.ac1.raw)",
  'irrcac-raw': "the linearised variance of Gwet (2014) for every design (divisor n(n − 1), as irrCAC's gwet.ac1.raw)",
};
