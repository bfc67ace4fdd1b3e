import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../item/useNavigationKeys';

/**
 * `[` and `]` step to the previous and next lineage version (the arrow keys and j/k already
 * move between items). Ignored while typing and with modifier keys.
 */
export function useVersionKeys(handlers: { previous(): void; next(): void }) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === '[') {
        event.preventDefault();
        ref.current.previous();
      } else if (event.key === ']') {
        event.preventDefault();
        ref.current.next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
