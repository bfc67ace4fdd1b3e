import type { AgreementCategory, AgreementHeadline, AgreementWarning, CategoryAgreement, QuestionAgreementRow, RaterPairCell, TagAgreementDetail } from '../../api/contract';
import { TAG_CATEGORIES } from '../../core/schemas/categories';
import {
  agreementReport,
  buildMultilabelTable,
  buildRatingTable,
  landisKochJudgement,
  multilabelAgreement,
  type MultilabelTable,
  parseTagList,
} from '../../core/stats';
import type { AgreementRating } from '../annotation/agreementRatings';
import type { AnalysisInput } from './analysisInput';
import { disagreeingUnits } from './disagreements';
import { raterDistribution } from './distribution';
import { headlineOf } from './headline';
import { multilabelBootstrap } from './multilabelBootstrap';
import { HEADLINE_LABEL } from './questionKind';
import { multilabelLines } from './statisticLines';
import { type QuestionAnalysis, rowBase } from './singleLabel';

const MACRO_NO_SE = 'an average of κ over tags has no closed-form standard error, so its interval is the bootstrap’s';

/**
 * Agreement on a multilabel question (closed tag set), tag by tag: each tag is a present /
 * absent question with its own full report (Cohen's κ for two raters, Fleiss' κ for more),
 * and the question's headline is the macro average of the per-tag κ, with the micro average
 * (every unit × tag decision pooled) beside it — `core/stats`' `multilabelAgreement`. Every
 * tag is analysed over the same units: those answered by at least two raters, so that the
 * per-tag figures, their average and its bootstrap rest on one set of units.
 */
export function analyseMultilabel(input: AnalysisInput, categories: AgreementCategory[]): QuestionAnalysis {
  const { question, ratings, raters } = input;
  const compared = comparedUnits(ratings);
  const table = buildMultilabelTable(
    ratings.filter((r) => compared.has(r.unit)).map((r) => ({ unit: r.unit, rater: r.rater, tags: r.value === null ? null : parseTagList(r.value) })),
    categories.map((c) => c.name),
  );
  const averages = multilabelAgreement(table);
  const intervals = input.bootstrap > 0 ? multilabelBootstrap(table, input.bootstrap, input.seed) : null;
  const tagLabel = new Map(categories.map((c) => [c.name, c.label]));

  const tags: TagAgreementDetail[] = input.perTag.map(({ tag, ratings: tagRatings }) => {
    const rows = tagRatings.filter((r) => compared.has(r.unit)).map((r) => ({ unit: r.unit, rater: r.rater, value: r.value }));
    const report = agreementReport(buildRatingTable(rows, { levels: TAG_CATEGORIES.map((c) => ({ ...c })) }), {
      type: 'binary',
      bootstrap: input.bootstrap,
      seed: input.seed,
      gwetVariance: input.gwetVariance,
      alphaThreshold: input.alphaThreshold,
    });
    return { tag, label: tagLabel.get(tag) ?? tag, headline: headlineOf(report), report };
  });

  const distribution = raterDistribution(ratings, raters, categories.map((c) => c.name), true);
  const answers = distribution.reduce((sum, d) => sum + d.answered, 0);
  const perCategory: CategoryAgreement[] = tags.map(({ tag, label, headline }, t) => ({
    category: tag,
    label,
    value: headline.value,
    ci95: headline.ci95Normal,
    judgement: headline.judgement,
    prevalence: answers > 0 ? distribution.reduce((sum, d) => sum + d.counts[t], 0) / answers : null,
    ...(headline.value === null ? { reason: headline.reason ?? 'undefined' } : {}),
  }));

  const headline: AgreementHeadline = {
    statistic: 'macroKappa',
    label: macroLabel(averages.macro.tagsAveraged, tags.length),
    value: averages.macro.value,
    ci95Normal: null,
    ci95Bootstrap: intervals?.macro.ci95 ?? null,
    n: compared.size,
    judgement: landisKochJudgement(averages.macro.value, intervals?.macro.ci95 ?? null, compared.size, intervals === null ? 'not bootstrapped' : (intervals.macro.reason ?? undefined)),
    reason: [averages.macro.reason, MACRO_NO_SE, intervals === null ? 'not bootstrapped' : intervals.macro.ci95 === null ? intervals.macro.reason : undefined]
      .filter((x): x is string => Boolean(x))
      .join('; '),
  };
  const disagreements = disagreeingUnits(ratings, raters, input.items, { kind: 'tags' }, input.maxDisagreements);
  const base = rowBase(question, 'multilabel', ratings, raters);
  const percentIdentical = identicalSetAgreement(ratings);
  const summary = {
    statistic: averages.statistic,
    macro: {
      value: averages.macro.value,
      tagsAveraged: averages.macro.tagsAveraged,
      ci95Bootstrap: intervals?.macro.ci95 ?? null,
      ...(averages.macro.reason ? { reason: averages.macro.reason } : {}),
    },
    micro: {
      value: averages.micro.value,
      ci95Bootstrap: intervals?.micro.ci95 ?? null,
      ...(averages.micro.reason ? { reason: averages.micro.reason } : {}),
    },
  };
  const row: QuestionAgreementRow = {
    ...base,
    percentAgreement: percentIdentical,
    headline,
    alpha: null,
    gwetAC1: null,
    pabak: null,
    disagreements: disagreements.total,
    warnings: multilabelWarnings(base.units - base.pairableUnits, base.units, raters.length, tags),
  };
  return {
    row,
    categories,
    statistics: multilabelLines(percentIdentical, summary),
    report: null,
    tags,
    multilabel: summary,
    perCategory,
    raterMatrix: pairwiseMacro(table),
    distribution,
    tiers: null,
    disagreements: disagreements.units,
    disagreementsTotal: disagreements.total,
  };
}

/** Units with answers (not N/A) from two or more raters. */
function comparedUnits(ratings: readonly AgreementRating[]): Set<string> {
  const answers = new Map<string, number>();
  for (const r of ratings) if (r.value !== null) answers.set(r.unit, (answers.get(r.unit) ?? 0) + 1);
  return new Set([...answers].filter(([, n]) => n >= 2).map(([unit]) => unit));
}

/**
 * Observed agreement on whole answers: per unit with two or more answers, the share of rater
 * pairs that chose exactly the same tag set, averaged over those units (Fleiss' P̄ with the
 * tag set as the category).
 */
export function identicalSetAgreement(ratings: readonly AgreementRating[]): number | null {
  const byUnit = new Map<string, string[]>();
  for (const r of ratings) {
    if (r.value === null) continue;
    const canonical = parseTagList(r.value).sort().join(';');
    byUnit.set(r.unit, [...(byUnit.get(r.unit) ?? []), canonical]);
  }
  let units = 0;
  let sum = 0;
  for (const sets of byUnit.values()) {
    if (sets.length < 2) continue;
    let agreeing = 0;
    for (let i = 0; i < sets.length; i++) for (let j = i + 1; j < sets.length; j++) if (sets[i] === sets[j]) agreeing++;
    sum += agreeing / ((sets.length * (sets.length - 1)) / 2);
    units++;
  }
  return units === 0 ? null : sum / units;
}

/** The annotator × annotator matrix of a multilabel question: macro κ of each pair over the units both answered. */
function pairwiseMacro(table: MultilabelTable) {
  const r = table.raters.length;
  const t = table.tags.length;
  const cells: (RaterPairCell | null)[][] = Array.from({ length: r }, () => new Array<RaterPairCell | null>(r).fill(null));
  for (let a = 0; a < r; a++) {
    for (let b = a + 1; b < r; b++) {
      // The pair's own two-rater table: same units, their answers only.
      const rated = new Uint8Array(table.units.length * 2);
      const chosen = new Uint8Array(table.units.length * 2 * t);
      let shared = 0;
      let same = 0;
      for (let u = 0; u < table.units.length; u++) {
        for (const [slot, j] of [[0, a], [1, b]] as const) {
          rated[u * 2 + slot] = table.rated[u * r + j];
          chosen.set(table.chosen.subarray((u * r + j) * t, (u * r + j + 1) * t), (u * 2 + slot) * t);
        }
        if (rated[u * 2] && rated[u * 2 + 1]) {
          shared++;
          let equal = true;
          for (let k = 0; k < t; k++) if (chosen[u * 2 * t + k] !== chosen[(u * 2 + 1) * t + k]) equal = false;
          if (equal) same++;
        }
      }
      const pair = multilabelAgreement({ units: table.units, raters: [table.raters[a], table.raters[b]], tags: table.tags, rated, chosen });
      const cell: RaterPairCell = {
        units: shared,
        percentAgreement: shared === 0 ? { value: null, reason: 'no units answered by both raters' } : { value: same / shared },
        kappa: pair.macro.value === null ? { value: null, reason: pair.macro.reason ?? 'undefined' } : { value: pair.macro.value },
      };
      cells[a][b] = cell;
      cells[b][a] = cell;
    }
  }
  return { raters: [...table.raters], statistic: 'macroKappa' as const, cells };
}

/** The question's caveats: single-answered units left out, and each tag's own warnings, named. */
function multilabelWarnings(singles: number, units: number, raterCount: number, tags: readonly TagAgreementDetail[]): AgreementWarning[] {
  const out: AgreementWarning[] = [];
  if (raterCount < 2) out.push({ code: 'too-few-raters', message: `Agreement needs at least two raters; found ${raterCount}.` });
  if (singles > 0 && raterCount >= 2) {
    out.push({ code: 'single-rated-units', message: `${singles} of ${units} units have a single answer; they cannot show agreement and are left out of every tag's κ.` });
  }
  for (const { tag, report, headline } of tags) {
    for (const warning of report.warnings) {
      if (warning.code === 'too-few-raters' || warning.code === 'single-rated-units') continue;
      // A tag nobody (or everybody) chose has no κ to be paradoxical about; its κ says why.
      if (warning.code === 'kappa-paradox' && headline.value === null) continue;
      out.push({ code: warning.code, message: `Tag "${tag}": ${warning.message}` });
    }
  }
  return out;
}

/**
 * The macro κ's name, saying over how many tags it is the mean when some tag's κ is undefined
 * (e.g. a tag nobody chose): "macro κ (mean over 1 of 6 tags)" — one tag's κ is not an average
 * over the question.
 */
export function macroLabel(averaged: number, tags: number): string {
  return averaged === tags || averaged === 0 ? HEADLINE_LABEL.macroKappa : `macro κ (mean over ${averaged} of ${tags} tag${tags === 1 ? '' : 's'})`;
}
