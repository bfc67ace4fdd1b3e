import type { AgreementReport, BootstrapInterval, KappaEstimate, QuestionAgreement, StatisticLine } from '../../api/contract';
import type { Stat } from '../../core/stats';

const NOT_APPLICABLE = /nominal|pairwise statistic|two levels only/;
const REDUNDANT_FOR_BINARY = new Set(['weightedKappa.linear', 'weightedKappa.quadratic', 'krippendorffAlpha.ordinal', 'krippendorffAlpha.interval', 'gwetAC2']);

/**
 * The statistics table of a single-label question: every coefficient of the report with its
 * standard error, normal and bootstrap 95% intervals and test, in the order a methods section
 * discusses them. Statistics that do not apply to the question (weighted ones on a nominal
 * question, pairwise ones with more than two raters) are left out rather than printed empty;
 * undefined ones stay, with the reason.
 */
export function statisticLines(report: AgreementReport): StatisticLine[] {
  // Two levels: weighted κ is Cohen's κ, AC2 is AC1, and α has one form — print each once.
  const redundant = report.type === 'binary' ? REDUNDANT_FOR_BINARY : new Set<string>();
  const b = report.bootstrap;
  const lines: StatisticLine[] = [
    stat('percentAgreement', 'Percent agreement', report.percentAgreement, b.percentAgreement),
    kappa('cohenKappa', "Cohen's κ", report.cohenKappa, b.cohenKappa),
    kappa('weightedKappa.linear', 'Weighted κ (linear)', report.weightedKappa.linear, b.weightedKappa?.linear),
    kappa('weightedKappa.quadratic', 'Weighted κ (quadratic)', report.weightedKappa.quadratic, b.weightedKappa?.quadratic),
    stat('scottPi', "Scott's π", report.scottPi, b.scottPi),
    {
      ...base('fleissKappa', "Fleiss' κ", report.fleissKappa.value, b.fleissKappa),
      p: report.fleissKappa.p,
      ...(report.fleissKappa.value === null ? { note: report.fleissKappa.reason } : {}),
    },
    stat('krippendorffAlpha.nominal', "Krippendorff's α (nominal)", report.krippendorffAlpha.nominal, b.krippendorffAlpha?.nominal),
    stat('krippendorffAlpha.ordinal', "Krippendorff's α (ordinal)", report.krippendorffAlpha.ordinal, b.krippendorffAlpha?.ordinal),
    stat('krippendorffAlpha.interval', "Krippendorff's α (interval)", report.krippendorffAlpha.interval, b.krippendorffAlpha?.interval),
    {
      ...base('gwetAC1', "Gwet's AC1", report.gwetAC1.value, b.gwetAC1),
      se: report.gwetAC1.se,
      ci95Normal: report.gwetAC1.ci95,
      ...(report.gwetAC1.value === null ? { note: report.gwetAC1.reason } : {}),
    },
    {
      ...base('gwetAC2', `Gwet's AC2 (${report.gwetAC2.weights})`, report.gwetAC2.value, b.gwetAC2),
      se: report.gwetAC2.se,
      ci95Normal: report.gwetAC2.ci95,
      ...(report.gwetAC2.value === null ? { note: report.gwetAC2.reason } : {}),
    },
    stat('pabak', report.raters.length > 2 ? 'Free-marginal κ (PABAK)' : 'PABAK', report.pabak, b.pabak),
    stat('prevalenceIndex', 'Prevalence index', report.prevalenceIndex, undefined),
    stat('biasIndex', 'Bias index', report.biasIndex, undefined),
  ];
  return lines.filter((line) => !redundant.has(line.key) && !(line.value === null && NOT_APPLICABLE.test(line.note ?? '')));
}

/** The statistics table of a multilabel question: identical-set agreement, macro and micro κ. */
export function multilabelLines(percentIdentical: number | null, multilabel: NonNullable<QuestionAgreement['multilabel']>): StatisticLine[] {
  const per = multilabel.statistic === 'cohenKappa' ? "Cohen's κ" : "Fleiss' κ";
  return [
    { key: 'percentAgreement', name: 'Identical tag sets', value: percentIdentical, se: null, ci95Normal: null, ci95Bootstrap: null, p: null },
    {
      key: 'macroKappa',
      name: `Macro κ (mean ${per} over ${multilabel.macro.tagsAveraged} tags)`,
      value: multilabel.macro.value,
      se: null,
      ci95Normal: null,
      ci95Bootstrap: multilabel.macro.ci95Bootstrap,
      p: null,
      ...(multilabel.macro.reason ? { note: multilabel.macro.reason } : {}),
    },
    {
      key: 'microKappa',
      name: `Micro κ (${per}, unit × tag decisions pooled)`,
      value: multilabel.micro.value,
      se: null,
      ci95Normal: null,
      ci95Bootstrap: multilabel.micro.ci95Bootstrap,
      p: null,
      ...(multilabel.micro.reason ? { note: multilabel.micro.reason } : {}),
    },
  ];
}

function base(key: string, name: string, value: number | null, interval: BootstrapInterval | undefined): StatisticLine {
  return { key, name, value, se: null, ci95Normal: null, ci95Bootstrap: interval?.ci95 ?? null, p: null };
}

function stat(key: string, name: string, s: Stat, interval: BootstrapInterval | undefined): StatisticLine {
  return { ...base(key, name, s.value, interval), ...(s.value === null ? { note: s.reason } : {}) };
}

function kappa(key: string, name: string, k: KappaEstimate, interval: BootstrapInterval | undefined): StatisticLine {
  return {
    ...base(key, name, k.value, interval),
    se: k.se,
    ci95Normal: k.ci95,
    p: k.p,
    ...(k.value === null ? { note: k.reason } : {}),
  };
}
