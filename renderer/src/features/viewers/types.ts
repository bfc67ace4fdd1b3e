import type { ItemDetail } from '../../../../electron/api/contract';
import type { UnitRef } from '../../common/units';

/**
 * What every artifact viewer receives. A viewer renders one item of its kind; selection of a
 * unit (node, edge, step, turn) lives in the URL (`?unit=step:3`), so it is a deep link.
 */
export interface ViewerProps {
  item: ItemDetail;
  /** The unit the URL selects, if any (from a deep link or a clicked finding). */
  unit: UnitRef | null;
  /** Selects a unit (`"node:N1"`) or clears the selection (null); updates the URL. */
  onSelectUnit(unit: string | null): void;
  /**
   * The viewer fills the height its pane gives it (the labeling and adjudication screens)
   * instead of sizing itself to the window (the item page).
   */
  fill?: boolean;
}
