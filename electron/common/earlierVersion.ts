import { count } from './numberFormat';

/*
 * Labels made on an earlier version of an item (issue 13, rule 1): a re-import changed the item
 * after the label was made. They are kept, flagged until their rater checks and saves them
 * again; these are the words the screens, the reports and the CLI use for them.
 */

/** The notice beside such a label on the labeling screen and the item view. */
export const EARLIER_VERSION_NOTICE = 'Made on an earlier version of this item — check and save again';

const plural = (n: number, singular: string, pluralForm = `${singular}s`) => `${count(n)} ${n === 1 ? singular : pluralForm}`;

/** "3 labels were made on an earlier version of their item". */
export function earlierVersionWarning(labels: number): string {
  return `${plural(labels, 'label')} ${labels === 1 ? 'was' : 'were'} made on an earlier version of ${labels === 1 ? 'its' : 'their'} item`;
}

/** What a re-import did to labelled items (the API's `ChangedLabelledItems`, restated: this folder imports nothing else). */
export interface ChangedLabelledCounts {
  items: number;
  labels: number;
  byRater: readonly { rater: string; labels: number }[];
}

/**
 * "2 items that had labels changed: 3 labels (ana 2, ben 1) now sit on an earlier version —
 * they are kept and flagged until checked and saved again". Null when no labelled item changed.
 */
export function changedLabelledLine(changed: ChangedLabelledCounts | null | undefined): string | null {
  if (!changed || changed.items === 0) return null;
  const who = changed.byRater.map((r) => `${r.rater} ${count(r.labels)}`).join(', ');
  return `${plural(changed.items, 'item')} that had labels changed: ${plural(changed.labels, 'label')} (${who}) now ${changed.labels === 1 ? 'sits' : 'sit'} on an earlier version — kept, and flagged until checked and saved again`;
}
