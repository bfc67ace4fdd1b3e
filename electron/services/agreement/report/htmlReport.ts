import type { AgreementRaterMatrix, QuestionAgreementRow, StatisticLine } from '../../../api/contract';
import { categoryBars, confusionHeatmapSvg, forestPlotSvg, kappaBarsSvg } from './charts';
import { REPORT_CSS } from './htmlStyle';
import { INTERVAL_METHOD_TEXT, intervalOr } from '../../../common/intervalText';
import { answerCounts, judgesAnswers, raterCount, type AnswerScale } from '../../../common/answerCounts';
import { coef, count, interval, percent, pValue } from '../../../common/numberFormat';
import { kindText, utcStamp } from './reportText';
import type { ReportDocument, ReportQuestion } from './reportDocument';
import { esc } from './svg';
import { MANY_RATERS, type ManyRaterSummary } from '../../../core/stats';
import { manyRatersText, ratersByKappaWithMajority } from './manyRatersText';
import { raterList } from '../../../common/raterList';
import { bandText, type BandVerdict, headlineSymbol, singleBand } from '../../../common/bandText';

/** Confusion matrices drawn per question at most (one per rater pair); the JSON export has them all. */
const MAX_PAIRS_DRAWN = 3;
/** Disagreeing units listed per question; the JSON export lists them all. */
const MAX_UNITS_LISTED = 15;

/**
 * The agreement report as one self-contained HTML page: inline CSS, every chart an inline SVG
 * drawn here, no script and no external resource, so it opens offline, prints, and can be
 * attached to a paper's supplement as is. It states the methods, n, the interval methods, the
 * bootstrap's resamples and seed, the date and the Accord version.
 */
export function htmlReport(doc: ReportDocument): string {
  const figures = { next: 1 };
  const tables = { next: 2 };
  const body = [
    header(doc),
    summary(doc, figures),
    methods(doc),
    ...doc.questions.map((q) => questionSection(q, figures, tables)),
    skipped(doc),
    footer(doc),
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Accord ${esc(doc.methods.accordVersion)}">
<title>Agreement — ${esc(doc.task.name)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function header(doc: ReportDocument): string {
  const raters = raterList(doc.raters, { namedIn: "each question's per-rater table" }) || 'none';
  return `<header>
<p class="eyebrow">Inter-annotator agreement</p>
<h1>${esc(doc.task.name)}</h1>
<p class="meta"><span>${esc(doc.task.schemaTitle)} <code>${esc(doc.task.schemaId)} v${doc.task.schemaVersion}</code></span><span>${esc(doc.selection.description)} (${count(doc.selection.items)} of ${count(doc.selection.taskItems)} items)</span><span>raters: ${esc(raters)}</span><span>${utcStamp(doc.methods.computedAt)}</span><span>Accord ${esc(doc.methods.accordVersion)}</span></p>
</header>`;
}

function summary(doc: ReportDocument, figures: { next: number }): string {
  const notes: string[] = [];
  const symbol = headlineSymbol(doc.questions.map(({ row }) => row.headline.statistic));
  // When α heads every row, an α column beside it would repeat it under the same heading.
  const alphaColumn = symbol !== 'α';
  const rows = doc.questions.map(({ row, categories }) => {
    const marks = row.warnings.map((w) => {
      notes.push(`<p id="note-${notes.length + 1}"><span class="warn">${notes.length + 1}</span> <strong>${esc(row.question)}</strong>: ${esc(w.message)}</p>`);
      return `<a class="warn" href="#note-${notes.length}">${notes.length}</a>`;
    });
    const h = row.headline;
    return `<tr>
<td><a href="#q-${esc(row.question)}">${esc(row.title)}</a>${marks.length ? ` ${marks.join(' ')}` : ''}<br><small class="dim"><code>${esc(row.question)}</code> ${esc(kindText(row, categories.length))}</small></td>
<td class="num">${count(row.pairableUnits)}</td>
<td class="num">${percent(row.percentAgreement)}</td>
<td class="num"><strong>${coef(h.value)}</strong><br><small class="dim">${esc(h.label)}</small></td>
<td class="num"${h.ciNormalNote ? ` title="${esc(h.ciNormalNote)}"` : ''}>${intervalOr(h.ci95Normal, h.ciNormalNote)}</td>
<td class="num"${h.ciBootstrapNote ? ` title="${esc(h.ciBootstrapNote)}"` : ''}>${intervalOr(h.ci95Bootstrap, h.ciBootstrapNote)}</td>
<td>${band(h.judgement)}</td>
${alphaColumn ? `<td class="num">${row.alpha ? coef(row.alpha.value) : '—'}</td>
` : ''}<td class="num">${coef(row.gwetAC1)}</td>
<td class="num">${coef(row.pabak)}${row.prevalenceIndex == null ? '' : `<br><small class="dim">PI ${coef(row.prevalenceIndex)} · BI ${coef(row.biasIndex)}</small>`}</td>
</tr>`;
  });
  const forest = doc.questions.length === 0
    ? ''
    : figure(
        forestPlotSvg(doc.questions.map(({ row }) => ({ label: row.title, statistic: row.headline.label, value: row.headline.value, normal: row.headline.ci95Normal, bootstrap: row.headline.ci95Bootstrap })), symbol),
        `Figure ${figures.next++}. Headline ${symbol} per question (${uniqueLabels(doc.questions.map((q) => q.row))}) with its 95% bootstrap interval (thick) and normal interval (thin), over the Landis–Koch bands.`,
      );
  return `<section id="summary">
<h2>Summary</h2>
<table class="wide summary">
<caption>Table 1. Agreement per question, ${doc.raters.length} raters. n: units rated by two or more raters. ${symbol}: the headline coefficient, named under its value (see Methods); normal intervals are Wald intervals on Fisher's z. α: Krippendorff's α at the question's level of measurement. PI, BI (under PABAK): prevalence and bias indices (two raters, two levels).</caption>
<thead><tr><th>Question</th><th class="num">n</th><th class="num">% agreement</th><th class="num">${symbol}</th><th class="num">95% CI (normal)</th><th class="num">95% CI (bootstrap)</th><th>Band</th>${alphaColumn ? '<th class="num">α</th>' : ''}<th class="num">AC1</th><th class="num">PABAK</th></tr></thead>
<tbody>
${rows.join('\n') || '<tr><td colspan="10" class="dim">No question with categories to agree on.</td></tr>'}
</tbody>
</table>
${notes.length > 0 ? `<div class="warnings">${notes.join('\n')}</div>` : ''}
${forest}
</section>`;
}

function methods(doc: ReportDocument): string {
  return `<section id="methods">
<h2>Methods</h2>
<ul class="methods">
${doc.methods.statements.map((s) => `<li>${esc(s)}</li>`).join('\n')}
</ul>
</section>`;
}

function questionSection(q: ReportQuestion, figures: { next: number }, tables: { next: number }): string {
  const { row } = q;
  const parts: string[] = [];
  parts.push(`<h2>${esc(row.title)} <code>${esc(row.question)}</code></h2>`);
  if (q.description) parts.push(`<p class="lead">${esc(q.description)}</p>`);
  parts.push(
    `<p class="lead">Measured as ${esc(kindText(row, q.categories.length))}. n = ${count(row.pairableUnits)} units rated by two or more raters (${count(row.units)} with any rating); raters: ${esc(raterList(row.raters, { namedIn: 'the per-rater table below' }) || 'none')}; ${count(row.disagreements)} disagreeing units.</p>`,
  );
  if (row.warnings.length > 0) parts.push(`<div class="warnings">${row.warnings.map((w) => `<p>${esc(w.message)}</p>`).join('')}</div>`);
  parts.push(statisticsTable(q.statistics, tables));
  if (q.tags) parts.push(tagTable(q, tables));

  const charts: string[] = [];
  // Among many raters a few arbitrary pairs say little: the summary of all of them replaces them.
  const pairs = q.manyRaters ? [] : (q.report?.pairs ?? []);
  const labelOf = new Map(q.categories.map((c) => [c.name, c.label]));
  for (const pair of pairs.slice(0, MAX_PAIRS_DRAWN)) {
    charts.push(
      figure(
        confusionHeatmapSvg(pair.confusionMatrix, pair.confusionMatrix.levels.map((l) => labelOf.get(l) ?? l)),
        `Figure ${figures.next++}. Confusion matrix of ${esc(pair.raters[0])} (rows) and ${esc(pair.raters[1])} (columns) over the ${count(pair.units)} units both rated; the diagonal (outlined) is agreement.`,
      ),
    );
  }
  if (q.perCategory.length > 0) {
    const what = q.tags ? `per tag (${q.multilabel?.statistic === 'fleissKappa' ? "Fleiss' κ" : "Cohen's κ"}, present vs absent, with normal 95% intervals)` : "per category (Fleiss' κ of the category versus the rest)";
    charts.push(
      figure(
        kappaBarsSvg(categoryBars(q.perCategory), q.tags ? 'κ per tag (share of answers with the tag)' : 'κ per category (share of all ratings)'),
        `Figure ${figures.next++}. κ ${what}; undefined where a category was never or always used.`,
      ),
    );
  }
  if (charts.length > 0) parts.push(`<div class="figures">${charts.join('\n')}</div>`);
  if (pairs.length > MAX_PAIRS_DRAWN) parts.push(`<p class="lead">${pairs.length - MAX_PAIRS_DRAWN} more rater pairs have confusion matrices in the JSON export.</p>`);
  if (q.manyRaters) parts.push(manyRatersPart(q.manyRaters, tables));
  else if (q.raterMatrix.raters.length > 2) parts.push(matrixTable(q.raterMatrix, tables));
  parts.push(distributionTable(q, tables));
  if (q.tiers) parts.push(tierTable(q, tables));
  if (q.disagreements.length > 0) parts.push(disagreementTable(q, tables));
  return `<section class="question" id="q-${esc(row.question)}">\n${parts.join('\n')}\n</section>`;
}

function statisticsTable(lines: readonly StatisticLine[], tables: { next: number }): string {
  const rows = lines.map(
    (l) => `<tr><td>${esc(l.name)}${l.note && l.value === null ? `<br><small class="dim">${esc(l.note)}</small>` : ''}</td><td class="num"><strong>${l.key === 'percentAgreement' ? percent(l.value) : coef(l.value)}</strong></td><td class="num">${coef(l.se)}</td><td class="num"${l.ciNormalNote ? ` title="${esc(l.ciNormalNote)}"` : ''}>${intervalOr(l.ci95Normal, l.ciNormalNote)}${l.intervalMethod && l.ci95Normal ? `<br><small class="dim">${esc(INTERVAL_METHOD_TEXT[l.intervalMethod] ?? l.intervalMethod)}</small>` : ''}</td><td class="num"${l.ciBootstrapNote ? ` title="${esc(l.ciBootstrapNote)}"` : ''}>${intervalOr(l.ci95Bootstrap, l.ciBootstrapNote, l.key === 'percentAgreement')}${l.belowThreshold ? `<br><small class="dim">P(α &lt; ${l.belowThreshold.threshold}) = ${l.belowThreshold.share.toFixed(3)}</small>` : ''}</td><td class="num">${esc(pValue(l.p))}</td></tr>`,
  );
  return `<table>
<caption>Table ${tables.next++}. Every coefficient that applies, with its standard error, 95% intervals and the test of 0.</caption>
<thead><tr><th>Statistic</th><th class="num">Estimate</th><th class="num">SE</th><th class="num">95% CI (normal)</th><th class="num">95% CI (bootstrap)</th><th class="num">p (H₀: 0)</th></tr></thead>
<tbody>${rows.join('')}</tbody>
</table>`;
}

function tagTable(q: ReportQuestion, tables: { next: number }): string {
  const rows = (q.tags ?? []).map((t, i) => {
    const h = t.headline;
    return `<tr><td>${esc(t.label)}${t.label === t.tag ? '' : ` <code>${esc(t.tag)}</code>`}</td><td class="num">${percent(q.perCategory[i]?.prevalence)}</td><td class="num">${count(t.report.pairableUnits)}</td><td class="num">${percent(t.report.percentAgreement.value)}</td><td class="num"><strong>${coef(h.value)}</strong></td><td class="num">${interval(h.ci95Normal)}</td><td class="num">${interval(h.ci95Bootstrap)}</td><td>${band(h.judgement)}</td><td class="num">${coef(t.report.pabak.value)}</td><td class="num">${coef(t.report.gwetAC1.value)}</td></tr>`;
  });
  return `<table>
<caption>Table ${tables.next++}. Agreement per tag (present vs absent).</caption>
<thead><tr><th>Tag</th><th class="num">Prevalence</th><th class="num">n</th><th class="num">% agreement</th><th class="num">κ</th><th class="num">95% CI (normal)</th><th class="num">95% CI (bootstrap)</th><th>Band</th><th class="num">PABAK</th><th class="num">AC1</th></tr></thead>
<tbody>${rows.join('')}</tbody>
</table>`;
}

function matrixTable(matrix: AgreementRaterMatrix, tables: { next: number }): string {
  const name = matrix.statistic === 'weightedKappa' ? 'weighted κ (quadratic)' : matrix.statistic === 'macroKappa' ? 'macro κ' : "Cohen's κ";
  const head = matrix.raters.map((r) => `<th class="num">${esc(r)}</th>`).join('');
  const rows = matrix.raters.map(
    (r, a) =>
      `<tr><th>${esc(r)}</th>${matrix.cells[a]
        .map((cell) => (cell === null ? '<td class="cell dim">—</td>' : `<td class="cell"><strong>${coef(cell.kappa.value)}</strong><small>${percent(cell.percentAgreement.value)} · n ${count(cell.units)}</small></td>`))
        .join('')}</tr>`,
  );
  return `<table class="matrix">
<caption>Table ${tables.next++}. Annotator × annotator: ${name}, % agreement and shared units of each pair.</caption>
<thead><tr><th></th>${head}</tr></thead>
<tbody>${rows.join('')}</tbody>
</table>`;
}

/** Many raters at a glance: the pairs' κ, each rater against the rest (every rater, lowest first), who stands out. */
function manyRatersPart(s: ManyRaterSummary, tables: { next: number }): string {
  const flagged = new Set([...s.standOut, ...s.standOutByAlpha].map((p) => p.rater));
  const rows = ratersByKappaWithMajority(s).map((p) => {
    const [rater, ...figures] = manyRatersText.row(p);
    return `<tr${flagged.has(rater) ? ' class="stand-out"' : ''}><td>${esc(rater)}</td>${figures.map((f) => `<td class="num">${esc(f)}</td>`).join('')}</tr>`;
  });
  const [first, ...rest] = manyRatersText.columns;
  return `<div class="many-raters">
<p class="lead">${esc(manyRatersText.pairs(s))} (every pair's κ and confusion matrix is in the JSON export). ${esc(manyRatersText.pairwiseKappa(s))}.</p>
<div class="warnings"><p>${esc(manyRatersText.standOut(s))}</p><p>${esc(manyRatersText.standOutByAlpha(s))}</p></div>
<table>
<caption>Table ${tables.next++}. ${esc(manyRatersText.againstRest())}, lowest first; raters who stand out are marked. ${esc(manyRatersText.alphaWithout(s))}</caption>
<thead><tr><th>${esc(first)}</th>${rest.map((c) => `<th class="num">${esc(c)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('')}</tbody>
</table>
</div>`;
}

function distributionTable(q: ReportQuestion, tables: { next: number }): string {
  const head = q.categories.map((c) => `<th class="num">${esc(c.label)}</th>`).join('');
  const rows = q.distribution.map(
    (d) => `<tr><td>${esc(d.rater)}</td>${d.counts.map((c) => `<td class="num${c === 0 ? ' dim' : ''}">${count(c)}</td>`).join('')}<td class="num">${count(d.answered)}</td><td class="num">${count(d.notApplicable)}</td></tr>`,
  );
  return `<table>
<caption>Table ${tables.next++}. How often each rater ${q.tags ? 'chose each tag' : 'used each category'} (the marginals behind κ).</caption>
<thead><tr><th>Rater</th>${head}<th class="num">Answered</th><th class="num">N/A</th></tr></thead>
<tbody>${rows.join('')}</tbody>
</table>`;
}

function tierTable(q: ReportQuestion, tables: { next: number }): string {
  const tiers = q.tiers!;
  const head = tiers.tiers
    .slice()
    .sort((a, b) => b.minNumeric - a.minNumeric)
    .map((t) => `<th class="num" title="${esc(t.description)}">${esc(t.name)}</th>`)
    .join('');
  const rows = tiers.raters.map(
    (r) => `<tr><td>${esc(r.rater)}</td>${r.shares.map((s) => `<td class="num">${percent(s.share)} <span class="dim">(${count(s.count)}/${count(r.answered)})</span></td>`).join('')}</tr>`,
  );
  return `<table>
<caption>Table ${tables.next++}. Share of each rater's answers in each tier (cumulative: ${tiers.tiers.map((t) => `${esc(t.name)} = ${esc(t.description)}`).join('; ')}).</caption>
<thead><tr><th>Rater</th>${head}</tr></thead>
<tbody>${rows.join('')}</tbody>
</table>`;
}

function disagreementTable(q: ReportQuestion, tables: { next: number }): string {
  const raters = q.row.raters;
  const labelOf = new Map(q.categories.map((c) => [c.name, c.label]));
  const show = (value: string | null) => (value === null ? '<span class="dim">—</span>' : esc(value.split(';').filter(Boolean).map((v) => labelOf.get(v) ?? v).join(', ') || '(none)'));
  const perUnit = q.row.scope !== 'item';
  // A column per rater while they fit on a page; among many, each unit's answers tallied.
  const tallied = raters.length > MANY_RATERS;
  const rows = q.disagreements.slice(0, MAX_UNITS_LISTED).map((d) => {
    const byRater = new Map(d.ratings.map((r) => [r.rater, r.value]));
    const answers = tallied ? `<td>${tally(d.ratings, { categories: q.categories, multilabel: q.tags !== null }, show)}</td>` : raters.map((r) => `<td>${show(byRater.get(r) ?? null)}</td>`).join('');
    return `<tr><td><code>${esc(d.externalId)}</code></td>${perUnit ? `<td>${esc(d.unitKey)}</td>` : ''}${answers}<td class="num">${d.spread ?? '—'}</td></tr>`;
  });
  const shown = Math.min(MAX_UNITS_LISTED, q.disagreements.length);
  const answerHeads = tallied ? '<th>Answers (raters giving each)</th>' : raters.map((r) => `<th>${esc(r)}</th>`).join('');
  return `<table>
<caption>Table ${tables.next++}. Disagreeing units, largest spread first (${shown} of ${count(q.disagreementsTotal)}). Spread: level steps between the farthest answers${q.tags ? ' (tags that differ)' : ''}.</caption>
<thead><tr><th>Item</th>${perUnit ? '<th>Unit</th>' : ''}${answerHeads}<th class="num">Spread</th></tr></thead>
<tbody>${rows.join('')}</tbody>
</table>`;
}

/**
 * Each answer given with how many raters gave it, counted as the app and the CLI count them
 * (answerCounts), in words ("Good: 11 raters"): a screen reader read "Good × 11" as "Good times 11".
 */
function tally(ratings: readonly { rater: string; value: string | null; judge?: true }[], scale: AnswerScale, show: (value: string | null) => string): string {
  return [
    ...answerCounts(ratings, scale).map(({ value, count: n }) => `${show(value)}: <span class="dim">${raterCount(n)}</span>`),
    ...judgesAnswers(ratings).map((r) => `${show(r.value)} <span class="dim">(${esc(r.rater)})</span>`),
  ].join('<br>');
}

function skipped(doc: ReportDocument): string {
  if (doc.skipped.length === 0) return '';
  return `<section><h2>Not analysed</h2><ul>${doc.skipped.map((s) => `<li>${esc(s.title)} <code>${esc(s.question)}</code>: ${esc(s.reason)}.</li>`).join('')}</ul></section>`;
}

function footer(doc: ReportDocument): string {
  const b = doc.methods.bootstrap;
  return `<footer>Computed ${utcStamp(doc.methods.computedAt)} by Accord ${esc(doc.methods.accordVersion)} · bootstrap: ${b.resamples > 0 ? `${count(b.resamples)} resamples, ${b.method}, seed ${b.seed}` : 'none'} · task “${esc(doc.task.name)}” (${esc(doc.task.schemaId)} v${doc.task.schemaVersion}) · ${esc(doc.selection.description)}</footer>`;
}

/** A figure as wide as its chart, so the caption wraps under it and charts sit side by side. */
function figure(svg: string, caption: string): string {
  const width = /width="([\d.]+)"/.exec(svg)?.[1];
  return `<figure${width ? ` style="width:${width}px"` : ''}>${svg}<figcaption>${caption}</figcaption></figure>`;
}

/** The Landis–Koch judgement as a chip: tinted only for a single band; a range or too little evidence in neutral grey, the reason on hover. */
function band(judgement: BandVerdict | null): string {
  if (judgement === null) return '<span class="dim">—</span>';
  const single = singleBand(judgement);
  const tone = single ? single.replace(' ', '-') : 'neutral';
  const title = judgement.kind === 'insufficient' ? ` title="${esc(judgement.reason)}"` : '';
  return `<span class="band ${tone}"${title}>${esc(bandText(judgement))}</span>`;
}

function uniqueLabels(rows: readonly QuestionAgreementRow[]): string {
  return [...new Set(rows.map((r) => r.headline.label))].join(', ');
}
