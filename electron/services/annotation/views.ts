import type { GoldView, LabelView } from '../../api/contract';
import type { GoldRecord } from '../../../db/queries/gold';
import type { LabelRecord } from '../../../db/queries/labels';
import { parseValue } from './taskContext';

/** A stored label as the API shows it. */
export function toLabelView(row: LabelRecord): LabelView {
  return {
    itemId: row.item_id,
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
  };
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
