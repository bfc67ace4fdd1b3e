import type { Box } from './elkLayout';

/** A React Flow viewport: flow point (0, 0) drawn at screen (x, y), scaled by `zoom`. */
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** Zoom limits of the canvas. */
export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 2;
/** Below this zoom node text is hard to read: centring on a unit lifts the zoom to {@link FOCUS_ZOOM}. */
export const READABLE_ZOOM = 0.7;
/** Zoom of centring on a unit (a search hit, a finding) from a view too far out to read it. */
export const FOCUS_ZOOM = 0.85;
/**
 * Below this zoom (a large graph fitted) edge texts are not drawn and node cards are drawn as
 * blocks of their type's colour: 11 px text would be specks of 2 px, and a fitted 200-node
 * graph would lay out 400 edge texts and 200 cards' text at once. Zooming in brings them back.
 */
export const EDGE_TEXT_ZOOM = 0.2;
/** Room kept free above a tall journey shown from its top, for the toolbar's shadow and the eye. */
const TOP_MARGIN = 32;
const PADDING = 24;

/**
 * The viewport showing all of a `width` × `height` graph in the container, at most at zoom 1:
 * also the first view of every graph, so no node starts off screen (the minimap, the search
 * box and zooming in take the reviewer to the detail).
 */
export function fitViewport(graph: { width: number; height: number }, container: { width: number; height: number }): Viewport {
  const zoom = clamp(Math.min((container.width - 2 * PADDING) / graph.width, (container.height - 2 * PADDING) / graph.height, 1));
  return { zoom, x: (container.width - graph.width * zoom) / 2, y: (container.height - graph.height * zoom) / 2 };
}

/**
 * The smallest pan that brings `box` inside the canvas, `margin` pixels in from its sides (the
 * same viewport when it already is), so the graph does not jump under the reviewer's eyes.
 */
export function revealViewport(box: Box, view: Viewport, container: { width: number; height: number }, margin = 24): Viewport {
  const shift = (start: number, size: number, available: number) => {
    if (size + 2 * margin > available) return available / 2 - (start + size / 2);
    if (start < margin) return margin - start;
    if (start + size > available - margin) return available - margin - (start + size);
    return 0;
  };
  const dx = shift(box.x * view.zoom + view.x, box.width * view.zoom, container.width);
  const dy = shift(box.y * view.zoom + view.y, box.height * view.zoom, container.height);
  return { zoom: view.zoom, x: view.x + dx, y: view.y + dy };
}

/** The zoom for centring on a unit: the current one when readable, else {@link FOCUS_ZOOM}. */
export function focusZoom(current: number): number {
  return current >= READABLE_ZOOM ? current : FOCUS_ZOOM;
}

function clamp(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/**
 * The viewport showing `box` (a journey's nodes, say) centred, at a zoom between `minZoom`
 * and 1. A box too tall for `minZoom` is shown from its top, where a journey starts, rather
 * than shrunk out of reading.
 */
export function boxViewport(box: { x: number; y: number; width: number; height: number }, container: { width: number; height: number }, minZoom: number): Viewport {
  const fit = fitViewport(box, container).zoom;
  const zoom = Math.max(minZoom, fit);
  const tooTall = box.height * zoom > container.height - 2 * PADDING;
  return {
    zoom,
    x: container.width / 2 - (box.x + box.width / 2) * zoom,
    y: tooTall ? TOP_MARGIN - box.y * zoom : container.height / 2 - (box.y + box.height / 2) * zoom,
  };
}
