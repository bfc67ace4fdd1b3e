import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../../api/useApiQuery';
import type { GraphLayout, LayoutInput } from './elkLayout';
import { layoutCache } from './layoutCache';
import { runLayout } from './layoutEngine';

/** The layout of a graph, as far as it is known. */
export interface LayoutState {
  /** The layout for `key`, or the previous one while a new one is computed, or null at first. */
  layout: GraphLayout | null;
  /** True while ELK works on `key`. */
  pending: boolean;
  error: string | null;
  /** Milliseconds the current layout took (0 when it came from the cache). */
  ms: number | null;
}

/**
 * Lays out `input`, identified by `key` (the same key means the same graph and sizes, so a new
 * `input` object with an unchanged key is not laid out again).
 */
export function useGraphLayout(key: string, input: LayoutInput): LayoutState {
  const [state, setState] = useState<{ key: string | null; layout: GraphLayout | null; error: string | null; ms: number | null }>(() => {
    const cached = layoutCache.get(key);
    return { key: cached ? key : null, layout: cached ?? null, error: null, ms: cached ? 0 : null };
  });
  const inputRef = useRef(input);
  inputRef.current = input;

  useEffect(() => {
    const cached = layoutCache.get(key);
    if (cached) {
      setState({ key, layout: cached, error: null, ms: 0 });
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
  }, [key]);

  return { layout: state.layout, pending: state.key !== key, error: state.error, ms: state.ms };
}
