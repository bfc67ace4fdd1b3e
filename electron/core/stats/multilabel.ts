import { type CategoryCounts } from './categoryCounts';
import { cohenKappa } from './cohenKappa';
import { type ContingencyTable } from './contingencyTable';
import { fleissKappa } from './fleissKappa';
import { RatingsInputError } from './ratingsInputError';
import { type Stat } from './stat';

/** One multilabel answer in long format: the tags a rater chose, or null = not rated. */
export interface TagRow {
  readonly unit: string;
  readonly rater: string;
  /** Chosen tags; `[]` = rated, no tag applies; `null` = not rated. */
  readonly tags: readonly string[] | null;
  readonly line?: number;
}

/**
 * A multilabel question (closed tag set) as units × raters × tags: each answer a bit set over
 * `tags`, or unrated.
 */
export interface MultilabelTable {
  readonly units: readonly string[];
  readonly raters: readonly string[];
  readonly tags: readonly string[];
  /** `rated[u * raters + r]` = 1 when rater r answered unit u. */
  readonly rated: Uint8Array;
  /** `chosen[(u * raters + r) * tags + t]` = 1 when that answer includes tag t. */
  readonly chosen: Uint8Array;
}

/** Splits a `;`-separated tag list as written in labels.csv ("incorrect_tool;complex_prompt"). */
export function parseTagList(value: string): string[] {
  return value.split(';').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

/**
 * Builds a {@link MultilabelTable} over a closed tag set.
 *
 * @throws RatingsInputError (with the line when known) for a tag outside the set or a rater
 *   answering the same unit twice.
 */
export function buildMultilabelTable(rows: readonly TagRow[], tags: readonly string[]): MultilabelTable {
  const tagIndex = new Map(tags.map((tag, i) => [tag, i]));
  const unitIndex = new Map<string, number>();
  const raterIndex = new Map<string, number>();
  for (const row of rows) {
    if (!unitIndex.has(row.unit)) unitIndex.set(row.unit, unitIndex.size);
    if (!raterIndex.has(row.rater)) raterIndex.set(row.rater, raterIndex.size);
  }
  const r = raterIndex.size;
  const t = tags.length;
  const rated = new Uint8Array(unitIndex.size * r);
  const seen = new Uint8Array(unitIndex.size * r);
  const chosen = new Uint8Array(unitIndex.size * r * t);
  for (const row of rows) {
    const answer = (unitIndex.get(row.unit) as number) * r + (raterIndex.get(row.rater) as number);
    if (seen[answer]) throw new RatingsInputError(`rater "${row.rater}" answered unit "${row.unit}" twice`, row.line);
    seen[answer] = 1;
    if (row.tags === null) continue;
    rated[answer] = 1;
    for (const tag of row.tags) {
      const index = tagIndex.get(tag);
      if (index === undefined) throw new RatingsInputError(`tag "${tag}" is not one of the tags (${tags.join(', ')})`, row.line);
      chosen[answer * t + index] = 1;
    }
  }
  return { units: [...unitIndex.keys()], raters: [...raterIndex.keys()], tags: [...tags], rated, chosen };
}

/** Agreement on one tag (present / absent). */
export interface TagAgreement {
  readonly tag: string;
  /** Units in the comparison (both raters answered, or at least two raters for Fleiss). */
  readonly units: number;
  readonly kappa: Stat;
}

/** Per-tag κ with its macro and micro averages. */
export interface MultilabelAgreement {
  /** Cohen's κ for two raters, Fleiss' κ for more. */
  readonly statistic: 'cohenKappa' | 'fleissKappa';
  readonly perTag: TagAgreement[];
  /** Unweighted mean of the per-tag κ that are defined; `tagsAveraged` says how many. */
  readonly macro: Stat & { readonly tagsAveraged: number };
  /** κ of all (unit, tag) decisions pooled into one present/absent table. */
  readonly micro: Stat;
}

/**
 * Agreement on a multilabel question, tag by tag: each tag is a present/absent question,
 * scored with Cohen's κ (two raters) or Fleiss' κ (more). The macro average is the mean of the
 * per-tag κ (every tag counts the same); the micro average pools every (unit, tag) decision
 * into one 2 × 2 table (Cohen) or one count matrix (Fleiss), so frequent tags weigh more —
 * the usual macro/micro convention of multilabel evaluation (Sokolova & Lapalme 2009).
 *
 * Degenerate input: fewer than two raters → all null; a tag nobody (or everybody) used has κ
 * null and is left out of the macro average.
 *
 * @example multilabelAgreement(buildMultilabelTable(rows, ['incorrect_tool', 'complex_prompt'])).macro
 */
export function multilabelAgreement(table: MultilabelTable): MultilabelAgreement {
  const r = table.raters.length;
  const t = table.tags.length;
  const statistic = r === 2 ? 'cohenKappa' : 'fleissKappa';
  if (r < 2) {
    const reason = `agreement needs at least two raters; found ${r}`;
    return {
      statistic,
      perTag: table.tags.map((tag) => ({ tag, units: 0, kappa: { value: null, reason } })),
      macro: { value: null, reason, tagsAveraged: 0 },
      micro: { value: null, reason },
    };
  }
  const perTag = table.tags.map((tag, index) => tagAgreement(table, statistic, [index], tag));
  const definedKappas = perTag.flatMap((entry) => (entry.kappa.value === null ? [] : [entry.kappa.value]));
  const macro = definedKappas.length === 0
    ? { value: null, reason: 'no tag has a defined κ', tagsAveraged: 0 }
    : { value: definedKappas.reduce((sum, k) => sum + k, 0) / definedKappas.length, tagsAveraged: definedKappas.length };
  const micro = t === 0
    ? { value: null, reason: 'the question has no tags' }
    : tagAgreement(table, statistic, table.tags.map((_, i) => i), '').kappa;
  return { statistic, perTag, macro, micro };
}

function tagAgreement(table: MultilabelTable, statistic: MultilabelAgreement['statistic'], tagIndices: readonly number[], tag: string): TagAgreement {
  const r = table.raters.length;
  const t = table.tags.length;
  const units = table.units.length;
  if (statistic === 'cohenKappa') {
    const counts = new Float64Array(4);
    let compared = 0;
    for (let u = 0; u < units; u++) {
      const a = u * r;
      const b = u * r + 1;
      if (!table.rated[a] || !table.rated[b]) continue;
      compared++;
      for (const index of tagIndices) counts[table.chosen[a * t + index] * 2 + table.chosen[b * t + index]] += 1;
    }
    const pair: ContingencyTable = { k: 2, counts };
    const estimate = cohenKappa(pair);
    return { tag, units: compared, kappa: toStat(estimate.value, estimate.reason) };
  }
  const rows: number[] = [];
  let compared = 0;
  for (let u = 0; u < units; u++) {
    let answers = 0;
    for (let j = 0; j < r; j++) answers += table.rated[u * r + j];
    if (answers < 2) continue;
    compared++;
    for (const index of tagIndices) {
      let present = 0;
      for (let j = 0; j < r; j++) present += table.rated[u * r + j] ? table.chosen[(u * r + j) * t + index] : 0;
      rows.push(answers - present, present);
    }
  }
  const counts: CategoryCounts = { q: 2, rows: rows.length / 2, counts: Float64Array.from(rows), weights: new Float64Array(rows.length / 2).fill(1) };
  const estimate = fleissKappa(counts);
  return { tag, units: compared, kappa: toStat(estimate.value, estimate.reason) };
}

function toStat(value: number | null, reason: string | undefined): Stat {
  return value === null ? { value: null, reason: reason ?? 'undefined' } : { value };
}
