import { labelKeyText, labelOriginals, visibilityOfCurrentLabels, type LabelOriginalRecord } from '../../../db/queries/blindness';
import type { EventVisibility, LabelRecord as LabelRow } from '../../../db/queries/labels';
import type { Db } from '../../../db/workspace';
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
  csvFields(row: LabelRow): string[];
  jsonFields(row: LabelRow): Pick<LabelRecord, 'revisedAfterDiscussion' | 'original' | 'visible'>;
}

/** The blind-labeling facts of a task's current labels, for its exports. */
export function blindExport(db: Db, taskId: number): BlindExport {
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
    csvFields(row) {
      const original = originalOf(row);
      const visible = visibleOf(row);
      return [
        original ? (original.answered === 1 ? answerToCell({ value: parseValue(original.value), na: original.na === 1 }) : '(none)') : '',
        original ? 'yes' : '',
        visible ? `others=${yesNo(visible.others)};scores=${yesNo(visible.scores)};discussion=${yesNo(visible.discussion)}` : '',
      ];
    },
    jsonFields(row) {
      const original = originalOf(row);
      return {
        revisedAfterDiscussion: original !== undefined,
        ...(original ? { original: original.answered === 1 ? { value: parseValue(original.value), na: original.na === 1, rationale: original.rationale } : null } : {}),
        visible: visibleOf(row),
      };
    },
  };
}

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');
