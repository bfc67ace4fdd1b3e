import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../api/useApiQuery';
import type { GraphLayout, LayoutInput } from './elkLayout';
import { fastLayout, FAST_LAYOUT_FROM } from './fastLayout';
import { layoutCache } from './layoutCache';
import { runLayout } from './layoutEngine';

/** The layout of a graph, as far as it is known. */
export interface LayoutState {
  /** The layout for `key`, or the previous one while a new one is computed, or null at first. */
  layout: GraphLayout | null;
  /** True while ELK works on `key` (never for a large graph: see fastLayout). */
  pending: boolean;
  error: string | null;
  /** Milliseconds the current layout took (0 when it came from the cache). */
  ms: number | null;
}

/** A layout available without waiting: one computed before, or a large graph's fast layout (a few milliseconds). */
function immediateLayout(key: string, input: LayoutInput): { layout: GraphLayout; ms: number } | null {
  const cached = layoutCache.get(key);
  if (cached) return { layout: cached, ms: 0 };
  if (input.nodes.length < FAST_LAYOUT_FROM) return null;
  const started = performance.now();
  const layout = fastLayout(input);
  layoutCache.set(key, layout);
  return { layout, ms: Math.round(performance.now() - started) };
}

/**
 * Lays out `input`, identified by `key` (the same key means the same graph and sizes, so a new
 * `input` object with an unchanged key is not laid out again). A large graph is laid out at
 * once, in this render ({@link fastLayout}); a small one by ELK in its worker.
 */
export function useGraphLayout(key: string, input: LayoutInput): LayoutState {
  const [state, setState] = useState<{ key: string | null; layout: GraphLayout | null; error: string | null; ms: number | null }>(() => {
    const now = immediateLayout(key, input);
    return { key: now ? key : null, layout: now?.layout ?? null, error: null, ms: now?.ms ?? null };
  });
  const inputRef = useRef(input);
  inputRef.current = input;
  const laidOut = state.key;

  useEffect(() => {
    if (laidOut === key) return;
    const now = immediateLayout(key, inputRef.current);
    if (now) {
      setState({ key, layout: now.layout, error: null, ms: now.ms });
      return;
    }
    let current = true;
    const started = performance.now();
    runLayout(inputRef.current).then(
      (layout) => {
        layoutCache.set(key, layout);
        if (current) setState({ key, layout, error: null, ms: Math.round(performance.now() - started) });
      },
      (error: unknown) => {
        if (current) setState((s) => ({ ...s, key, error: messageOf(error) }));
      },
    );
    return () => {
      current = false;
    };
    // `laidOut` only says whether this key is done already; it is not a reason to lay out again.
  }, [key]);

  return { layout: state.layout, pending: state.key !== key, error: state.error, ms: state.ms };
}
