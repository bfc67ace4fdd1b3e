import { useReactFlow } from '@xyflow/react';
import { useCallback, useMemo, type RefObject } from 'react';
import type { Box, GraphLayout } from './elkLayout';
import { boxViewport, fitViewport, focusZoom, initialViewport, revealViewport } from './viewport';

/** Smallest zoom a highlighted journey is shown at; a longer one is centred, not shrunk further. */
const JOURNEY_MIN_ZOOM = 0.35;

const ANIMATION_MS = 250;

/**
 * Zoom, fit and centre commands over the canvas inside `container`, for buttons and keys. When
 * `overlay` (the inspector, floating in a narrow pane) covers the canvas's right side, only the
 * part left of it counts as visible.
 */
export function useViewportCommands(layout: GraphLayout | null, container: RefObject<HTMLElement | null>, overlay: RefObject<HTMLElement | null>) {
  const flow = useReactFlow();
  const size = useCallback(() => {
    const el = container.current;
    if (!el) return { width: 800, height: 600 };
    const box = el.getBoundingClientRect();
    const cover = overlay.current?.getBoundingClientRect();
    const covered = cover && cover.left < box.right && cover.left > box.left ? box.right - cover.left : 0;
    return { width: Math.max(120, el.clientWidth - covered), height: el.clientHeight || 600 };
  }, [container, overlay]);

  const fit = useCallback(
    (animate = true) => {
      if (layout) void flow.setViewport(fitViewport(layout, size()), { duration: animate ? ANIMATION_MS : 0 });
    },
    [flow, layout, size],
  );

  /** The first view: see {@link initialViewport}. */
  const showInitial = useCallback(
    (start: Box | null) => {
      if (layout) void flow.setViewport(initialViewport(layout, size(), start), { duration: 0 });
    },
    [flow, layout, size],
  );

  /** Centres on a box (a node, an edge label) at a readable zoom. */
  const centerOn = useCallback(
    (box: Box, animate = true) => {
      void flow.setCenter(box.x + box.width / 2, box.y + box.height / 2, { zoom: focusZoom(flow.getZoom()), duration: animate ? ANIMATION_MS : 0 });
    },
    [flow],
  );

  /** Pans just enough to bring a box into view (after the canvas changed size, say). */
  const reveal = useCallback(
    (box: Box) => {
      const current = flow.getViewport();
      const next = revealViewport(box, current, size());
      if (next.x !== current.x || next.y !== current.y) void flow.setViewport(next, { duration: ANIMATION_MS });
    },
    [flow, size],
  );

  /** Shows the boxes (a journey's nodes) together, as far as they fit. */
  const showBoxes = useCallback(
    (boxes: Box[]) => {
      if (boxes.length === 0) return;
      const x = Math.min(...boxes.map((b) => b.x));
      const y = Math.min(...boxes.map((b) => b.y));
      const width = Math.max(...boxes.map((b) => b.x + b.width)) - x;
      const height = Math.max(...boxes.map((b) => b.y + b.height)) - y;
      void flow.setViewport(boxViewport({ x, y, width, height }, size(), JOURNEY_MIN_ZOOM), { duration: ANIMATION_MS });
    },
    [flow, size],
  );

  return useMemo(
    () => ({
      fit,
      showInitial,
      centerOn,
      reveal,
      showBoxes,
      zoomIn: () => void flow.zoomIn({ duration: 150 }),
      zoomOut: () => void flow.zoomOut({ duration: 150 }),
    }),
    [fit, showInitial, centerOn, reveal, showBoxes, flow],
  );
}

export type ViewportCommands = ReturnType<typeof useViewportCommands>;
