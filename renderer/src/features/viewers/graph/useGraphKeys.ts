import type { RefObject } from 'react';
import { useViewerKeys } from '../useViewerKeys';

/** The viewer's keys, for its cheat sheet. j / k (next / previous item) stay the page's. */
export const GRAPH_KEYS: [string, string][] = [
  ['] / [', 'next / previous journey'],
  ['Esc', 'clear the selection, then the journey'],
  ['F', 'fit the whole graph'],
  ['+ / −', 'zoom in / out'],
  ['M', 'show or hide the minimap'],
  ['I', 'show or hide the inspector'],
  ['Tab, Enter', 'move to a node or edge text and select it'],
  ['/', 'find a node by id or title'],
];

export interface GraphKeyHandlers {
  nextJourney(): void;
  previousJourney(): void;
  escape(): void;
  fit(): void;
  zoomIn(): void;
  zoomOut(): void;
  toggleMinimap(): void;
  toggleInspector(): void;
  search(): void;
}

/**
 * Binds {@link GRAPH_KEYS} while the viewer is on screen (it stays mounted, hidden, behind the
 * Raw tab). Ignored while typing and with Ctrl/Alt/Meta, so browser shortcuts keep working.
 */
export function useGraphKeys(root: RefObject<HTMLElement | null>, handlers: GraphKeyHandlers) {
  const h = handlers;
  useViewerKeys(root, () => {
    return {
      ']': h.nextJourney,
      '[': h.previousJourney,
      Escape: h.escape,
      f: h.fit,
      F: h.fit,
      '+': h.zoomIn,
      '=': h.zoomIn,
      '-': h.zoomOut,
      m: h.toggleMinimap,
      M: h.toggleMinimap,
      i: h.toggleInspector,
      I: h.toggleInspector,
      '/': h.search,
    };
  });
}
