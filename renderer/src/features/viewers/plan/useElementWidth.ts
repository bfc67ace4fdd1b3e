import { useEffect, useState, type RefObject } from 'react';

/**
 * The width of an element, kept current with a ResizeObserver, so a viewer can lay itself out
 * for the pane it is in (the item page, or the narrower left half of the labeling screen).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
