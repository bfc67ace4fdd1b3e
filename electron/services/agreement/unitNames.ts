import type { TaskItemRecord } from '../../../db/queries/tasks';

/** Where a rating's unit (`<item>|<unitKey>`) points: the item and the unit inside it. */
export interface UnitPlace {
  itemId: number;
  externalId: string;
  dataset: string;
  unitKey: string;
}

/**
 * Splits a unit as `ratingsForAgreement` names it — the external id (prefixed with
 * `<dataset>/` where it repeats across the task's datasets), `|`, the unit key — using the
 * item the rating came from, so a `|` inside an external id or a unit key cannot mislead it.
 */
export function unitPlace(unit: string, item: TaskItemRecord): UnitPlace {
  const qualified = `${item.dataset}/${item.external_id}|`;
  const prefix = unit.startsWith(qualified) ? qualified : `${item.external_id}|`;
  return { itemId: item.item_id, externalId: item.external_id, dataset: item.dataset, unitKey: unit.slice(prefix.length) };
}
