import type { RefObject } from 'react';
import { useViewerKeys } from '../useViewerKeys';

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
  useViewerKeys(root, () => ({ ']': handlers.next, '[': handlers.previous, Escape: handlers.clear }));
}
