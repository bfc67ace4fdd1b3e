import type { AgreementHeadline, AgreementKind, AgreementReport, HeadlineStatistic, QuestionAgreementRow } from '../../api/contract';
import { HEADLINE_LABEL } from './questionKind';

const NO_NORMAL_FLEISS = "Fleiss' κ has a standard error only under H0 (for its test), so its interval is the bootstrap's";
const NO_NORMAL_ALPHA = "Krippendorff's α has no large-sample standard error in this report, so its interval is the bootstrap's (Hayes & Krippendorff 2007)";

/**
 * The statistic that heads a question's row, read from its statistics report: the statistic of
 * the report's Landis–Koch band (with two raters weighted κ, quadratic, for ordinal and interval
 * questions and Cohen's κ for binary and nominal ones; with three or more Krippendorff's α at the
 * question's level of measurement for ordinal and interval questions and Fleiss' κ for binary
 * and nominal ones), with its
 * normal interval (from the non-null standard error), its bootstrap interval, and the band
 * judged on them and n (the report's `landisKochJudgement`).
 */
export function headlineOf(report: AgreementReport): AgreementHeadline {
  const { statistic, value, judgement } = report.landisKoch;
  const reasons: string[] = [];
  if (report.landisKoch.reason) reasons.push(report.landisKoch.reason);
  let ci95Normal = null;
  let ciNormalNote: string | undefined;
  let bootstrap = report.bootstrap.fleissKappa;
  if (statistic === 'cohenKappa') {
    ci95Normal = report.cohenKappa.ci95;
    ciNormalNote = report.cohenKappa.ciReason;
    bootstrap = report.bootstrap.cohenKappa;
  } else if (statistic === 'weightedKappa.quadratic') {
    ci95Normal = report.weightedKappa.quadratic.ci95;
    ciNormalNote = report.weightedKappa.quadratic.ciReason;
    bootstrap = report.bootstrap.weightedKappa?.quadratic;
  } else if (statistic === 'krippendorffAlpha.ordinal' || statistic === 'krippendorffAlpha.interval') {
    bootstrap = report.bootstrap.krippendorffAlpha?.[statistic === 'krippendorffAlpha.ordinal' ? 'ordinal' : 'interval'];
    if (value !== null) reasons.push(NO_NORMAL_ALPHA);
  } else if (value !== null) {
    reasons.push(NO_NORMAL_FLEISS);
  }
  const ci95Bootstrap = bootstrap?.ci95 ?? null;
  if (value !== null && ci95Bootstrap === null) reasons.push(bootstrap?.reason ?? report.bootstrap.reason ?? 'not bootstrapped');
  return {
    statistic: statistic as HeadlineStatistic,
    label: HEADLINE_LABEL[statistic],
    value,
    ci95Normal,
    ci95Bootstrap,
    ...(value !== null && ciNormalNote ? { ciNormalNote } : {}),
    ...(value !== null && ci95Bootstrap === null && /^not estimable/.test(bootstrap?.reason ?? '') ? { ciBootstrapNote: bootstrap?.reason } : {}),
    n: report.landisKoch.n,
    judgement,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
  };
}

/**
 * The statistic that heads a question of `kind` compared among `raters` raters (the rule of
 * {@link headlineOf}): two raters, Cohen's κ or, for ordered levels, weighted κ; three or more,
 * Fleiss' κ or Krippendorff's α at the level of measurement; a multilabel question, the macro κ.
 */
export function headlineStatisticFor(kind: AgreementKind, raters: number): HeadlineStatistic {
  if (kind === 'multilabel') return 'macroKappa';
  const ordered = kind === 'ordinal' || kind === 'interval';
  if (raters <= 2) return ordered ? 'weightedKappa.quadratic' : 'cohenKappa';
  return kind === 'ordinal' ? 'krippendorffAlpha.ordinal' : kind === 'interval' ? 'krippendorffAlpha.interval' : 'fleissKappa';
}

/**
 * A row of a question fewer than two raters answered, headed by the statistic it will have once
 * the task's raters (`taskRaters` of them) answer it: its report alone, with no rater pair, fell
 * back on the many-rater statistic, so a two-rater task's question nobody had answered was
 * headed "Fleiss' κ". Rows with two or more raters are returned as they are.
 */
export function headlineForTaskRaters(row: QuestionAgreementRow, taskRaters: number): QuestionAgreementRow {
  if (row.raters.length >= 2 || row.headline.value !== null) return row;
  const statistic = headlineStatisticFor(row.kind, Math.max(2, taskRaters));
  if (statistic === row.headline.statistic) return row;
  return { ...row, headline: { ...row.headline, statistic, label: HEADLINE_LABEL[statistic] } };
}
