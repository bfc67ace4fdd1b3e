import type { AgreementHeadline, AgreementKind, HeadlineStatistic } from '../../api/contract';
import type { Category } from '../../core/schemas/categories';
import type { Question } from '../../core/schemas/model';
import type { LevelSpec } from '../../core/stats';

/**
 * How a schema question's answers are compared (issue 5): binary and nominal as categories,
 * ordinal levels as an ordered scale on their numeric values, scores (0 / 0.5 / 1) as an
 * interval scale, multilabel questions tag by tag. Text questions have no categories.
 */
export function agreementKindOf(question: Question): AgreementKind | null {
  switch (question.type) {
    case 'binary':
      return 'binary';
    case 'nominal':
      return 'nominal';
    case 'ordinal':
      return 'ordinal';
    case 'score':
      return 'interval';
    case 'multilabel':
      return 'multilabel';
    case 'text':
      return null;
  }
}

/**
 * The levels `core/stats` gets: the schema's category universe, lowest value first for ordered
 * questions (a binary question lists its positive answer first, but the ordered statistics
 * want the values increasing — the same order judges' calibration uses, so both show the
 * same confusion matrices).
 */
export function levelsOf(categories: readonly Category[], kind: AgreementKind): LevelSpec[] {
  const ordered = kind === 'nominal' ? [...categories] : [...categories].sort((a, b) => a.value - b.value);
  return ordered.map((c) => ({ name: c.name, value: c.value }));
}

/** How reports name each headline statistic. */
export const HEADLINE_LABEL: Readonly<Record<HeadlineStatistic, string>> = {
  cohenKappa: "Cohen's κ",
  'weightedKappa.quadratic': 'weighted κ (quadratic)',
  fleissKappa: "Fleiss' κ",
  'krippendorffAlpha.ordinal': "Krippendorff's α (ordinal)",
  'krippendorffAlpha.interval': "Krippendorff's α (interval)",
  macroKappa: 'macro κ (mean over tags)',
};

/** A headline with every figure missing, and why. */
export function emptyHeadline(statistic: HeadlineStatistic, reason: string): AgreementHeadline {
  return { statistic, label: HEADLINE_LABEL[statistic], value: null, ci95Normal: null, ci95Bootstrap: null, n: 0, judgement: null, reason };
}
