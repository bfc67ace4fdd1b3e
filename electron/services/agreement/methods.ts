import packageJson from '../../../package.json' with { type: 'json' };
import type { AgreementMethods, AgreementSelectionInfo, QuestionAgreementRow } from '../../api/contract';
import { DEFAULT_ALPHA_THRESHOLD, DEFAULT_GWET_VARIANCE, GWET_VARIANCE_LABEL, type GwetVariance, MIN_INTERVAL_UNITS, PARADOX_RULE } from '../../core/stats';
import { earlierVersionWarning } from '../../common/earlierVersion';
import { coef, count, percent } from '../../common/numberFormat';

/** The Accord version every report states. */
export const ACCORD_VERSION: string = packageJson.version;

/**
 * The methods paragraph every export and the dashboard state (issue 5: which κ, weights, how
 * N/A is handled, n, interval method, resamples and seed), in sentences a paper can quote. Only
 * the conventions that apply to the questions reported are stated.
 */
export function agreementMethods(
  rows: readonly QuestionAgreementRow[],
  selection: AgreementSelectionInfo,
  settings: { bootstrap: number; seed: number; gwetVariance?: GwetVariance; alphaThreshold?: number },
  now: Date = new Date(),
): AgreementMethods {
  const kinds = new Set(rows.map((r) => r.kind));
  const manyRaters = rows.some((r) => r.raters.length > 2);
  const statements: string[] = [];
  statements.push(
    `Units are whole items or, for questions asked per step, node or turn, each such unit; ${selection.items} of the task's ${selection.taskItems} items are in the selection` +
      `${selection.description === 'all items' ? '' : ` (${selection.description})`}. Raters: ${selection.raters ? selection.raters.join(', ') : 'every annotator'}, submitted labels only` +
      `${selection.includeJudges ? (selection.judges ? `, and the labels of the LLM judge run${selection.judges.length === 1 ? '' : 's'} ${selection.judges.join(', ')}` : ', and the LLM judge runs’ labels') : ''}.`,
  );
  if (selection.revisedLabels > 0) statements.push(revisionStatement(rows, selection));
  if (selection.earlierVersionLabels > 0) {
    statements.push(
      `${earlierVersionWarning(selection.earlierVersionLabels)} (a re-import changed it since, and ${selection.earlierVersionLabels === 1 ? 'its rater has' : 'their raters have'} not checked and saved ${selection.earlierVersionLabels === 1 ? 'it' : 'them'} again): they are counted as given, not left out.`,
    );
  }
  statements.push(
    'N/A answers and missing labels count as "not rated": they are left out of that rater’s ratings, never counted as a category. Agreement is measured on the units with two or more ratings.',
  );
  statements.push(
    'The category universe is the label schema’s: levels nobody used still count in every chance-corrected statistic.',
  );
  const headline: string[] = [];
  if (kinds.has('binary') || kinds.has('nominal')) headline.push("Cohen's κ (Cohen 1960) for binary and nominal questions");
  if (kinds.has('ordinal') || kinds.has('interval')) {
    headline.push(
      "weighted κ (Cohen 1968) with quadratic agreement weights 1 − (vᵢ − vⱼ)² / (v_max − v_min)² on the levels' numeric values for ordinal and score questions (linear weights reported beside it)",
    );
  }
  if (headline.length > 0) {
    statements.push(
      `With two raters each row is headed by ${headline.join(', and ')}${manyRaters ? `; with three or more raters, ${manyRaterHeadlines(kinds)}. Every pairwise κ is in the annotator matrix` : ''}. ` +
        `Bands follow Landis & Koch (1977), judged on the headline statistic's 95% interval (the bootstrap's, else the normal one) and n: a band is named only when the whole interval lies in it, else the range of bands the interval spans; below 10 units, or without an interval, there is not enough evidence for a band.`,
    );
  }
  if (rows.some((r) => r.headline.statistic === 'krippendorffAlpha.ordinal' || r.headline.statistic === 'krippendorffAlpha.interval')) {
    statements.push(
      "Where α heads a row its Landis–Koch band is given for comparison with κ, judged the same way on α's bootstrap interval; the usual reading of α is Krippendorff's (2004): rely on α ≥ .800, and draw only tentative conclusions from α ≥ .667.",
    );
  }
  if (kinds.has('multilabel')) {
    statements.push(
      "Multilabel questions are analysed tag by tag, each tag as present / absent over the units answered by at least two raters (Cohen's κ for two raters, Fleiss' κ for more); the macro average is the mean of the per-tag κ that are defined, the micro average the κ of all unit × tag decisions pooled; % agreement is the share of identical tag sets.",
    );
  }
  statements.push(
    "Percent agreement is the share of agreeing rater pairs per unit, averaged over units. Krippendorff's α is given at the question's level of measurement; Gwet's AC1, PABAK (Byrt, Bishop & Carlin 1993) and the prevalence and bias indices are shown beside κ because they expose the kappa paradox (Feinstein & Cicchetti 1990), " +
      `flagged when ${PARADOX_RULE}.`,
  );
  if (kinds.has('ordinal') || kinds.has('interval')) {
    statements.push(
      "Ordered questions also get the intraclass correlations ICC1, ICC2, ICC3, ICC1k, ICC2k and ICC3k (Shrout & Fleiss 1979; McGraw & Wong 1996; named as R's psych::ICC names them) on the levels' numeric values with F-based intervals, and Kendall's W (Kendall & Babington Smith 1939) with its χ² test, both over the units every rater rated; Krippendorff's α is given in the nominal, ordinal, interval and ratio metrics, with P(α < " +
        `${settings.alphaThreshold ?? DEFAULT_ALPHA_THRESHOLD}) over the bootstrap (Hayes & Krippendorff 2007).`,
    );
  }
  if (manyRaters) statements.push("With more than two raters Conger's κ (Conger 1980) is given beside Fleiss' κ, with Gwet's (2014) linearised standard error.");
  statements.push(
    'Normal 95% intervals use the large-sample non-null standard error (Fleiss, Cohen & Everitt 1969) on Fisher’s z: tanh(atanh κ ± 1.96 SE/(1 − κ²)), so they stay within [−1, 1]; p values test κ = 0 with the standard error under H0. Fleiss’ κ, Krippendorff’s α and the macro κ have no non-null standard error here and get the bootstrap interval only. ' +
      `Gwet's AC1/AC2 standard errors are ${GWET_VARIANCE_LABEL[settings.gwetVariance ?? DEFAULT_GWET_VARIANCE]}.`,
  );
  statements.push(
    `No interval is given on fewer than ${MIN_INTERVAL_UNITS} units rated by two or more raters, with a standard error of 0, or when 95% of the bootstrap resamples give one value (shown as "not estimable" with the reason); below max(20, 2k²) units for k levels (Cicchetti 1981), or 20 for a score question of more than 10 values (points on a scale, beyond the 3–10 categories Cicchetti simulated), intervals are flagged as optimistic.`,
  );
  statements.push(
    settings.bootstrap > 0
      ? `Bootstrap intervals are percentile intervals (2.5th–97.5th) over ${count(settings.bootstrap)} resamples of units with replacement, seed ${settings.seed}: each resample draws as many units rated by two or more raters as there are, from those units; units rated once, which enter only the chance terms of Fleiss' κ, Conger's κ and Gwet's AC, are drawn among themselves.`
      : 'No bootstrap was run (0 resamples): only normal intervals are given.',
  );
  return {
    bootstrap: { resamples: settings.bootstrap, seed: settings.seed, method: 'percentile' },
    statements,
    computedAt: now.toISOString(),
    accordVersion: ACCORD_VERSION,
  };
}

/**
 * Which statistic heads a question with three or more raters, by kind: Fleiss' κ for binary and
 * nominal questions, Krippendorff's α at the level of measurement for ordinal and score ones
 * (Fleiss' κ ignores the order of the levels).
 */
function manyRaterHeadlines(kinds: ReadonlySet<string>): string {
  const parts: string[] = [];
  if (kinds.has('binary') || kinds.has('nominal')) parts.push("by Fleiss' κ (Fleiss 1971) for binary and nominal questions");
  const alphas: string[] = [];
  if (kinds.has('ordinal')) alphas.push("Krippendorff's α (ordinal) for ordinal questions");
  if (kinds.has('interval')) alphas.push("Krippendorff's α (interval) for score questions");
  if (alphas.length > 0) {
    parts.push(`by ${alphas.join(' and ')} (Krippendorff 2011): Fleiss' κ ignores the order of the levels, so two raters answering neighbouring levels ("Good" and "Very Good") would count as disagreeing as fully as ones at opposite ends`);
  }
  return parts.join(', and ');
}

/**
 * Which labels were compared when annotators revised labels after discussion (issue 13), with
 * the figures on the other labels, so every report says which it is and gives both.
 */
function revisionStatement(rows: readonly QuestionAgreementRow[], selection: AgreementSelectionInfo): string {
  const revised = `${count(selection.revisedLabels)} label${selection.revisedLabels === 1 ? ' was' : 's were'} changed after the lead opened the task for discussion, when the annotators could see each other's answers`;
  const basis =
    selection.labels === 'original'
      ? 'These figures are on the original labels, as each annotator gave them before seeing the others'
      : 'These figures are on the labels as revised after discussion, not on the originals';
  const other = selection.labels === 'original' ? 'revised labels' : 'original labels';
  const beside = rows
    .filter((r) => r.beside)
    .map((r) => `${r.question} ${r.headline.label} ${coef(r.beside!.value)}, ${percent(r.beside!.percentAgreement)} agreement`);
  return `${basis}: ${revised}.${beside.length > 0 ? ` On the ${other}: ${beside.join('; ')}.` : ''}`;
}
