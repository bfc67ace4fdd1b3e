import { useEffect, useRef, type RefObject } from 'react';
import { isTypingTarget } from '../item/useNavigationKeys';

/**
 * Binds a viewer's own keys while the viewer is on screen (it stays mounted, hidden, behind the
 * Raw tab): `keymap` maps `event.key` to its action, read at each press so the actions see the
 * latest state. Ignored while typing, with Ctrl/Alt/Meta (browser shortcuts keep working) and
 * when a screen above already handled the key (the labeling screen's unit keys).
 */
export function useViewerKeys(root: RefObject<HTMLElement | null>, keymap: () => Partial<Record<string, () => void>>) {
  const ref = useRef(keymap);
  ref.current = keymap;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      const el = root.current;
      if (!el || el.offsetParent === null) return;
      const action = ref.current()[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root]);
}
