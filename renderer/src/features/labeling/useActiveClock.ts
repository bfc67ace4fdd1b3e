import { useEffect, useMemo, useRef } from 'react';
import { ActiveClock } from './activeClock';

/** An {@link ActiveClock} that follows the page's visibility; `take()` returns seconds (to a tenth). Stable per mount. */
export function useActiveClock(): { take(): number } {
  const clock = useRef<ActiveClock | null>(null);
  clock.current ??= new ActiveClock(performance.now());
  useEffect(() => {
    const onChange = () => (document.hidden ? clock.current!.hide(performance.now()) : clock.current!.show(performance.now()));
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return useMemo(() => ({ take: () => Math.round(clock.current!.take(performance.now()) * 10) / 10 }), []);
}
