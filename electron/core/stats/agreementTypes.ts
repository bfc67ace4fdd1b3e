import { type BandJudgement } from './bandJudgement';
import { type BootstrapInterval } from './bootstrap';
import { type GwetVariance } from './conventions';
import { type ConfusionMatrix } from './confusionMatrix';
import { type CongerKappa } from './congerKappa';
import { type CategoryKappa } from './fleissKappa';
import { type GwetEstimate } from './gwetAC';
import { type IccReport } from './icc';
import { type KappaEstimate } from './kappaEstimate';
import { type KendallW } from './kendallW';
import { type AlphaMetric } from './krippendorffAlpha';
import { type LandisKochBand } from './landisKoch';
import { type Level } from './levels';
import { type RaterMatrix } from './raterMatrix';
import { type Interval, type Stat } from './stat';

// The shapes of `agreementReport`'s input options and output (the JSON of `accord agreement`).

/** How a question's levels relate: this decides which weighted statistics apply. */
export type QuestionType = 'binary' | 'nominal' | 'ordinal' | 'interval';

/** Options of `agreementReport`. */
export interface AgreementOptions {
  readonly type: QuestionType;
  /** Bootstrap resamples over units; default 1,000; 0 skips the bootstrap. */
  readonly bootstrap?: number;
  /** Seed of the bootstrap; default 1. */
  readonly seed?: number;
  /** A custom k × k agreement-weight matrix (1 on the diagonal), reported as `weightedKappa.custom`. */
  readonly customWeights?: readonly (readonly number[])[];
  /** Weights of Gwet's AC2; default quadratic. 'custom' needs `customWeights`. */
  readonly ac2Weights?: 'linear' | 'quadratic' | 'custom';
  /** Variance of Gwet's AC1/AC2; default 'gwet2008' (as Gwet published it for the design). */
  readonly gwetVariance?: GwetVariance;
  /** Threshold for P(α < threshold) over the bootstrap (Hayes & Krippendorff 2007); default 0.8. */
  readonly alphaThreshold?: number;
}

/** The conventions a report's numbers follow (each estimate also names its own). */
export interface ReportConventions {
  readonly gwetVariance: GwetVariance;
  readonly weights: string;
  readonly normalInterval: 'wald-fisher-z';
  readonly bootstrapInterval: 'bootstrap-percentile';
  /** Below this many units no interval is given. */
  readonly minIntervalUnits: number;
  /** Below this many units intervals are flagged (max(20, 2k²)). */
  readonly smallSampleUnits: number;
  /** When the kappa-paradox warning fires. */
  readonly paradoxRule: string;
}

/** Weighted κ under each weighting. */
export interface WeightedKappas {
  readonly linear: KappaEstimate;
  readonly quadratic: KappaEstimate;
  readonly custom?: KappaEstimate;
}

/** All pairwise statistics of one pair of raters, over the units both rated. */
export interface PairAgreement {
  readonly raters: [string, string];
  readonly units: number;
  readonly percentAgreement: Stat;
  readonly cohenKappa: KappaEstimate;
  readonly weightedKappa: WeightedKappas;
  readonly scottPi: Stat;
  readonly pabak: Stat;
  readonly prevalenceIndex: Stat;
  readonly biasIndex: Stat;
  readonly landisKoch: LandisKoch;
  readonly confusionMatrix: ConfusionMatrix;
}

/**
 * The Landis–Koch band of the headline statistic and which that is, with the evidence it is
 * judged on: the pair's κ with two raters; with three or more, Krippendorff's α at the
 * question's level of measurement for ordinal and interval questions, Fleiss' κ otherwise.
 */
export interface LandisKoch {
  readonly statistic: 'cohenKappa' | 'weightedKappa.quadratic' | 'fleissKappa' | 'krippendorffAlpha.ordinal' | 'krippendorffAlpha.interval';
  readonly value: number | null;
  /** The band of the point estimate alone: no verdict (read `judgement`, which weighs the interval). */
  readonly band: LandisKochBand | null;
  /** The 95% interval the band is judged by: the bootstrap's where there is one, else the normal one. */
  readonly ci95: Interval | null;
  /** Units the statistic rests on. */
  readonly n: number;
  /** `landisKochJudgement` of value, ci95 and n: one band, a range of bands, or not enough evidence. */
  readonly judgement: BandJudgement | null;
  readonly reason?: string;
  /** Why `ci95` is null beside a defined value ("not estimable: …"). */
  readonly ciReason?: string;
}

/** Fleiss' κ with the level named on each per-category entry, and its conventions (SE under H0; bootstrap interval). */
export interface FleissKappaReport extends CategoryKappa {
  readonly conventions: { readonly se0: 'fnl1979-h0'; readonly ci95: 'bootstrap-percentile' };
  readonly perCategory: (CategoryKappa & { readonly category: string })[];
}

/** The bootstrap block: method, settings and one percentile interval per statistic. */
export interface BootstrapReport {
  readonly method: 'percentile';
  readonly resamples: number;
  readonly seed: number;
  /**
   * Units rated by two or more raters: the n of every resample and of the 10-unit rule. Units
   * rated once are resampled apart, as many as there are (see `percentileBootstrap`).
   */
  readonly units: number;
  readonly percentAgreement?: BootstrapInterval;
  readonly cohenKappa?: BootstrapInterval;
  readonly weightedKappa?: { readonly linear: BootstrapInterval; readonly quadratic: BootstrapInterval };
  readonly scottPi?: BootstrapInterval;
  readonly fleissKappa?: BootstrapInterval;
  readonly krippendorffAlpha?: Record<AlphaMetric, BootstrapInterval>;
  readonly gwetAC1?: BootstrapInterval;
  readonly gwetAC2?: BootstrapInterval;
  readonly pabak?: BootstrapInterval;
  readonly congerKappa?: BootstrapInterval;
  readonly kendallW?: BootstrapInterval;
  /** The α threshold of `krippendorffAlpha[metric].belowThreshold`. */
  readonly alphaThreshold?: number;
  readonly reason?: string;
}

/** A caveat about the figures, with a stable code for the UI. */
export interface AgreementWarning {
  readonly code: 'kappa-paradox' | 'levels-inferred' | 'single-rated-units' | 'bootstrap-partial' | 'too-few-raters' | 'small-sample';
  readonly message: string;
}

/**
 * Everything `accord agreement --json` prints for one question. Pairwise statistics (Cohen's
 * κ, weighted κ, Scott's π, prevalence and bias indices) are for two raters: with two raters
 * the top-level keys hold them; with more they are null (see `pairs`). Multi-rater statistics
 * (percent agreement, Fleiss' κ, Krippendorff's α, Gwet's AC1/AC2, PABAK) are overall.
 */
export interface AgreementReport {
  readonly type: QuestionType;
  /** Units in the input. */
  readonly units: number;
  /** Units with at least two ratings (the ones agreement is measured on). */
  readonly pairableUnits: number;
  readonly raters: string[];
  readonly categories: Level[];
  /** Observed agreement as a proportion: share of agreeing rater pairs per unit (Fleiss' P̄). */
  readonly percentAgreement: Stat;
  readonly cohenKappa: KappaEstimate;
  readonly weightedKappa: WeightedKappas;
  readonly scottPi: Stat;
  readonly fleissKappa: FleissKappaReport;
  /** Conger's κ (Cohen's κ generalised to any number of raters, each with own marginals). */
  readonly congerKappa: CongerKappa;
  readonly krippendorffAlpha: Record<AlphaMetric, Stat>;
  /** Intraclass correlations on the levels' numeric values (ordered questions; units rated by every rater). */
  readonly icc: IccReport;
  /** Kendall's W over the units rated by every rater (ordered questions). */
  readonly kendallW: KendallW;
  readonly gwetAC1: GwetEstimate;
  readonly gwetAC2: GwetEstimate & { readonly weights: 'linear' | 'quadratic' | 'custom' };
  /** PABAK; with more than two raters, Randolph's free-marginal κ (its multi-rater form). */
  readonly pabak: Stat;
  readonly prevalenceIndex: Stat;
  readonly biasIndex: Stat;
  readonly bootstrap: BootstrapReport;
  readonly landisKoch: LandisKoch;
  readonly warnings: AgreementWarning[];
  /** Every pair of raters, each over the units both rated. */
  readonly pairs: PairAgreement[];
  /** The annotator × annotator matrix (κ weighted quadratically for ordinal and interval questions). */
  readonly raterMatrix: RaterMatrix;
  readonly conventions: ReportConventions;
}
