import type { AgreementReport, BootstrapInterval, KappaEstimate, QuestionAgreement, StatisticLine } from '../../api/contract';
import { type GwetEstimate, ICC_LABEL, type Stat } from '../../core/stats';

const NOT_APPLICABLE = /nominal|pairwise statistic|two levels only/;
const REDUNDANT_FOR_BINARY = new Set(['weightedKappa.linear', 'weightedKappa.quadratic', 'krippendorffAlpha.ordinal', 'krippendorffAlpha.interval', 'gwetAC2']);

/**
 * The statistics table of a single-label question: every coefficient of the report with its
 * standard error, analytic and bootstrap 95% intervals (each with its method, or why it is not
 * estimable) and test, in the order a methods section discusses them. Statistics that do not
 * apply to the question (weighted ones on a nominal question, pairwise ones with more than two
 * raters) are left out rather than printed empty; undefined ones stay, with the reason.
 */
export function statisticLines(report: AgreementReport): StatisticLine[] {
  // Two levels: weighted κ is Cohen's κ, AC2 is AC1, and α has one form — print each once.
  const redundant = report.type === 'binary' ? REDUNDANT_FOR_BINARY : new Set<string>();
  const b = report.bootstrap;
  const threshold = b.alphaThreshold;
  const alpha = (metric: 'nominal' | 'ordinal' | 'interval' | 'ratio', name: string): StatisticLine => {
    const interval = b.krippendorffAlpha?.[metric];
    const line = stat(`krippendorffAlpha.${metric}`, name, report.krippendorffAlpha[metric], interval);
    return interval?.belowThreshold !== undefined && threshold !== undefined ? { ...line, belowThreshold: { threshold, share: interval.belowThreshold } } : line;
  };
  const lines: StatisticLine[] = [
    stat('percentAgreement', 'Percent agreement', report.percentAgreement, b.percentAgreement),
    kappa('cohenKappa', "Cohen's κ", report.cohenKappa, b.cohenKappa),
    kappa('weightedKappa.linear', 'Weighted κ (linear)', report.weightedKappa.linear, b.weightedKappa?.linear),
    kappa('weightedKappa.quadratic', 'Weighted κ (quadratic)', report.weightedKappa.quadratic, b.weightedKappa?.quadratic),
    ...(report.weightedKappa.custom ? [kappa('weightedKappa.custom', 'Weighted κ (custom weights)', report.weightedKappa.custom, undefined)] : []),
    stat('scottPi', "Scott's π", report.scottPi, b.scottPi),
    {
      ...base('fleissKappa', "Fleiss' κ", report.fleissKappa.value, b.fleissKappa),
      p: report.fleissKappa.p,
      ...(report.fleissKappa.se0 !== null ? { seConvention: 'fnl1979-h0' } : {}),
      ...(report.fleissKappa.value === null ? { note: report.fleissKappa.reason } : {}),
    },
    ...(report.raters.length > 2
      ? [
          {
            ...base('congerKappa', "Conger's κ", report.congerKappa.value, b.congerKappa),
            se: report.congerKappa.se,
            ci95Normal: report.congerKappa.ci95,
            seConvention: report.congerKappa.conventions.se,
            intervalMethod: report.congerKappa.conventions.ci95,
            ...(report.congerKappa.ciReason && report.congerKappa.value !== null ? { ciNormalNote: report.congerKappa.ciReason } : {}),
            ...(report.congerKappa.value === null ? { note: report.congerKappa.reason } : {}),
          },
        ]
      : []),
    alpha('nominal', "Krippendorff's α (nominal)"),
    alpha('ordinal', "Krippendorff's α (ordinal)"),
    alpha('interval', "Krippendorff's α (interval)"),
    alpha('ratio', "Krippendorff's α (ratio)"),
    gwet('gwetAC1', "Gwet's AC1", report.gwetAC1, b.gwetAC1),
    gwet('gwetAC2', `Gwet's AC2 (${report.gwetAC2.weights})`, report.gwetAC2, b.gwetAC2),
    stat('pabak', report.raters.length > 2 ? 'Free-marginal κ (PABAK)' : 'PABAK', report.pabak, b.pabak),
    stat('prevalenceIndex', 'Prevalence index', report.prevalenceIndex, undefined),
    stat('biasIndex', 'Bias index', report.biasIndex, undefined),
    ...iccLines(report),
    {
      ...base('kendallW', "Kendall's W", report.kendallW.value, b.kendallW),
      p: report.kendallW.p,
      units: report.kendallW.units,
      ...(report.kendallW.value === null ? { note: report.kendallW.reason } : {}),
    },
  ];
  return lines.filter(
    (line) => !redundant.has(line.key) && !(line.value === null && NOT_APPLICABLE.test(line.note ?? '')) && !(line.key === 'krippendorffAlpha.ratio' && line.value === null),
  );
}

/** The six intraclass correlations of an ordered question, named as psych::ICC names them. */
function iccLines(report: AgreementReport): StatisticLine[] {
  if (report.icc.reason && /nominal/.test(report.icc.reason)) return [];
  return report.icc.estimates.map((e) => ({
    key: `icc.${e.type}`,
    name: `${e.type} (${ICC_LABEL[e.type].split(': ')[1]})`,
    value: e.value,
    se: null,
    ci95Normal: e.ci95,
    ci95Bootstrap: null,
    p: e.p,
    units: report.icc.units,
    intervalMethod: e.conventions.ci95,
    ...(e.value !== null && e.ci95 === null && e.ciReason ? { ciNormalNote: e.ciReason } : {}),
    ...(e.value === null ? { note: e.reason } : report.icc.incompleteUnits > 0 ? { note: `${report.icc.incompleteUnits} units not rated by every rater are left out` } : {}),
  }));
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
  const note = value !== null && interval && interval.ci95 === null && /^not estimable/.test(interval.reason ?? '') ? { ciBootstrapNote: interval.reason } : {};
  return { key, name, value, se: null, ci95Normal: null, ci95Bootstrap: interval?.ci95 ?? null, p: null, ...note };
}

function gwet(key: string, name: string, g: GwetEstimate, interval: BootstrapInterval | undefined): StatisticLine {
  return {
    ...base(key, name, g.value, interval),
    se: g.se,
    ci95Normal: g.ci95,
    seConvention: g.conventions.se,
    intervalMethod: g.conventions.ci95,
    ...(g.value !== null && g.ciReason ? { ciNormalNote: g.ciReason } : {}),
    ...(g.value === null ? { note: g.reason } : {}),
  };
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
    seConvention: k.conventions.se,
    intervalMethod: k.conventions.ci95,
    ...(k.value !== null && k.ciReason ? { ciNormalNote: k.ciReason } : {}),
    ...(k.value === null ? { note: k.reason } : {}),
  };
}
