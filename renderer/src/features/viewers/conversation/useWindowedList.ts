import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { prefixOffsets, scrollTopFor, visibleRange, type RowRange } from './windowRange';

interface Options {
  count: number;
  /** Height guess for a row not measured yet (by content, so the scrollbar is nearly right). */
  estimateSize(index: number): number;
  /** The element that scrolls (overflow: auto) and holds the rows. */
  scrollRef: RefObject<HTMLElement | null>;
  /** Pixels rendered beyond each edge of the viewport, so fast scrolling shows no blank. */
  overscan?: number;
}

/** What the transcript renders: a window of rows, their tops, and the total height. */
export interface WindowedList {
  range: RowRange;
  offsets: readonly number[];
  totalSize: number;
  /** Callback ref for row `index`: measures it (and re-measures when it resizes). */
  measure(index: number): (element: HTMLElement | null) => void;
  /** Scrolls so row `index` is near the top; settles once the rows around it are measured. */
  scrollToIndex(index: number): void;
}

/** How far below the viewport's top a row scrolled to lands, so it does not touch the edge. */
const SCROLL_MARGIN = 12;
/** Re-aim a scroll at most this many times while measurements arrive. */
const MAX_SETTLE_PASSES = 6;

/**
 * A measured window over a long list (the 300-turn transcript), without a library: only the
 * rows near the viewport are in the DOM; each rendered row is measured with a ResizeObserver,
 * unmeasured rows count with their estimate. When a row above the viewport turns out taller or
 * shorter than thought, the scroll position moves by the difference, so what the reviewer is
 * reading does not jump.
 */
export function useWindowedList({ count, estimateSize, scrollRef, overscan = 600 }: Options): WindowedList {
  const sizes = useRef<number[]>([]);
  const [version, setVersion] = useState(0);
  const [viewport, setViewport] = useState({ top: 0, height: 0 });
  const pending = useRef<{ index: number; passes: number } | null>(null);
  const elements = useRef(new Map<number, HTMLElement>());
  const callbacks = useRef(new Map<number, (element: HTMLElement | null) => void>());
  const estimateRef = useRef(estimateSize);
  estimateRef.current = estimateSize;

  // Sizes start as estimates; another length (another conversation) starts over.
  if (sizes.current.length !== count) sizes.current = Array.from({ length: count }, (_, i) => estimateRef.current(i));

  // `version` says when `sizes` changed (they live in a ref so measuring does not re-render per row).
  const offsets = useMemo(() => prefixOffsets(sizes.current), [count, version]);
  const offsetsRef = useRef(offsets);
  offsetsRef.current = offsets;

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const scroller = scrollRef.current;
            let changed = false;
            let shift = 0;
            for (const entry of entries) {
              const element = entry.target as HTMLElement;
              const index = Number(element.dataset.index);
              if (!Number.isInteger(index) || index >= sizes.current.length || !element.isConnected) continue;
              const height = entry.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
              // A hidden transcript (the Raw tab is open) measures every row as 0: not a size.
              if (height === 0) continue;
              const delta = height - sizes.current[index];
              if (Math.abs(delta) < 0.5) continue;
              // A row wholly above the viewport changed: keep the visible rows where they are.
              if (scroller && offsetsRef.current[index + 1] <= scroller.scrollTop) shift += delta;
              sizes.current[index] = height;
              changed = true;
            }
            if (!changed) return;
            if (scroller && shift !== 0 && pending.current === null) scroller.scrollTop += shift;
            setVersion((v) => v + 1);
          }),
    [scrollRef],
  );
  useEffect(
    () => () => {
      observer?.disconnect();
      callbacks.current.clear();
    },
    [observer],
  );

  // One stable callback ref per row, so a re-render does not unobserve and observe every row.
  const measure = useCallback(
    (index: number) => {
      let callback = callbacks.current.get(index);
      if (!callback) {
        callback = (element: HTMLElement | null) => {
          const previous = elements.current.get(index);
          if (previous && previous !== element) observer?.unobserve(previous);
          if (element) {
            element.dataset.index = String(index);
            elements.current.set(index, element);
            observer?.observe(element);
          } else elements.current.delete(index);
        };
        callbacks.current.set(index, callback);
      }
      return callback;
    },
    [observer],
  );

  // Follow the scroll position and the viewport's height.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      // Hidden (display: none) it has no viewport; keep the last one for when it shows again.
      if (scroller.clientHeight === 0) return;
      setViewport((v) => (v.top === scroller.scrollTop && v.height === scroller.clientHeight ? v : { top: scroller.scrollTop, height: scroller.clientHeight }));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    read();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    resize?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scrollRef]);

  // Aims at the pending target; the rows around it then render and measure, which may move it,
  // so aim again on the next frame until it holds still.
  const aim = useCallback(() => {
    const scroller = scrollRef.current;
    const target = pending.current;
    if (!scroller || !target) return;
    const top = scrollTopFor(offsetsRef.current, target.index, scroller.clientHeight, SCROLL_MARGIN);
    if (Math.abs(scroller.scrollTop - top) < 1 || target.passes >= MAX_SETTLE_PASSES) {
      pending.current = null;
      return;
    }
    target.passes += 1;
    scroller.scrollTop = top;
    setViewport({ top: scroller.scrollTop, height: scroller.clientHeight });
    requestAnimationFrame(aim);
  }, [scrollRef]);

  const scrollToIndex = useCallback(
    (index: number) => {
      pending.current = { index, passes: 0 };
      aim();
    },
    [aim],
  );

  const range = visibleRange(offsets, viewport.top, viewport.height, overscan);
  return { range, offsets, totalSize: offsets[offsets.length - 1] ?? 0, measure, scrollToIndex };
}
