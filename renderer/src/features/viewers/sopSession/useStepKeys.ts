import { useEffect, useRef, type RefObject } from 'react';
import { isTypingTarget } from '../../item/useNavigationKeys';

/** The viewer's keys, for its cheat sheet. j / k (next / previous item) stay the page's. */
export const STEP_KEYS: [string, string][] = [
  ['] / [', 'next / previous step'],
  ['Esc', 'clear the selected step'],
];

/**
 * Binds {@link STEP_KEYS} while the viewer is on screen. On the labeling screen the same keys
 * move between units there first (it marks them handled), which selects the step here too.
 * Ignored while typing and with Ctrl/Alt/Meta.
 */
export function useStepKeys(root: RefObject<HTMLElement | null>, handlers: { next(): void; previous(): void; clear(): void }) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      const el = root.current;
      if (!el || el.offsetParent === null) return;
      const action = { ']': ref.current.next, '[': ref.current.previous, Escape: ref.current.clear }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root]);
}
