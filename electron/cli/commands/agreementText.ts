import type { AgreementReport, QuestionAgreement, QuestionAgreementRow, StatisticLine, TaskAgreement } from '../../api/contract';
import type { ManyRaterSummary } from '../../core/stats';
// From its own small module: the stats index would bring every statistic into what --help loads.
import { bandInterval } from '../../core/stats/bandJudgement';
import { BAND_STATISTIC_NAME, bandText, bandWithEvidence, headlineSymbol } from '../../common/bandText';
import { earlierVersionWarning } from '../../common/earlierVersion';
import { raterList } from '../../common/raterList';
import { INTERVAL_METHOD_TEXT, intervalOr } from '../../common/intervalText';
import { coef, count, percent, pValue, withReason } from '../../common/numberFormat';
import { unitText } from './unitText';
import { disagreementAnswers } from './disagreementText';
import { manyRatersText, ratersByKappaWithMajority } from '../../services/agreement/report/manyRatersText';

/** Lays rows out in columns: text left-aligned, the columns listed in `right` right-aligned. */
export function columns(rows: readonly (readonly string[])[], right: ReadonlySet<number>): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => [...r[c]].length)));
  return rows
    .map((r) => r.map((cell, c) => (right.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ').trimEnd())
    .join('\n');
}

/**
 * A statistics table: estimate, SE, analytic 95% interval (Wald on Fisher z; F distribution for
 * ICCs) with its method, bootstrap 95% interval, p; "not estimable" where an interval cannot be
 * given honestly, with the reasons under the table.
 */
export function statisticsTable(lines: readonly StatisticLine[]): string {
  const rows = [
    ['Statistic', 'Estimate', 'SE', '95% CI (normal)', 'method', '95% CI (bootstrap)', 'p'],
    ...lines.map((l) => {
      const proportion = l.key === 'percentAgreement';
      return [
        l.name,
        proportion ? percent(l.value) : coef(l.value),
        coef(l.se),
        intervalOr(l.ci95Normal, l.ciNormalNote),
        l.intervalMethod ? (INTERVAL_METHOD_TEXT[l.intervalMethod] ?? l.intervalMethod) : '',
        intervalOr(l.ci95Bootstrap, l.ciBootstrapNote, proportion),
        pValue(l.p),
      ];
    }),
  ];
  const undefinedOnes = lines.filter((l) => l.value === null && l.note).map((l) => `  ${l.name}: ${l.note}`);
  const notEstimable = lines.flatMap((l) => [l.ciNormalNote, l.ciBootstrapNote].filter(Boolean).map((note) => `  ${l.name}: ${note}`));
  const below = lines.filter((l) => l.belowThreshold).map((l) => `  ${l.name}: P(α < ${l.belowThreshold?.threshold}) = ${l.belowThreshold?.share.toFixed(3)} over the bootstrap resamples`);
  return (
    columns(rows, new Set([1, 2, 3, 5, 6])) +
    (undefinedOnes.length > 0 ? `\nUndefined:\n${undefinedOnes.join('\n')}` : '') +
    (notEstimable.length > 0 ? `\nIntervals not given:\n${[...new Set(notEstimable)].join('\n')}` : '') +
    (below.length > 0 ? `\n${below.join('\n')}` : '')
  );
}

/**
 * `accord agreement --ratings` without --json: the report of one ratings file as text. With
 * many raters (`summary`), the pairs are summarised unless `pairs` asks for every one.
 */
export function describeRatingsReport(file: string, report: AgreementReport, lines: readonly StatisticLine[], many: { summary: ManyRaterSummary | null; pairs: boolean } = { summary: null, pairs: false }): string {
  const out: string[] = [];
  out.push(
    `${file}: ${count(report.units)} units (${count(report.pairableUnits)} rated by two or more), ${count(report.raters.length)} raters (${raterList(report.raters)}), ` +
      `${report.categories.length} levels (${report.categories.map((c) => c.name).join(', ')}), ${report.type}`,
    '',
    statisticsTable(lines),
    '',
  );
  const lk = report.landisKoch;
  out.push(`Landis–Koch: ${withReason(lk.value, lk.reason, () => bandWithEvidence(lk.judgement, { statistic: BAND_STATISTIC_NAME[lk.statistic], value: lk.value, ci95: lk.ci95, n: lk.n }))}`);
  if (many.summary && !many.pairs) {
    out.push('', ...manyRaterText(many.summary));
  } else if (report.pairs.length > 1) {
    out.push('', 'Pairs:');
    out.push(
      columns(
        [['Raters', 'Units', '% agreement', "Cohen's κ", 'Weighted κ (quadratic)'], ...report.pairs.map((p) => [`${p.raters[0]} – ${p.raters[1]}`, count(p.units), percent(p.percentAgreement.value), coef(p.cohenKappa.value), coef(p.weightedKappa.quadratic.value)])],
        new Set([1, 2, 3, 4]),
      ),
    );
  }
  const b = report.bootstrap;
  out.push('', b.resamples > 0 ? `Bootstrap: ${count(b.resamples)} ${b.method} resamples over ${count(b.units)} units, seed ${b.seed}` : 'Bootstrap: not run (--bootstrap 0)');
  if (report.warnings.length > 0) out.push('', 'Warnings:', ...report.warnings.map((w) => `  - ${w.message}`));
  return `${out.join('\n')}\n`;
}

/** `accord agreement --task` without --json: one row per question. */
export function describeTaskAgreement(summary: TaskAgreement): string {
  const out: string[] = [];
  out.push(
    `Task "${summary.task.name}" (${summary.task.schemaTitle}, ${summary.task.schemaId} v${summary.task.schemaVersion}): ${summary.selection.description}, ` +
      `${count(summary.selection.items)} of ${count(summary.selection.taskItems)} items; raters ${raterList(summary.raters) || 'none yet'}`,
    '',
  );
  const rows = [
    ['Question', 'n', '% agreement', 'Statistic', headlineSymbol(summary.questions.map((q) => q.headline.statistic)), '95% CI (normal)', '95% CI (bootstrap)', 'Band'],
    ...summary.questions.map((q) => [
      q.question,
      count(q.pairableUnits),
      percent(q.percentAgreement),
      q.headline.label,
      coef(q.headline.value),
      intervalOr(q.headline.ci95Normal, q.headline.ciNormalNote),
      intervalOr(q.headline.ci95Bootstrap, q.headline.ciBootstrapNote),
      bandText(q.headline.judgement),
    ]),
  ];
  out.push(columns(rows, new Set([1, 2, 4, 5, 6])));
  for (const s of summary.skipped) out.push(`skipped ${s.question}: ${s.reason}`);
  const warnings = [
    ...revisionLines(summary.selection, summary.questions),
    ...earlierVersionLines(summary.selection),
    ...summary.questions.flatMap((q) => q.warnings.map((w) => `  - ${q.question}: ${w.message}`)),
  ];
  if (warnings.length > 0) out.push('', 'Warnings:', ...warnings);
  out.push('', bootstrapLine(summary.methods.bootstrap));
  return `${out.join('\n')}\n`;
}

/** `accord agreement --task --question` without --json: the question's statistics and disagreements. */
export function describeQuestionAgreement(q: QuestionAgreement): string {
  const out: string[] = [];
  const row = q.row;
  out.push(
    `${row.question} (${row.title}) in task "${q.task.name}": ${row.kind}, ${count(row.pairableUnits)} units rated by two or more of ${raterList(row.raters) || 'nobody yet'}; ${q.selection.description}`,
    '',
    statisticsTable(q.statistics),
  );
  if (q.tags) {
    out.push(
      '',
      columns(
        [['Tag', 'n', 'κ', '95% CI (normal)', '95% CI (bootstrap)', 'Band'], ...q.tags.map((t) => [t.tag, count(t.report.pairableUnits), coef(t.headline.value), intervalOr(t.headline.ci95Normal, t.headline.ciNormalNote), intervalOr(t.headline.ci95Bootstrap, t.headline.ciBootstrapNote), bandText(t.headline.judgement)])],
        new Set([1, 2, 3, 4]),
      ),
    );
  }
  const h = row.headline;
  out.push('', h.judgement ? `Headline: Landis–Koch ${bandWithEvidence(h.judgement, { statistic: h.label, value: h.value, ci95: bandInterval(h.ci95Bootstrap, h.ci95Normal), n: h.n })}` : `Headline: ${h.label} = ${coef(h.value)}`);
  if (q.manyRaters) out.push('', ...manyRaterText(q.manyRaters).map((line) => line.replace('every pair with --pairs.', 'every pair in the JSON (--json: report.pairs).')));
  const warnings = [...revisionLines(q.selection, [row]), ...earlierVersionLines(q.selection), ...row.warnings.map((w) => `  - ${w.message}`)];
  if (warnings.length > 0) out.push('', 'Warnings:', ...warnings);
  if (q.disagreementsTotal > 0) {
    out.push('', `Disagreeing units: ${count(q.disagreementsTotal)}${q.disagreementsTotal > q.disagreements.length ? ` (first ${q.disagreements.length})` : ''}`);
    const scale = { categories: q.categories, multilabel: q.tags !== null };
    for (const d of q.disagreements) out.push(`  ${unitText(d.unit)}  ${disagreementAnswers(d.ratings, row.raters.length, scale)}`);
  }
  out.push('', bootstrapLine(q.methods.bootstrap));
  return `${out.join('\n')}\n`;
}

function bootstrapLine(b: { resamples: number; seed: number; method: string }): string {
  return b.resamples > 0 ? `Bootstrap: ${count(b.resamples)} ${b.method} resamples of the units rated by two or more raters, seed ${b.seed}` : 'Bootstrap: not run (--bootstrap 0)';
}

/** The warning line for labels made on an earlier version of their item (counted as given). */
function earlierVersionLines(selection: { earlierVersionLabels: number }): string[] {
  return selection.earlierVersionLabels > 0 ? [`  - ${earlierVersionWarning(selection.earlierVersionLabels)}; counted as given, not left out`] : [];
}

/** Which labels were compared where some were revised after discussion (issue 13), with the other figures. */
function revisionLines(selection: { labels: 'original' | 'revised'; revisedLabels: number }, rows: readonly QuestionAgreementRow[]): string[] {
  if (selection.revisedLabels === 0) return [];
  const which = selection.labels === 'original' ? 'on the original labels (as given before discussion)' : 'on the labels as revised after discussion';
  const beside = rows.filter((r) => r.beside).map((r) => `${r.question} ${coef(r.beside!.value)} on the ${r.beside!.labels} labels`);
  return [`  - ${count(selection.revisedLabels)} label(s) revised after discussion; figures ${which}${beside.length > 0 ? `; ${beside.join(', ')}` : ''}`];
}

/** The many-rater summary: pairwise κ quartiles, each rater against the rest, who stands out. */
function manyRaterText(s: ManyRaterSummary): string[] {
  const sorted = ratersByKappaWithMajority(s);
  const shown = sorted.length > 12 ? [...sorted.slice(0, 6), null, ...sorted.slice(-3)] : sorted;
  return [
    `Pairs: ${manyRatersText.pairs(s)}; every pair with --pairs.`,
    `  ${manyRatersText.pairwiseKappa(s)}`,
    '',
    `${manyRatersText.againstRest()}:`,
    `  ${manyRatersText.alphaWithout(s)}`,
    columns([[...manyRatersText.columns], ...shown.map((p) => (p === null ? ['…', '', '', '', '', ''] : manyRatersText.row(p)))], new Set([1, 2, 3, 4, 5])).replace(/^/gm, '  '),
    manyRatersText.standOut(s),
    manyRatersText.standOutByAlpha(s),
  ];
}
