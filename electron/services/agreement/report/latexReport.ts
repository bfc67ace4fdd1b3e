import type { StatisticLine } from '../../../api/contract';
import { GWET_VARIANCE_LABEL, type GwetVariance, MIN_INTERVAL_UNITS, PARADOX_RULE } from '../../../core/stats';
import { coef, count, counted, percent } from '../../../common/numberFormat';
import { REFERENCES } from './references';
import type { ReportDocument } from './reportDocument';
import { raterList } from '../../../common/raterList';

/** One question's table. */
export interface LatexQuestion {
  readonly id: string;
  readonly title: string;
  /** What the levels are ("ordinal, 5 levels"). */
  readonly kind: string;
  readonly lines: readonly StatisticLine[];
  /** Units rated by two or more raters, and raters. */
  readonly units: number;
  readonly raters: number;
  readonly warnings: readonly string[];
}

/** What the LaTeX report says. */
export interface LatexInput {
  readonly title: string;
  /** Where the ratings came from, in words. */
  readonly source: string;
  readonly questions: readonly LatexQuestion[];
  readonly bootstrap: { readonly resamples: number; readonly seed: number };
  readonly gwetVariance: GwetVariance;
  readonly alphaThreshold: number;
  /** How missing ratings were handled, in one or two sentences. */
  readonly missing: string;
  readonly version: string;
  readonly computedAt: string;
}

/** The .tex (compiles with plain pdflatex: booktabs, its own bibliography) and the .bib beside it. */
export interface LatexReport {
  readonly tex: string;
  readonly bib: string;
}

const GREEK: Record<string, string> = {
  κ: '$\\kappa$', α: '$\\alpha$', π: '$\\pi$', χ: '$\\chi$', ρ: '$\\rho$', '−': '$-$', '≥': '$\\geq$', '≤': '$\\leq$',
  '×': '$\\times$', '²': '$^2$', '’': "'", '‘': '`', '“': '``', '”': "''", '–': '--', '—': '---', '…': '\\ldots{}',
  ₒ: '', ₑ: '', '·': '$\\cdot$', '√': '$\\surd$', '±': '$\\pm$', ' ': ' ',
};

/** Escapes text for LaTeX: its special characters, then the Unicode Accord's labels use. */
export function tex(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\textbackslash{}')
    .replace(/([&%$#_{}])/g, '\\$1')
    .replace(/~/g, '\\textasciitilde{}')
    .replace(/\^/g, '\\textasciicircum{}')
    .replace(/</g, '\\textless{}')
    .replace(/>/g, '\\textgreater{}');
  let out = '';
  for (const ch of escaped) {
    if (ch in GREEK) out += GREEK[ch];
    else if (ch.charCodeAt(0) < 128) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
      out += plain || '?';
    }
  }
  return out;
}

/** Which references each statistic's line cites. */
const CITES: Record<string, string[]> = {
  cohenKappa: ['cohen1960', 'fleiss1969'],
  'weightedKappa.linear': ['cohen1968', 'fleiss1969'],
  'weightedKappa.quadratic': ['cohen1968', 'fleiss1969'],
  'weightedKappa.custom': ['cohen1968', 'fleiss1969'],
  scottPi: ['scott1955'],
  fleissKappa: ['fleiss1971', 'fleiss1979'],
  congerKappa: ['conger1980', 'gwet2014'],
  'krippendorffAlpha.nominal': ['krippendorff2011', 'hayes2007'],
  'krippendorffAlpha.ordinal': ['krippendorff2011', 'hayes2007'],
  'krippendorffAlpha.interval': ['krippendorff2011', 'hayes2007'],
  'krippendorffAlpha.ratio': ['krippendorff2011', 'hayes2007'],
  gwetAC1: ['gwet2008', 'gwet2014'],
  gwetAC2: ['gwet2014'],
  pabak: ['byrt1993'],
  prevalenceIndex: ['byrt1993'],
  biasIndex: ['byrt1993'],
  kendallW: ['kendall1939'],
};

function citesOf(key: string): string[] {
  if (key.startsWith('icc.')) return ['shrout1979', 'mcgraw1996'];
  return CITES[key] ?? [];
}

const METHOD: Record<string, string> = {
  'wald-fisher-z': 'Wald, Fisher $z$',
  'f-distribution': '$F$ distribution',
};

function value(line: StatisticLine): string {
  if (line.value === null) return 'undefined';
  return tex(line.key === 'percentAgreement' ? percent(line.value) : coef(line.value));
}

function interval(line: StatisticLine, notes: string[]): { ci: string; method: string } {
  const mark = (note: string) => {
    let i = notes.indexOf(note);
    if (i < 0) i = notes.push(note) - 1;
    return `\\textsuperscript{${String.fromCharCode(97 + (i % 26))}}`;
  };
  const fmt = (ci: readonly [number, number]) =>
    line.key === 'percentAgreement' ? tex(`[${percent(ci[0])}, ${percent(ci[1])}]`) : tex(`[${coef(ci[0])}, ${coef(ci[1])}]`);
  if (line.value === null) return { ci: '---', method: '' };
  if (line.ci95Normal) return { ci: fmt(line.ci95Normal), method: METHOD[line.intervalMethod ?? ''] ?? tex(line.intervalMethod ?? '') };
  if (line.ci95Bootstrap) {
    const below = line.belowThreshold ? `; $P(\\alpha < ${line.belowThreshold.threshold}) = ${line.belowThreshold.share.toFixed(3)}$` : '';
    return { ci: fmt(line.ci95Bootstrap), method: `percentile bootstrap${below}` };
  }
  const note = line.ciNormalNote ?? line.ciBootstrapNote;
  if (note) return { ci: `not estimable${mark(note)}`, method: '' };
  return { ci: '---', method: '' };
}

function table(q: LatexQuestion, index: number, cited: Set<string>): string {
  const notes: string[] = [];
  const rows = q.lines
    .filter((l) => l.value !== null || !/pairwise|nominal/.test(l.note ?? ''))
    .map((l) => {
      citesOf(l.key).forEach((c) => cited.add(c));
      const { ci, method } = interval(l, notes);
      return `${tex(l.name)} & ${value(l)} & ${ci} & ${method} & ${count(l.units ?? q.units)} & ${q.raters} \\\\`;
    });
  const footnotes = notes.map((note, i) => `\\textsuperscript{${String.fromCharCode(97 + (i % 26))}}${tex(note)}`);
  return [
    `\\begin{table}[!htbp]`,
    `\\centering\\small`,
    `\\caption{Inter-rater agreement on \\emph{${tex(q.title)}} (\\texttt{${tex(q.id)}}; ${tex(q.kind)}): ${counted(q.units, 'unit')} rated by two or more of ${q.raters} raters.}`,
    `\\label{tab:agreement-${index + 1}}`,
    `\\begin{tabular}{@{}>{\\raggedright\\arraybackslash}p{0.36\\linewidth}rl>{\\raggedright\\arraybackslash}p{0.2\\linewidth}rr@{}}`,
    `\\toprule`,
    `Statistic & Value & 95\\% CI & Method & $n$ units & $n$ raters \\\\`,
    `\\midrule`,
    ...rows,
    `\\bottomrule`,
    `\\end{tabular}`,
    ...(footnotes.length > 0 || q.warnings.length > 0
      ? [`\\par\\smallskip\\parbox{\\linewidth}{\\footnotesize ${[...footnotes, ...q.warnings.map((w) => `Note: ${tex(w)}`)].join(' \\\\ ')}}`]
      : []),
    `\\end{table}`,
  ].join('\n');
}

/** The methods paragraph: each statistic with its convention, the intervals, resamples and seed, missing data, software. */
function methods(input: LatexInput, keys: Set<string>, cited: Set<string>): string {
  const cite = (...k: string[]) => {
    k.forEach((c) => cited.add(c));
    return `\\citep{${k.join(',')}}`;
  };
  const parts: string[] = [];
  const has = (prefix: string) => [...keys].some((k) => k.startsWith(prefix));
  parts.push(`Agreement was computed with Accord ${tex(input.version)} on ${tex(input.source)}.`);
  parts.push(tex(input.missing));
  const stats: string[] = [];
  if (has('cohenKappa')) stats.push(`Cohen's $\\kappa$ ${cite('cohen1960')}`);
  if (has('weightedKappa')) stats.push(`weighted $\\kappa$ with linear and quadratic agreement weights on the levels' numeric values ${cite('cohen1968')}`);
  if (has('scottPi')) stats.push(`Scott's $\\pi$ ${cite('scott1955')}`);
  if (has('fleissKappa')) stats.push(`Fleiss' $\\kappa$ ${cite('fleiss1971')}, in Gwet's form for missing ratings ${cite('gwet2014')}`);
  if (has('congerKappa')) stats.push(`Conger's $\\kappa$ ${cite('conger1980')}`);
  if (has('krippendorffAlpha')) stats.push(`Krippendorff's $\\alpha$ with the nominal, ordinal, interval and ratio difference functions ${cite('krippendorff2011')}`);
  if (has('gwetAC')) stats.push(`Gwet's AC$_1$ and AC$_2$ ${cite('gwet2008')}`);
  if (has('pabak')) stats.push(`PABAK with the prevalence and bias indices ${cite('byrt1993')}`);
  if (has('icc.')) stats.push(`the intraclass correlations ICC1, ICC2, ICC3, ICC1k, ICC2k and ICC3k (named as in R's \\texttt{psych::ICC}) from the two-way ANOVA of the units every rater rated ${cite('shrout1979', 'mcgraw1996')}`);
  if (has('kendallW')) stats.push(`Kendall's $W$ with midranks and the tie correction ${cite('kendall1939')}`);
  if (stats.length > 0) parts.push(`We report ${stats.join('; ')}.`);
  if (has('cohenKappa') || has('weightedKappa')) {
    cited.add('fleiss1969');
    parts.push(
      `Standard errors of $\\kappa$ are the large-sample ones of \\citet{fleiss1969}: not under the null for intervals, and under $H_0\\colon \\kappa = 0$ for the $z$ tests.`,
    );
  }
  if (has('fleissKappa')) {
    cited.add('fleiss1979');
    parts.push(`The test of Fleiss' $\\kappa = 0$ uses the standard error under the null of \\citet{fleiss1979}.`);
  }
  if (has('krippendorffAlpha')) {
    cited.add('krippendorff2004');
    parts.push(`We read $\\alpha$ by the conventions of \\citet{krippendorff2004}: data with $\\alpha \\geq .800$ are relied on, and $\\alpha \\geq .667$ allows tentative conclusions only.`);
  }
  if (has('gwetAC') || has('congerKappa')) parts.push(`Variances of Gwet's coefficients are ${tex(GWET_VARIANCE_LABEL[input.gwetVariance])} ${cite('gwet2014')}.`);
  parts.push(
    `Analytic 95\\% intervals are Wald intervals on Fisher's $z = \\operatorname{atanh}$ of the coefficient, transformed back so that they stay within $[-1, 1]$ ${cite('moss2024')}; intervals of the intraclass correlations come from the $F$ distribution ${cite('mcgraw1996')}.`,
  );
  parts.push(
    input.bootstrap.resamples > 0
      ? `Bootstrap intervals are 2.5th--97.5th percentiles over ${count(input.bootstrap.resamples)} resamples of units with replacement (seed ${input.bootstrap.seed}) ${cite('efron1993')}, each drawing as many units rated by two or more raters as there are from those units, and the units rated once (which enter only the chance terms of Fleiss' $\\kappa$, Conger's $\\kappa$ and Gwet's AC) among themselves; for Krippendorff's $\\alpha$ we also give the share of resamples with $\\alpha < ${input.alphaThreshold}$ ${cite('hayes2007')}.`
      : 'No bootstrap was run.',
  );
  parts.push(
    `No interval is given (\\textquotedblleft not estimable\\textquotedblright) on fewer than ${MIN_INTERVAL_UNITS} units rated by two or more raters, with a standard error of zero, or when 95\\% of the resamples give the same value; below $\\max(20, 2k^2)$ units for $k$ levels intervals are flagged as optimistic ${cite('cicchetti1981')}. ` +
      `The kappa paradox ${cite('feinstein1990')} is flagged when ${tex(PARADOX_RULE)}.`,
  );
  return parts.join(' ');
}

/**
 * The agreement report as LaTeX for a paper: one booktabs table per question (statistic, value,
 * 95% interval, its method, n units, n raters; "not estimable" with its reason as a table note),
 * a methods paragraph naming each statistic, its convention, the interval methods, resamples
 * and seed, the handling of missing ratings and the software version, and the references — in
 * the .tex itself (so plain `pdflatex` compiles it, with booktabs and natbib) and as a .bib.
 */
export function latexReport(input: LatexInput): LatexReport {
  const cited = new Set<string>();
  const keys = new Set(input.questions.flatMap((q) => q.lines.filter((l) => l.value !== null).map((l) => l.key)));
  const tables = input.questions.map((q, i) => table(q, i, cited));
  const paragraph = methods(input, keys, cited);
  const order = [...cited].filter((k) => k in REFERENCES).sort();
  const bibitems = order.map((k) => `\\bibitem[${authorYear(k)}]{${k}} ${REFERENCES[k].text}`);
  const texSource = `% Inter-rater agreement written by Accord ${input.version}, ${input.computedAt}.
% Compiles with plain pdflatex. To use the .bib file written beside this one instead of the
% bibliography below, replace the thebibliography environment with \\bibliography{<that file>}.
\\documentclass[11pt]{article}
\\usepackage[T1]{fontenc}
\\usepackage[margin=2.2cm]{geometry}
\\usepackage{array}
\\usepackage{booktabs}
\\usepackage{amsmath}
\\usepackage[round]{natbib}
\\title{${tex(input.title)}}
\\date{${tex(input.computedAt.slice(0, 10))}}
\\begin{document}
\\maketitle

\\section*{Methods}
${paragraph}

\\section*{Results}
${tables.join('\n\n')}

\\clearpage
\\begin{thebibliography}{${order.length}}
${bibitems.join('\n')}
\\end{thebibliography}
\\end{document}
`;
  return { tex: texSource, bib: `${order.map((k) => REFERENCES[k].bibtex).join('\n\n')}\n` };
}

/** natbib's optional \bibitem argument "Author(year)Full" from the reference's formatted text. */
function authorYear(key: string): string {
  const text = REFERENCES[key].text;
  const year = /\((\d{4})\)/.exec(text)?.[1] ?? '';
  const authors = text.slice(0, text.indexOf(' (')).split(/, (?:\\& )?|\\& /).filter((a) => /^[A-Z]/.test(a) && !/^[A-Z]\.( ?[A-Z]\.)*$/.test(a.trim()));
  const surnames = authors.map((a) => a.trim());
  const short = surnames.length <= 2 ? surnames.join(' and ') : `${surnames[0]} et~al.`;
  return `${short}(${year})${surnames.join(', ')}`;
}

/** The LaTeX report of an analysed task: one table per single-label question. */
export function latexFromDocument(doc: ReportDocument, gwetVariance: GwetVariance, alphaThreshold: number): LatexReport {
  return latexReport({
    title: `Inter-rater agreement: ${doc.task.name}`,
    source: `the submitted labels of task "${doc.task.name}" (${doc.task.schemaTitle}, ${doc.task.schemaId} v${doc.task.schemaVersion}); ${doc.selection.description}, ${count(doc.selection.items)} of ${count(doc.selection.taskItems)} items; raters ${raterList(doc.raters, { namedIn: 'the JSON export' }) || 'none'}`,
    questions: doc.questions.map((q) => ({
      id: q.row.question,
      title: q.row.title,
      kind: q.row.kind === 'multilabel' ? 'multilabel, per tag' : `${q.row.kind}, ${q.categories.length} ${q.row.kind === 'nominal' ? 'categories' : 'levels'}`,
      lines: q.statistics,
      units: q.row.pairableUnits,
      raters: q.row.raters.length,
      warnings: q.row.warnings.map((w) => w.message),
    })),
    bootstrap: { resamples: doc.methods.bootstrap.resamples, seed: doc.methods.bootstrap.seed },
    gwetVariance,
    alphaThreshold,
    missing:
      'N/A answers and missing labels count as not rated and are left out of that rater\u2019s ratings (never a category); agreement is measured on the units with two or more ratings; the intraclass correlations and Kendall\u2019s W use the units every rater rated. The category universe is the label schema\u2019s.',
    version: doc.methods.accordVersion,
    computedAt: doc.methods.computedAt,
  });
}
