import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The selected unit (a turn, a step, a node) as the `unit` search parameter, so a link opens the
 * same unit. Selecting replaces the history entry: stepping through units is not navigation.
 * The router's params, not useSearchParamsNow's: the labeling screen keeps the unit in its own
 * state and mirrors it here, taking a unit the URL shows for a link followed; shown a pending
 * write at once, it lost a step's answer when keys came fast (annotation-concurrency.heavy.spec).
 */
export function useUnitParam(): [string | null, (unit: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const select = useCallback(
    (unit: string | null) =>
      setSearch(
        (current) => {
          const copy = new URLSearchParams(current);
          if (unit) copy.set('unit', unit);
          else copy.delete('unit');
          return copy;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [search.get('unit'), select];
}
