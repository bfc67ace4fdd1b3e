import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ItemDetail } from '../../../../electron/api/contract';
import type { ViewerProps } from './types';

type Kind = ItemDetail['kind'];

/**
 * The rich viewer of each artifact kind, loaded lazily so a heavy one (the graph layout) costs
 * nothing until an item of its kind is opened. A kind without an entry is shown by the raw
 * view alone. To add one (issue 3), write `features/viewers/<kind>/<Kind>Viewer.tsx` with a
 * default export taking {@link ViewerProps}, and register it here:
 *
 * ```ts
 * graph: lazy(() => import('./graph/GraphViewer')),
 * ```
 */
export const viewers: Partial<Record<Kind, LazyExoticComponent<ComponentType<ViewerProps>>>> = {
  graph: lazy(() => import('./graph/GraphViewer')),
  plan: lazy(() => import('./plan/PlanViewer')),
  // An Agent-S session is a conversation with its own viewer (conversationKind.tsx picks).
  conversation: lazy(() => import('./conversationKind')),
};

/** The rich viewer for a kind, or null when only the raw view exists. */
export function viewerFor(kind: Kind): LazyExoticComponent<ComponentType<ViewerProps>> | null {
  return viewers[kind] ?? null;
}
