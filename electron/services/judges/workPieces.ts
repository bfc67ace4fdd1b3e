import type { JudgeItemRecord } from '../../../db/queries/judges';
import type { JudgeDefinition } from '../../core/judges/model';
import type { JudgeItem } from '../../core/judges/placeholders';
import { unitsOf } from '../../core/schemas/unitKeys';

/** One request a run needs: an item, or one unit of it for a per-unit judge. */
export interface WorkPiece {
  itemId: number;
  /** `''` for a per-item judge. */
  unit: string;
  item: JudgeItem;
}

/** The item as a judge's template sees it. */
export function toJudgeItem(row: JudgeItemRecord): JudgeItem {
  return { externalId: row.external_id, dataset: row.dataset, kind: row.kind, payload: JSON.parse(row.payload), metadata: JSON.parse(row.metadata) };
}

/**
 * The requests a judge needs over some items, in item order: one per item, or one per unit of
 * the judge's scope (an item without such units needs none).
 */
export function workPieces(judge: JudgeDefinition, rows: readonly JudgeItemRecord[]): WorkPiece[] {
  return rows.flatMap((row) => {
    const item = toJudgeItem(row);
    if (judge.per === 'item') return [{ itemId: row.item_id, unit: '', item }];
    return unitsOf(item.kind, item.payload, judge.per).map((unit) => ({ itemId: row.item_id, unit, item }));
  });
}
