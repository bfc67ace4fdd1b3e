import { listItems } from '../../../db/queries/browse';
import { labelKeyText, labelOriginals } from '../../../db/queries/blindness';
import { labelQueries, labelsOnEarlierVersions } from '../../../db/queries/labels';
import { taskItems, type TaskItemRecord } from '../../../db/queries/tasks';
import { asSql, type AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { AgreementSelectionInfo, ItemFilter } from '../../api/contract';

/** What to compare, as the agreement methods receive it. */
export interface SelectionArgs {
  filter: ItemFilter;
  includeJudges: boolean;
  raters?: string[];
  /** With `includeJudges`: only these judge runs (`judge:…`); all when absent. */
  judges?: string[];
  /** Labels revised after discussion: the originals (default) or as revised. */
  labels?: 'original' | 'revised';
}

/** The task items a selection keeps, with what the reports say about it. */
export interface ResolvedSelection {
  items: TaskItemRecord[];
  /** Ids to pass to `ratingsForAgreement`; undefined = every task item (no filter). */
  itemIds: number[] | undefined;
  info: AgreementSelectionInfo;
}

/**
 * Narrows a task to the items matching an item-browser filter (dataset, kind, search,
 * findings, metadata fields such as model or domain), so agreement can be recomputed on a
 * selection with exactly the filter semantics of the item browser.
 */
export function resolveSelection(db: AnyDb, taskId: number, args: SelectionArgs): ResolvedSelection {
  const all = taskItems(db, taskId);
  const filtered = hasFilter(args.filter);
  let items = all;
  if (filtered) {
    const matching = new Set(matchingItemIds(db, args.filter));
    items = all.filter((item) => matching.has(item.item_id));
  }
  return {
    items,
    itemIds: filtered ? items.map((item) => item.item_id) : undefined,
    info: {
      filter: args.filter,
      description: describeFilter(db, args.filter),
      includeJudges: args.includeJudges,
      raters: args.raters ? [...args.raters] : null,
      ...(args.includeJudges ? { judges: args.judges ? [...args.judges] : null, judgeRaters: [] } : {}),
      items: items.length,
      taskItems: all.length,
      labels: args.labels ?? 'original',
      revisedLabels: revisedLabelCount(db, taskId, new Set(items.map((item) => item.item_id))),
      earlierVersionLabels: earlierVersionCount(db, taskId, new Set(items.map((item) => item.item_id)), args),
    },
  };
}

/** Labels of the compared raters on the selected items that were made on an earlier version of their item. */
function earlierVersionCount(db: AnyDb, taskId: number, itemIds: ReadonlySet<number>, args: SelectionArgs): number {
  const raters = args.raters ? new Set(args.raters) : null;
  return labelsOnEarlierVersions(db, taskId).filter(
    (l) => itemIds.has(l.item_id) && (raters ? raters.has(l.rater) : l.rater_kind === 'human' || (args.includeJudges && judgeCompared(args, l.rater))),
  ).length;
}

/** Whether a judge rater's labels are compared under `args.judges` (every judge run when it is absent). */
export function judgeCompared(args: Pick<SelectionArgs, 'judges'>, rater: string): boolean {
  return args.judges === undefined || args.judges.includes(rater);
}

function hasFilter(filter: ItemFilter): boolean {
  return (
    filter.datasetId !== undefined ||
    filter.kind !== undefined ||
    (filter.search ?? '') !== '' ||
    filter.severity !== undefined ||
    Object.keys(filter.metadata ?? {}).length > 0
  );
}

/** Every item id the browser's filter matches (its own query, paged through at once). */
function matchingItemIds(db: AnyDb, filter: ItemFilter): number[] {
  const first = listItems(db, filter, { offset: 0, limit: 1, sort: 'id', descending: false });
  if (first.total === 0) return [];
  return listItems(db, filter, { offset: 0, limit: first.total, sort: 'id', descending: false }).rows.map((row) => row.id);
}

/** A filter in words, naming the dataset rather than its id. */
function describeFilter(db: AnyDb, filter: ItemFilter): string {
  const parts: string[] = [];
  if (filter.datasetId !== undefined) {
    const sql = asSql(db);
    const row = sql.one(sql.q.selectFrom('datasets').select('name').where('id', '=', filter.datasetId));
    parts.push(`dataset ${row?.name ?? `#${filter.datasetId}`}`);
  }
  if (filter.kind) parts.push(`${filter.kind}s`);
  if (filter.search) parts.push(`matching "${filter.search}"`);
  if (filter.severity) parts.push(`with ${filter.severity === 'info' ? 'any finding' : filter.severity === 'warning' ? 'errors or warnings' : 'errors'}`);
  for (const [key, value] of Object.entries(filter.metadata ?? {})) parts.push(`${key} = ${String(value)}`);
  return parts.length > 0 ? parts.join(', ') : 'all items';
}

/** Labels on these items that their raters changed after discussion (now different from their originals). */
export function revisedLabelCount(db: AnyDb, taskId: number, itemIds: ReadonlySet<number>, question?: string): number {
  const originals = labelOriginals(db, taskId, question).filter((o) => itemIds.has(o.item_id));
  if (originals.length === 0) return 0;
  const current = new Map(labelQueries(db).ofTask(taskId, question).map((l) => [labelKeyText(l), l]));
  return originals.filter((o) => {
    const now = current.get(labelKeyText(o));
    if (!now || o.answered === 0) return (now !== undefined) !== (o.answered === 1);
    return now.value !== o.value || now.na !== o.na;
  }).length;
}
