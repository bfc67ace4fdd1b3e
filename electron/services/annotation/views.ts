import type { GoldView, LabelView } from '../../api/contract';
import type { GoldRecord } from '../../../db/queries/gold';
// db/queries/labels' `LabelRecord` is the database row; the label itself is core's
// `LabelRecord` (a labels-file line). Only labelOfRow turns one into the other.
import type { LabelRecord as LabelRow } from '../../../db/queries/labels';
import type { LabelRecord } from '../../core/schemas/labelRecord';
import { parseValue } from './taskContext';

/**
 * A stored label as the one label shape, {@link LabelRecord} without its task (the caller
 * knows it). The screens' {@link LabelView}, the labels files and the label packs all start
 * from here, so a column added to the row reaches all three at once.
 */
export function labelOfRow(row: LabelRow): Omit<LabelRecord, 'task'> {
  return {
    dataset: row.dataset,
    item: row.external_id,
    unit: row.unit,
    question: row.question,
    rater: row.rater,
    raterKind: row.rater_kind,
    value: parseValue(row.value),
    na: row.na === 1,
    rationale: row.rationale,
    secondsSpent: row.seconds_spent,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Said only when true, so exports and packs of labels on the current version are as before.
    ...(row.earlier_version === 1 ? { earlierVersion: true } : {}),
  };
}

/** A stored label as the API shows it: the label, naming its item by row id. */
export function toLabelView(row: LabelRow): LabelView {
  const { dataset: _dataset, item: _item, ...label } = labelOfRow(row);
  return { itemId: row.item_id, ...label };
}

/** A stored gold label as the API shows it. */
export function toGoldView(row: GoldRecord): GoldView {
  return {
    itemId: row.item_id,
    unit: row.unit,
    question: row.question,
    value: parseValue(row.value),
    na: row.na === 1,
    rationale: row.rationale,
    adjudicator: row.adjudicator,
    source: row.source,
    updatedAt: row.updated_at,
  };
}
