import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PlanStep } from '../../../../../electron/api/artifacts';
import { firstIndexById } from './planSteps';
import type { RefContext } from './StepRefLink';

/** Where a list's selection lives: in the URL (the item's plan) or in the list itself (gold, lineage). */
export interface SelectionSource {
  selectedId: string | null;
  onSelect(id: string | null): void;
}

/**
 * The pointing and choosing inside one rendered plan: which step a placeholder or the
 * overview points at, which step is selected (from `source`, else kept locally), and the
 * reference context its cards need. Following a reference selects and scrolls to its step.
 */
export function usePlanFocus(steps: readonly PlanStep[], scope: string, source?: SelectionSource) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [localSelected, setLocalSelected] = useState<string | null>(null);
  const selectedId = source ? source.selectedId : localSelected;
  const setSelected = source ? source.onSelect : setLocalSelected;
  const byId = useMemo(() => firstIndexById(steps), [steps]);
  const rootRef = useRef<HTMLDivElement | null>(null);

  const scrollTo = useCallback(
    (id: string) => {
      const card = rootRef.current?.querySelector(`[data-scope="${CSS.escape(scope)}"][data-step-id="${CSS.escape(id)}"]`);
      card?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    },
    [scope],
  );
  useEffect(() => {
    if (selectedId !== null) scrollTo(selectedId);
  }, [selectedId, scrollTo]);

  /** Selects a step, or clears the selection when it is the selected one. */
  const toggle = useCallback((id: string) => setSelected(id === selectedId ? null : id), [setSelected, selectedId]);

  const refs: RefContext = useMemo(
    () => ({
      stepOf: (id) => {
        const index = byId.get(id);
        return index === undefined ? undefined : steps[index];
      },
      onHover: (id) => setHovered(id === null ? null : (byId.get(id) ?? null)),
      onFollow: (id) => {
        setSelected(id);
        scrollTo(id);
      },
    }),
    [byId, steps, setSelected, scrollTo],
  );

  const selectedIndex = selectedId === null ? null : (byId.get(selectedId) ?? null);
  return { byId, refs, hovered, setHovered, selectedId, selectedIndex, toggle, select: setSelected, rootRef };
}
