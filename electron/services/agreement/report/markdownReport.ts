import { bandText, headlineSymbol } from '../../../common/bandText';
import { intervalOr } from '../../../common/intervalText';
import { coef, count, interval, percent } from '../../../common/numberFormat';
import { kindText, utcStamp } from './reportText';
import type { ReportDocument } from './reportDocument';
import type { ManyRaterSummary } from '../../../core/stats';
import { manyRatersText, ratersByKappaWithMajority } from './manyRatersText';
import { raterList } from '../../../common/raterList';

/** Escapes a table cell: pipes would split it. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The agreement report as Markdown ready for a paper: the per-question table (n, % agreement,
 * κ with both 95% intervals, band, α, AC1, PABAK), a per-tag table for multilabel questions,
 * the warnings as numbered notes and the methods paragraph with resamples, seed, date and the
 * Accord version.
 */
export function markdownReport(doc: ReportDocument): string {
  const lines: string[] = [];
  lines.push(`# Inter-annotator agreement: ${doc.task.name}`, '');
  lines.push(
    `${doc.task.schemaTitle} (\`${doc.task.schemaId}\` v${doc.task.schemaVersion}); ${doc.selection.description}, ${count(doc.selection.items)} of ${count(doc.selection.taskItems)} items; raters: ${raterList(doc.raters, { namedIn: "each question's per-rater table" }) || 'none'}. Computed ${utcStamp(doc.methods.computedAt)} with Accord ${doc.methods.accordVersion}.`,
    '',
  );
  const notes: string[] = [];
  const symbol = headlineSymbol(doc.questions.map(({ row }) => row.headline.statistic));
  // When α heads every row, an α column beside it would repeat it under the same heading.
  const alphaColumn = symbol !== 'α';
  lines.push(
    `| Question | Measured as | n | Raters | % agreement | Statistic | ${symbol} | 95% CI (normal) | 95% CI (bootstrap) | Band |${alphaColumn ? ' α |' : ''} AC1 | PABAK | PI | BI |`,
    `|---|---|--:|--:|--:|---|--:|--:|--:|---|${alphaColumn ? '--:|' : ''}--:|--:|--:|--:|`,
  );
  for (const { row, categories } of doc.questions) {
    const marks = row.warnings.map((w) => {
      notes.push(`${notes.length + 1}. **${row.question}**: ${w.message}`);
      return `[${notes.length}]`;
    });
    const h = row.headline;
    lines.push(
      `| ${cell(row.title)} (\`${row.question}\`)${marks.length ? ` ${marks.join('')}` : ''} | ${cell(kindText(row, categories.length))} | ${count(row.pairableUnits)} | ${row.raters.length} | ${percent(row.percentAgreement)} | ${cell(h.label)} | **${coef(h.value)}** | ${intervalOr(h.ci95Normal, h.ciNormalNote)} | ${intervalOr(h.ci95Bootstrap, h.ciBootstrapNote)} | ${bandText(h.judgement)} |${alphaColumn ? ` ${row.alpha ? coef(row.alpha.value) : '—'} |` : ''} ${coef(row.gwetAC1)} | ${coef(row.pabak)} | ${coef(row.prevalenceIndex)} | ${coef(row.biasIndex)} |`,
    );
  }
  lines.push(
    '',
    `*n*: units rated by two or more raters. ${alphaColumn ? "*α*: Krippendorff's α at the question's level of measurement. " : ''}*PI*, *BI*: prevalence and bias indices (two raters, two levels). Normal intervals are Wald intervals on Fisher's z; "not estimable": no honest interval (see the notes).`,
    '',
  );
  for (const q of doc.questions) {
    if (!q.tags) continue;
    lines.push(`### ${q.row.title}: agreement per tag`, '');
    lines.push('| Tag | Prevalence | n | κ | 95% CI (normal) | 95% CI (bootstrap) | Band |', '|---|--:|--:|--:|--:|--:|---|');
    q.tags.forEach((t, i) => {
      lines.push(
        `| ${cell(t.label)} | ${percent(q.perCategory[i]?.prevalence)} | ${count(t.report.pairableUnits)} | ${coef(t.headline.value)} | ${intervalOr(t.headline.ci95Normal, t.headline.ciNormalNote)} | ${intervalOr(t.headline.ci95Bootstrap, t.headline.ciBootstrapNote)} | ${bandText(t.headline.judgement)} |`,
      );
    });
    if (q.multilabel) {
      lines.push(
        `| **macro** (${q.multilabel.macro.tagsAveraged} tags) | | | **${coef(q.multilabel.macro.value)}** | — | ${interval(q.multilabel.macro.ci95Bootstrap)} | |`,
        `| **micro** (pooled) | | | **${coef(q.multilabel.micro.value)}** | — | ${interval(q.multilabel.micro.ci95Bootstrap)} | |`,
      );
    }
    lines.push('');
  }
  for (const q of doc.questions) if (q.manyRaters) lines.push(...manyRatersSection(q.row.title, q.manyRaters));
  if (notes.length > 0) lines.push('**Notes**', '', ...notes, '');
  lines.push('## Methods', '', ...doc.methods.statements.map((s) => `- ${s}`), '');
  if (doc.skipped.length > 0) lines.push(`Not analysed: ${doc.skipped.map((s) => `\`${s.question}\` (${s.reason})`).join('; ')}.`, '');
  return lines.join('\n');
}

/** A question's many-rater summary: the pairs' κ, who stands out, each rater against the rest (every rater, lowest first). */
function manyRatersSection(title: string, s: ManyRaterSummary): string[] {
  const [first, ...rest] = manyRatersText.columns;
  return [
    `### ${title}: ${manyRatersText.pairs(s)}`,
    '',
    `${manyRatersText.pairwiseKappa(s)}; every pair is in the JSON export.`,
    '',
    `- ${manyRatersText.standOut(s)}`,
    `- ${manyRatersText.standOutByAlpha(s)}`,
    '',
    `${manyRatersText.againstRest()}, lowest first. ${manyRatersText.alphaWithout(s)}`,
    '',
    `| ${first} | ${rest.join(' | ')} |`,
    `|---|${rest.map(() => '--:').join('|')}|`,
    ...ratersByKappaWithMajority(s).map((p) => `| ${manyRatersText.row(p).map(cell).join(' | ')} |`),
    '',
  ];
}
