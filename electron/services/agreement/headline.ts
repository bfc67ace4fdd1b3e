import type { AgreementHeadline, AgreementReport, HeadlineStatistic } from '../../api/contract';
import { HEADLINE_LABEL } from './questionKind';

const NO_NORMAL_FLEISS = "Fleiss' κ has a standard error only under H0 (for its test), so its interval is the bootstrap's";

/**
 * The κ that heads a question's row, read from its statistics report: the statistic of the
 * report's Landis–Koch band (weighted κ, quadratic, for ordinal and interval questions with
 * two raters; Cohen's κ for binary and nominal ones; Fleiss' κ with more raters), with its
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
