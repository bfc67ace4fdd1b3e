import type { AgreementHeadline, QuestionAgreementRow } from '../../../api/contract';
import { bandEnds, singleBand } from '../../../common/bandText';
import { csvCell } from '../../../common/csvCell';
import type { ReportDocument } from './reportDocument';

const COLUMNS = [
  'task', 'question', 'tag', 'title', 'measured_as', 'units', 'pairable_units', 'raters', 'percent_agreement',
  'statistic', 'value', 'ci95_normal_low', 'ci95_normal_high', 'ci95_bootstrap_low', 'ci95_bootstrap_high', 'ci95_note', 'band', 'band_low', 'band_high',
  'alpha_metric', 'alpha', 'gwet_ac1', 'pabak', 'prevalence_index', 'bias_index', 'disagreements', 'warnings',
  'weights', 'na_handling', 'interval_methods', 'bootstrap_resamples', 'bootstrap_seed', 'selection', 'computed_at', 'accord_version',
  // Issue 13: which labels were compared where some were revised after discussion, and the figures on the others.
  'labels', 'revised_labels', 'beside_labels', 'beside_percent_agreement', 'beside_value',
] as const;

type Row = Record<(typeof COLUMNS)[number], string | number | null>;

/** The one CSV cell writer: RFC 4180 quoting where needed, formula cells guarded, numbers (negative ones too) kept numbers. */
const field = csvCell;

/**
 * The agreement report as CSV: one row per question (and one per tag of a multilabel
 * question), numbers at full precision, and on every row the method columns — weights, N/A
 * handling, interval methods, resamples, seed, selection, date, Accord version — so a row
 * copied into a spreadsheet still says how it was computed.
 */
export function csvReport(doc: ReportDocument): string {
  const common = {
    task: doc.task.name,
    na_handling: 'N/A and missing = not rated (left out)',
    interval_methods: `normal: Wald on Fisher's z with the non-null SE (Fleiss, Cohen & Everitt 1969), within [−1, 1]; percentile bootstrap over the units rated by two or more raters (units rated once resampled apart); "not estimable" (ci95_note) below 10 such units, with SE 0 or when 95% of resamples agree`,
    bootstrap_resamples: doc.methods.bootstrap.resamples,
    bootstrap_seed: doc.methods.bootstrap.seed,
    selection: doc.selection.description,
    computed_at: doc.methods.computedAt,
    accord_version: doc.methods.accordVersion,
    labels: doc.selection.labels,
    revised_labels: doc.selection.revisedLabels,
  };
  const rows: Row[] = [];
  for (const q of doc.questions) {
    const { row } = q;
    rows.push({
      ...common,
      ...questionFields(row, row.headline),
      tag: null,
      measured_as: row.kind,
      alpha_metric: row.alpha?.metric ?? null,
      alpha: row.alpha?.value ?? null,
      gwet_ac1: row.gwetAC1,
      pabak: row.pabak,
      prevalence_index: row.prevalenceIndex ?? null,
      bias_index: row.biasIndex ?? null,
      weights: weightsOf(row),
      disagreements: row.disagreements,
      warnings: row.warnings.map((w) => w.message).join(' | ') || null,
    });
    for (const t of q.tags ?? []) {
      rows.push({
        ...common,
        ...questionFields(row, t.headline),
        tag: t.tag,
        measured_as: 'binary (tag present / absent)',
        units: t.report.units,
        pairable_units: t.report.pairableUnits,
        percent_agreement: t.report.percentAgreement.value,
        alpha_metric: 'nominal',
        alpha: t.report.krippendorffAlpha.nominal.value,
        gwet_ac1: t.report.gwetAC1.value,
        pabak: t.report.pabak.value,
        prevalence_index: t.report.prevalenceIndex.value,
        bias_index: t.report.biasIndex.value,
        weights: 'none',
        disagreements: null,
        warnings: t.report.warnings.map((w) => w.message).join(' | ') || null,
      });
    }
  }
  return [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => field(r[c])).join(','))].join('\r\n') + '\r\n';
}

function questionFields(row: QuestionAgreementRow, h: AgreementHeadline) {
  return {
    question: row.question,
    title: row.title,
    units: row.units,
    pairable_units: row.pairableUnits,
    raters: row.raters.join(';'),
    percent_agreement: row.percentAgreement,
    statistic: h.label,
    // The headline's value: κ or α, as `statistic` names it (a column called kappa held α too).
    value: h.value,
    ci95_normal_low: h.ci95Normal?.[0] ?? null,
    ci95_normal_high: h.ci95Normal?.[1] ?? null,
    ci95_bootstrap_low: h.ci95Bootstrap?.[0] ?? null,
    ci95_bootstrap_high: h.ci95Bootstrap?.[1] ?? null,
    // Once where both intervals have the same reason (e.g. too few units).
    ci95_note: [...new Set([h.ciNormalNote, h.ciBootstrapNote].filter(Boolean))].join('; ') || null,
    // The Landis–Koch judgement (landisKochJudgement): `band` only when the whole interval lies in one;
    // a range's ends in band_low / band_high; all three empty when there is not enough evidence.
    band: singleBand(h.judgement),
    band_low: bandEnds(h.judgement)[0],
    band_high: bandEnds(h.judgement)[1],
    // The question's figures on the other labels; on a tag's row too, as the question's.
    beside_labels: row.beside?.labels ?? null,
    beside_percent_agreement: row.beside?.percentAgreement ?? null,
    beside_value: row.beside?.value ?? null,
  };
}

function weightsOf(row: QuestionAgreementRow): string {
  if (row.headline.statistic === 'weightedKappa.quadratic') return "quadratic on the levels' numeric values";
  // α weighs disagreements by its metric's difference function (Krippendorff 2011).
  if (row.headline.statistic === 'krippendorffAlpha.ordinal') return "α's ordinal metric on the levels' order";
  if (row.headline.statistic === 'krippendorffAlpha.interval') return "α's interval metric: squared differences of the levels' numeric values";
  return 'none';
}
