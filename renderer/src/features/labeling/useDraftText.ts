import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Text the person is typing, saved a moment after they stop (and on blur, and before the item
 * is left, through `register`). While they type, a newer value from the service does not
 * overwrite the field.
 */
export function useDraftText(saved: string, save: (text: string) => void, register: (flush: () => void) => () => void, delayMs = 700) {
  const [text, setText] = useState(saved);
  const dirty = useRef(false);
  const timer = useRef<number | null>(null);
  const latest = useRef({ text, save });
  latest.current = { text, save };

  const flush = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    latest.current.save(latest.current.text);
  }, []);

  useEffect(() => {
    if (!dirty.current) setText(saved);
  }, [saved]);

  useEffect(() => {
    const unregister = register(flush);
    return () => {
      flush();
      unregister();
    };
  }, [register, flush]);

  const change = (next: string) => {
    setText(next);
    dirty.current = true;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, delayMs);
  };
  return { text, change, flush };
}
