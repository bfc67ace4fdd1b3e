import { useReactFlow } from '@xyflow/react';
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import type { Box, GraphLayout } from './elkLayout';
import { boxViewport, fitViewport, focusZoom, revealViewport, type Viewport } from './viewport';

/** Smallest zoom a highlighted journey is shown at; a longer one is centred, not shrunk further. */
const JOURNEY_MIN_ZOOM = 0.35;

const ANIMATION_MS = 250;

/**
 * Zoom, fit and centre commands over the canvas inside `container`, for buttons and keys. When
 * `overlay` (the inspector, floating in a narrow pane) covers the canvas's right side, only the
 * part left of it counts as visible. The view remembers whether it is fitted: until anything
 * else moves it, {@link refit} fits it again (the canvas changed size: a pane resized, the
 * inspector opened), so a graph opened fitted stays whole.
 */
export function useViewportCommands(layout: GraphLayout | null, container: RefObject<HTMLElement | null>, overlay: RefObject<HTMLElement | null>) {
  const flow = useReactFlow();
  const fitted = useRef(false);
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
      if (!layout) return;
      fitted.current = true;
      void flow.setViewport(fitViewport(layout, size()), { duration: animate ? ANIMATION_MS : 0 });
    },
    [flow, layout, size],
  );

  /** The fitted viewport for the canvas as it is now, to start with (the view counts as fitted). */
  const fitView = useCallback((): Viewport | null => {
    if (!layout) return null;
    fitted.current = true;
    return fitViewport(layout, size());
  }, [layout, size]);

  /** Fits again after the canvas changed size, if the view is still the fitted one. */
  const refit = useCallback(() => {
    if (fitted.current) fit(false);
  }, [fit]);

  /** The reviewer moved the view (dragged, scrolled, zoomed): it is theirs now. */
  const moved = useCallback(() => {
    fitted.current = false;
  }, []);


  /** Centres on a box (a node, an edge label) at a readable zoom. */
  const centerOn = useCallback(
    (box: Box, animate = true) => {
      fitted.current = false;
      void flow.setCenter(box.x + box.width / 2, box.y + box.height / 2, { zoom: focusZoom(flow.getZoom()), duration: animate ? ANIMATION_MS : 0 });
    },
    [flow],
  );

  /** Pans just enough to bring a box into view (after the canvas changed size, say). */
  const reveal = useCallback(
    (box: Box) => {
      const current = flow.getViewport();
      const next = revealViewport(box, current, size());
      if (next.x === current.x && next.y === current.y) return;
      fitted.current = false;
      void flow.setViewport(next, { duration: ANIMATION_MS });
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
      fitted.current = false;
      void flow.setViewport(boxViewport({ x, y, width, height }, size(), JOURNEY_MIN_ZOOM), { duration: ANIMATION_MS });
    },
    [flow, size],
  );

  return useMemo(
    () => ({
      fit,
      fitView,
      refit,
      moved,
      centerOn,
      reveal,
      showBoxes,
      zoomIn: () => {
        moved();
        void flow.zoomIn({ duration: 150 });
      },
      zoomOut: () => {
        moved();
        void flow.zoomOut({ duration: 150 });
      },
    }),
    [fit, fitView, refit, moved, centerOn, reveal, showBoxes, flow],
  );
}

export type ViewportCommands = ReturnType<typeof useViewportCommands>;
