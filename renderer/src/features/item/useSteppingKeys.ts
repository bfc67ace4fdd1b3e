import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { IDLE_QUEUE, pressStep, takeStep, type StepQueue, type StepView } from './stepQueue';
import type { Neighbours } from './useItemNeighbours';
import { useNavigationKeys } from './useNavigationKeys';

/**
 * `j` / `k` (and → / ←) move to the next or previous item, one item per press however fast
 * the presses come: presses made while a move is under way are queued (see stepQueue.ts) and
 * carried out one by one, each from the item the previous one landed on. The returned
 * functions put the Previous / Next buttons' clicks in the same queue.
 *
 * Why not simply follow the links on screen: the router renders a navigation in a transition,
 * so for a while after a move the page (and these keys) still hold the neighbours of the item
 * being left — a second press then goes to the same item again and is lost.
 */
export function useSteppingKeys(id: number | null, neighbours: Neighbours) {
  const navigate = useNavigate();
  const queue = useRef<StepQueue>(IDLE_QUEUE);
  // What the page has committed to the screen, not what a render under way may yet show.
  const view = useRef<StepView>({ id, neighbours });

  const step = useCallback(() => {
    const { queue: next, go } = takeStep(queue.current, view.current);
    queue.current = next;
    if (go) void navigate(go.href);
  }, [navigate]);

  useEffect(() => {
    view.current = { id, neighbours };
    step();
  }, [id, neighbours, step]);

  const press = (direction: 1 | -1, repeat = false) => {
    queue.current = pressStep(queue.current, direction, repeat);
    step();
  };
  useNavigationKeys({ next: (event) => press(1, event.repeat), previous: (event) => press(-1, event.repeat) });
  return { stepNext: () => press(1), stepPrevious: () => press(-1) };
}
