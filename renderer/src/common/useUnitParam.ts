import { useCallback } from 'react';
import { useSearchParamsNow } from './useSearchParamsNow';

/**
 * The selected unit (a turn, a step, a node) as the `unit` search parameter, so a link opens the
 * same unit. Selecting replaces the history entry: stepping through units is not navigation.
 */
export function useUnitParam(): [string | null, (unit: string | null) => void] {
  const [search, setSearch] = useSearchParamsNow();
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
