import { useState } from 'react';
import { messageOf } from '../api/useApiQuery';

/**
 * A one-shot action (an export, an import, a confirmed delete or cancel): busy while it runs,
 * then its result or its error, as a message for the screen.
 */
export function useAsyncAction<R = void>() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<R>) => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await action());
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, error, run, reset: () => (setResult(null), setError(null)) };
}
