import { useState } from 'react';

/**
 * The plan viewer's views: the plan alone, the plan beside its gold plan, the gold plan alone
 * (while automatic scores are hidden: no comparison), the lineage.
 */
export type PlanMode = 'steps' | 'compare' | 'gold' | 'lineage';

const STORAGE_KEY = 'accord.planViewer.layout';

function storedLayout(): 'steps' | 'compare' {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'steps' ? 'steps' : 'compare';
  } catch {
    return 'compare';
  }
}

/**
 * The view to show: the one chosen on this item if it can be shown, else the preferred layout,
 * else the first non-lineage view, else the lineage; `null` when the item has nothing to show.
 */
export function pickMode(available: readonly PlanMode[], chosen: PlanMode | null, preferred: 'steps' | 'compare'): PlanMode | null {
  if (chosen && available.includes(chosen)) return chosen;
  if (available.includes(preferred)) return preferred;
  return available.find((m) => m !== 'lineage' && m !== 'gold') ?? available[0] ?? null;
}

/**
 * Which view is shown. The reviewer's last choice between "steps" and "compare" carries over
 * to the next item (it is a way of working, not a property of one item; gold side by side
 * first when nothing was chosen); the lineage is opened on purpose, per item. A view the
 * item cannot show falls back to the first one it can.
 */
export function usePlanMode(available: readonly PlanMode[]) {
  const [chosen, setChosen] = useState<PlanMode | null>(null);
  const mode = pickMode(available, chosen, storedLayout());
  const choose = (next: PlanMode) => {
    setChosen(next);
    if (next === 'steps' || next === 'compare') {
      try {
        window.localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Storage may be unavailable (private window); the choice then lasts for this item.
      }
    }
  };
  return { mode, choose };
}
