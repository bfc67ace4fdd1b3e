import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Neighbours } from './useItemNeighbours';
import { useNavigationKeys } from './useNavigationKeys';

type Direction = 'next' | 'previous';

/**
 * `j` / `k` (and → / ←) move to the next or previous item. A key pressed while the new item's
 * neighbours are still being asked for is kept and carried out when they arrive, so a reviewer
 * who presses `k k` quickly lands two items back instead of one.
 */
export function useSteppingKeys(neighbours: Neighbours) {
  const navigate = useNavigate();
  const pending = useRef<Direction | null>(null);
  const move = (direction: Direction) => {
    const target = neighbours[direction];
    if (target) navigate(target.href);
    else if (neighbours.loading) pending.current = direction;
  };
  useNavigationKeys({ next: () => move('next'), previous: () => move('previous') });

  useEffect(() => {
    if (neighbours.loading || pending.current === null) return;
    const target = neighbours[pending.current];
    pending.current = null;
    if (target) navigate(target.href);
  }, [neighbours, navigate]);
}
