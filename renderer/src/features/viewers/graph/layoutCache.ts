import type { GraphLayout } from './elkLayout';

const MAX_ENTRIES = 12;
const cache = new Map<string, GraphLayout>();

/**
 * Layouts already computed in this page, by graph content and edge-text mode, so returning to
 * an item (next/previous, switching the edge text back) draws at once. Least recently used
 * entries go first.
 */
export const layoutCache = {
  get(key: string): GraphLayout | undefined {
    const layout = cache.get(key);
    if (layout) {
      cache.delete(key);
      cache.set(key, layout);
    }
    return layout;
  },
  set(key: string, layout: GraphLayout): void {
    cache.set(key, layout);
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  },
};
