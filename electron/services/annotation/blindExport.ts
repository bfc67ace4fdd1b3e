import { labelKeyText, labelOriginals, visibilityOfCurrentLabels, type ClearedLabelRecord, type LabelOriginalRecord } from '../../../db/queries/blindness';
import { CLEARED } from '../../core/schemas/labelsCsv';
import type { EventVisibility, LabelRecord as LabelRow } from '../../../db/queries/labels';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { LabelRecord } from '../../core/schemas/labelRecord';
import { answerToCell } from '../../core/schemas/labelValue';
import { parseValue } from './taskContext';

/**
 * What label exports say of blind labeling (issue 13): the original beside a label revised
 * after discussion, and what was visible when each label was made.
 */
export interface BlindExport {
  /** Whether any label has something to say (otherwise the export keeps labels.csv's columns). */
  any: boolean;
  /** Labels revised after discussion. */
  revised: number;
  /** `cleared`: the row stands for a label cleared after discussion (see {@link clearedLabelRow}). */
  csvFields(row: LabelRow, cleared: boolean): string[];
  jsonFields(row: LabelRow, cleared: boolean): Pick<LabelRecord, 'revisedAfterDiscussion' | 'clearedAfterDiscussion' | 'original' | 'visible'>;
}

/** The blind-labeling facts of a task's current labels, for its exports. */
export function blindExport(db: AnyDb, taskId: number): BlindExport {
  const originals = new Map(labelOriginals(db, taskId).map((o) => [labelKeyText(o), o]));
  const visibility = visibilityOfCurrentLabels(db, taskId);
  const originalOf = (row: LabelRow): LabelOriginalRecord | undefined => originals.get(labelKeyText(row));
  const visibleOf = (row: LabelRow): EventVisibility | null => {
    const text = visibility.get(row.event_id);
    return text ? (JSON.parse(text) as EventVisibility) : null;
  };
  return {
    any: originals.size > 0 || [...visibility.values()].some((v) => v !== null),
    revised: originals.size,
    csvFields(row, cleared) {
      const original = originalOf(row);
      const visible = cleared ? null : visibleOf(row);
      return [
        original ? (original.answered === 1 ? answerToCell({ value: parseValue(original.value), na: original.na === 1 }) : '(none)') : '',
        original ? (cleared ? CLEARED : 'yes') : '',
        visible ? `others=${yesNo(visible.others)};scores=${yesNo(visible.scores)};discussion=${yesNo(visible.discussion)}` : '',
      ];
    },
    jsonFields(row, cleared) {
      const original = originalOf(row);
      return {
        revisedAfterDiscussion: original !== undefined,
        ...(cleared ? { clearedAfterDiscussion: true } : {}),
        ...(original ? { original: original.answered === 1 ? { value: parseValue(original.value), na: original.na === 1, rationale: original.rationale } : null } : {}),
        visible: cleared ? null : visibleOf(row),
      };
    },
  };
}

/**
 * A label its rater cleared after discussion, as an export row: no answer, the original beside
 * it (agreement on the originals counts it, so the export must not leave it out).
 */
export function clearedLabelRow(o: ClearedLabelRecord): LabelRow {
  return {
    id: 0,
    task_id: o.task_id,
    item_id: o.item_id,
    unit: o.unit,
    question: o.question,
    rater_id: o.rater_id,
    rater: o.rater,
    rater_kind: o.rater_kind,
    value: null,
    na: 0,
    rationale: null,
    seconds_spent: 0,
    event_id: 0,
    created_at: o.revised_at,
    updated_at: o.revised_at,
    external_id: o.external_id,
    dataset: o.dataset,
    earlier_version: 0,
  };
}

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');
