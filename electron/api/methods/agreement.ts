import { z } from 'zod';
import type { QuestionScope, QuestionType as SchemaQuestionType, Tier } from '../../core/schemas/model';
import type { AgreementReport, AgreementWarning, BandJudgement, Interval, ManyRaterSummary, PairAgreement, QuestionType as StatsQuestionType, RaterMatrix } from '../../core/stats';
import { method } from '../define';
import { taskRef } from './annotation';
import { itemFilter, type ItemFilter } from './items';

export type {
  AgreementReport,
  AgreementWarning,
  BandJudgement,
  BootstrapInterval,
  BootstrapReport,
  ConfusionMatrix,
  KappaEstimate,
  LandisKoch,
  LandisKochBand,
  PairAgreement,
  RaterMatrix,
  RaterPairCell,
  Stat,
  Interval,
} from '../../core/stats';

/** How a question's answers are compared: the statistics type of `core/stats`, or per tag for a multilabel question. */
export type AgreementKind = StatsQuestionType | 'multilabel';

/**
 * Which statistic heads a question's row: with two raters weighted κ (quadratic) for ordered
 * scales and Cohen's κ otherwise; with three or more Krippendorff's α at the question's level of
 * measurement for ordinal and interval questions and Fleiss' κ for binary and nominal ones; the
 * mean κ over tags for multilabel questions.
 */
export type HeadlineStatistic = 'cohenKappa' | 'weightedKappa.quadratic' | 'fleissKappa' | 'krippendorffAlpha.ordinal' | 'krippendorffAlpha.interval' | 'macroKappa';

/** The statistic (a κ or α) a row leads with, its two 95% intervals and its Landis–Koch band judged on them. */
export interface AgreementHeadline {
  statistic: HeadlineStatistic;
  /** How a paper names it: "Cohen's κ", "weighted κ (quadratic)", "Fleiss' κ", "Krippendorff's α (ordinal)", "macro κ (mean over tags)". */
  label: string;
  value: number | null;
  /** value ± 1.96 × the non-null standard error; null where the statistic has none (Fleiss' κ, Krippendorff's α, macro κ). */
  ci95Normal: Interval | null;
  /** 2.5th–97.5th percentile over the bootstrap resamples; null when not bootstrapped or undefined. */
  ci95Bootstrap: Interval | null;
  /** Why an interval is missing beside a defined value ("not estimable: …"). */
  ciNormalNote?: string;
  ciBootstrapNote?: string;
  /** Units the statistic rests on (pairable units). */
  n: number;
  /**
   * The Landis–Koch band judged on the bootstrap interval (else the normal one) and n
   * (core/stats' `landisKochJudgement`): one band, the range the interval spans, or not
   * enough evidence; null when κ is undefined. Written by electron/common/bandText.
   */
  judgement: BandJudgement | null;
  /** Why the value or an interval is missing. */
  reason?: string;
}

/** One row of a task's agreement summary: one question. */
export interface QuestionAgreementRow {
  question: string;
  title: string;
  questionType: SchemaQuestionType;
  kind: AgreementKind;
  scope: QuestionScope;
  /** Units with at least one rating. */
  units: number;
  /** Units with two or more ratings: those agreement is measured on. */
  pairableUnits: number;
  raters: string[];
  /** Share of agreeing rater pairs per unit (identical tag sets for a multilabel question). */
  percentAgreement: number | null;
  headline: AgreementHeadline;
  /** Krippendorff's α at the question's level of measurement (nominal, ordinal or interval); null for multilabel. */
  alpha: { metric: 'nominal' | 'ordinal' | 'interval'; value: number | null } | null;
  /** Gwet's AC1 and PABAK, the prevalence-robust figures to read beside κ (micro-pooled over tags for multilabel: null). */
  gwetAC1: number | null;
  pabak: number | null;
  /** Byrt, Bishop & Carlin's (1993) prevalence and bias indices (two raters, two levels), read beside κ; null otherwise. */
  prevalenceIndex?: number | null;
  biasIndex?: number | null;
  /** Units where the raters do not all give the same answer. */
  disagreements: number;
  /**
   * Where labels of this question were revised after discussion: the figures on the other
   * labels (the revised ones when the row is on the originals, and the other way round), so
   * both are read side by side. Absent when nothing was revised.
   */
  beside?: { labels: 'original' | 'revised'; revisedLabels: number; percentAgreement: number | null; value: number | null; judgement: BandJudgement | null };
  /** Caveats; for a multilabel question, each tag's caveats prefixed with the tag. */
  warnings: AgreementWarning[];
}

/** What was compared: the task's items that match the filter, and whose labels. */
export interface AgreementSelectionInfo {
  filter: ItemFilter;
  /** The filter in words ("dataset plans, domain = telecom"), or "all items". */
  description: string;
  includeJudges: boolean;
  /** The raters asked for, or null for every human rater (plus judges when included). */
  raters: string[] | null;
  /** With judges included: the judge runs asked for (`judge:…`), or null for all of them. */
  judges?: string[] | null;
  /**
   * With judges included: every judge run that labelled the questions analysed on the selected
   * items (`judge:…`), compared or not: what the dashboard offers to choose from. Empty otherwise.
   */
  judgeRaters?: string[];
  /** Task items in the selection, of all task items. */
  items: number;
  taskItems: number;
  /**
   * Which labels were compared where an annotator revised a label after the lead opened the
   * task for discussion (issue 13): `original` (the default), as given before seeing the
   * others, or `revised`, as they stand now.
   */
  labels: 'original' | 'revised';
  /** Labels in the selection changed after discussion (their originals kept beside them). */
  revisedLabels: number;
  /**
   * Labels in the selection made on an earlier version of their item (a re-import changed the
   * item since and their rater has not saved them again): counted as given, not left out; the
   * methods statements say so.
   */
  earlierVersionLabels: number;
}

/** The task an agreement result is about. */
export interface AgreementTaskRef {
  id: number;
  name: string;
  schemaId: string;
  schemaTitle: string;
  schemaVersion: number;
}

/** How the figures were computed: what every export states. */
export interface AgreementMethods {
  bootstrap: { resamples: number; seed: number; method: 'percentile' };
  /** Sentences, one per convention (κ used, weights, N/A, intervals, multilabel, units). */
  statements: string[];
  computedAt: string;
  accordVersion: string;
}

/** A task's agreement, one row per question (text questions are listed as skipped). */
export interface TaskAgreement {
  task: AgreementTaskRef;
  selection: AgreementSelectionInfo;
  methods: AgreementMethods;
  /** Every rater with at least one rating in the selection. */
  raters: string[];
  questions: QuestionAgreementRow[];
  skipped: { question: string; title: string; reason: string }[];
}

/** A category of a question as the drill-downs show it. */
export interface AgreementCategory {
  /** The stored value, as in exports and labels files. */
  name: string;
  /** What the screen shows. */
  label: string;
  /** Numeric value used by weighted statistics. */
  value: number;
}

/** A unit where the raters disagree, with what each said, for click-through to the item. */
export interface DisagreeingUnit {
  itemId: number;
  externalId: string;
  dataset: string;
  /** `''` for the whole item, else `step:2`, `node:N1`, `turn:3`. */
  unitKey: string;
  /** The unit as the statistics name it: `<externalId>|<unitKey>`. */
  unit: string;
  /**
   * Every rater of the question in the selection, null when they gave no answer (or N/A);
   * `judge` marks an LLM judge's answer (raters with judges included), counted apart from the
   * humans' where a crowd's answers are counted.
   */
  ratings: { rater: string; value: string | null; judge?: true }[];
  /** Largest distance between two answers in level steps (ordered questions), or tags differing (multilabel); null for nominal. */
  spread: number | null;
}

/** κ of one category against the rest (single-label), or of one tag (multilabel). */
export interface CategoryAgreement {
  category: string;
  label: string;
  value: number | null;
  /** Normal 95% interval where a standard error exists (the tags of a two-rater multilabel question). */
  ci95: Interval | null;
  /** The Landis–Koch band judged on `ci95` and the units (`landisKochJudgement`); not enough evidence without an interval. */
  judgement: BandJudgement | null;
  /** Share of all ratings in this category (single-label) or with this tag (multilabel). */
  prevalence: number | null;
  reason?: string;
}

/** One line of a question's statistics table, as the dashboard and every report print it. */
export interface StatisticLine {
  /** Stable key (`cohenKappa`, `weightedKappa.linear`, `krippendorffAlpha.ordinal`, `macroKappa`, …). */
  key: string;
  /** The name a paper uses ("Cohen's κ", "Krippendorff's α (ordinal)"). */
  name: string;
  value: number | null;
  /** Non-null (large-sample) standard error, where the statistic has one. */
  se: number | null;
  ci95Normal: Interval | null;
  ci95Bootstrap: Interval | null;
  /** Two-sided p of the test of 0 (from the standard error under H0), where there is one. */
  p: number | null;
  /** Why the value is undefined, or what to know about it. */
  note?: string;
  /** How `se` was computed (a convention id of core/stats' SE_CONVENTIONS), where there is one. */
  seConvention?: string;
  /** How `ci95Normal` was computed: 'wald-fisher-z' or 'f-distribution' (ICC). */
  intervalMethod?: string;
  /** Why `ci95Normal` is null beside a defined value ("not estimable: …"). */
  ciNormalNote?: string;
  /** Why `ci95Bootstrap` is null beside a defined value ("not estimable: …"). */
  ciBootstrapNote?: string;
  /** Krippendorff's α: the share of bootstrap resamples below the threshold (Hayes & Krippendorff 2007). */
  belowThreshold?: { threshold: number; share: number };
  /** Units this statistic rests on where they differ from the question's (ICC, Kendall's W: units every rater rated). */
  units?: number;
}

/**
 * A question's (or tag's) statistics report as an answer carries it: a crowd's leaves out its
 * rater pairs (see `pairsOnRequest`) and its rater matrix, which is the question's `raterMatrix`
 * (1.3 MB for 120 raters, once per tag of a multilabel question).
 */
export type QuestionReport = Omit<AgreementReport, 'raterMatrix'> & { raterMatrix?: AgreementReport['raterMatrix'] };

/** One tag of a multilabel question as its own present/absent question. */
export interface TagAgreementDetail {
  tag: string;
  label: string;
  headline: AgreementHeadline;
  report: QuestionReport;
}

/** Who agrees with whom: `core/stats`' matrix, or macro κ over tags for a multilabel question. */
export type AgreementRaterMatrix = Omit<RaterMatrix, 'statistic'> & { statistic: RaterMatrix['statistic'] | 'macroKappa' };

/** How often each rater used each category (the marginals behind κ). */
export interface RaterDistribution {
  rater: string;
  /** Per category, in `categories` order (per tag, times chosen, for multilabel). */
  counts: number[];
  /** Units the rater answered. */
  answered: number;
  /** Units the rater marked N/A. */
  notApplicable: number;
}

/** Share of a rater's answers in each tier (plan quality's A+ / A / B). */
export interface RaterTierShares {
  rater: string;
  answered: number;
  shares: { tier: string; count: number; share: number | null }[];
}

/** Everything the drill-downs of one question show. */
export interface QuestionAgreement {
  task: AgreementTaskRef;
  selection: AgreementSelectionInfo;
  methods: AgreementMethods;
  row: QuestionAgreementRow;
  description: string;
  categories: AgreementCategory[];
  /** Every statistic that applies, in the order tables print them. */
  statistics: StatisticLine[];
  /**
   * The full statistics report (single-label questions; null for multilabel). Its `pairs` are
   * empty when `pairsOnRequest` is set.
   */
  report: QuestionReport | null;
  /** Multilabel questions: one report per tag, and the macro and micro averages (each tag's `pairs` as `report`'s). */
  tags: TagAgreementDetail[] | null;
  /**
   * Set past CROWD_RATERS raters: every rater pair's report (n(n−1)/2 of them, each with its
   * confusion matrix: 10 MB for 120 raters, per tag for a multilabel question) and the reports'
   * copies of the rater matrix are left out of this answer, and `agreement.pair` gives the one
   * pair a screen shows. `agreement.export` (JSON) carries every pair.
   */
  pairsOnRequest?: true;
  multilabel: {
    statistic: 'cohenKappa' | 'fleissKappa';
    macro: { value: number | null; tagsAveraged: number; ci95Bootstrap: Interval | null; reason?: string };
    micro: { value: number | null; ci95Bootstrap: Interval | null; reason?: string };
  } | null;
  /** Per-category κ (Fleiss' "c versus the rest") or per-tag κ. */
  perCategory: CategoryAgreement[];
  /** The annotator × annotator matrix (multilabel: macro κ per pair). */
  raterMatrix: AgreementRaterMatrix;
  /**
   * With more than 10 raters (single-label questions): the pairs summarised — pairwise κ
   * quartiles, each rater's κ with the others' majority, the raters who stand out — shown instead
   * of the matrix until asked for. Absent otherwise.
   */
  manyRaters?: ManyRaterSummary;
  distribution: RaterDistribution[];
  /** Ordinal questions with tiers (plan quality A+ / A / B): each rater's share per tier. */
  tiers: { tiers: Tier[]; raters: RaterTierShares[] } | null;
  /** Disagreeing units, largest spread first, at most `maxDisagreements`. */
  disagreements: DisagreeingUnit[];
  disagreementsTotal: number;
}

/** One rater pair of a question (`agreement.pair`), as the question's analysis lists and computes it. */
export interface RaterPairAgreement {
  /** The pair's figures and confusion matrix, the raters in the analysis' order (which may be the other way round from the request). */
  pair: PairAgreement;
  /** The tag it is for (multilabel questions), else null. */
  tag: string | null;
}

/** The formats of `agreement.export`. */
export const REPORT_FORMATS = ['html', 'md', 'csv', 'json', 'latex'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** An exported agreement report, ready to save. */
export interface AgreementExport {
  fileName: string;
  format: ReportFormat;
  mimeType: string;
  content: string;
  /** Files that go beside it (LaTeX: the .bib of the references cited). */
  extraFiles?: { fileName: string; mimeType: string; content: string }[];
}

/** What to compare and how: shared by every agreement method. */
const selectionArgs = {
  task: taskRef,
  /** Recompute on the task items matching this filter (dataset, kind, search, metadata fields such as model or domain). */
  filter: itemFilter.default({}),
  /** Compare judge runs' labels with the humans' too. */
  includeJudges: z.boolean().default(false),
  /** Labels revised after discussion: compare the originals (default) or the revised labels; the other figure is given beside. */
  labels: z.enum(['original', 'revised']).default('original'),
  /** Only these raters (names; judges as `judge:…`). */
  raters: z.array(z.string().min(1)).min(2).optional(),
  /**
   * With `includeJudges`: only these judge runs (their rater names, `judge:…`, as the selection's
   * `judgeRaters` lists them) beside every human rater; every judge run when absent.
   */
  judges: z.array(z.string().min(1)).min(1).optional(),
  /** Bootstrap resamples over units (0 = none). */
  bootstrap: z.number().int().min(0).max(100_000).default(1000),
  seed: z.number().int().min(0).max(2 ** 31 - 1).default(1),
  /** Variance of Gwet's AC1/AC2: as Gwet published it for the design (default), or the linearised form everywhere (irrCAC's gwet.ac1.raw). */
  gwetVariance: z.enum(['gwet2008', 'irrcac-raw']).default('gwet2008'),
  /** Threshold of P(α < threshold) over the bootstrap (Hayes & Krippendorff 2007). */
  alphaThreshold: z.number().min(-1).max(1).default(0.8),
  /** Progress events go out under this id; `jobs.cancel` stops the work. */
  jobId: z.string().min(1).optional(),
};

/**
 * Agreement of a task's raters (issue 5): the summary, one question's drill-downs, and the report export.
 * All three reveal labels (with a narrow filter even the summary's κ tells how another rater answered),
 * so all three are for adjudicators and leads.
 */
export const agreementMethods = {
  /** One row per question of the task: units, % agreement, headline κ with normal and bootstrap intervals, band, warnings. */
  'agreement.summary': method<TaskAgreement>()(z.object(selectionArgs), { access: 'adjudicator', reason: "agreement shows every rater's labels", long: true }),
  /** One question in full: the statistics report, confusion matrices, annotator matrix, per-category κ, disagreeing units, tiers. */
  'agreement.question': method<QuestionAgreement>()(
    z.object({ ...selectionArgs, question: z.string().min(1), maxDisagreements: z.number().int().min(0).max(100_000).default(500) }),
    { access: 'adjudicator', reason: "agreement shows every rater's labels", long: true },
  ),
  /**
   * One rater pair of a question (and tag, for a multilabel question): the figures and confusion
   * matrix `agreement.question` leaves out for a crowd (`pairsOnRequest`). No bootstrap: a
   * pair's intervals are the normal ones.
   */
  'agreement.pair': method<RaterPairAgreement>()(
    // The selection without a bootstrap (a pair has none) or a subset of raters (the pair is it).
    z.object(selectionArgs).omit({ bootstrap: true, seed: true, jobId: true, raters: true }).extend({
      question: z.string().min(1),
      pair: z.tuple([z.string().min(1), z.string().min(1)]).refine(([a, b]) => a !== b, 'a pair needs two different raters'),
      tag: z.string().min(1).optional(),
    }),
    { access: 'adjudicator', reason: "agreement shows every rater's labels" },
  ),
  /** The report as a self-contained HTML page, a Markdown table, CSV or JSON; each states its methods. */
  'agreement.export': method<AgreementExport>()(
    z.object({ ...selectionArgs, format: z.enum(REPORT_FORMATS), questions: z.array(z.string().min(1)).optional() }),
    { access: 'adjudicator', reason: "agreement shows every rater's labels", long: true },
  ),
};
