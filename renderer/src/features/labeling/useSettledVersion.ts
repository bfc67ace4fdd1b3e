import { useEffect, useState } from 'react';
import { useDataVersion } from '../../api/apiContext';

/**
 * The workspace data version, once it has stopped moving for `delayMs`. Fast labeling (and a
 * second annotator's saves) announce a change per keystroke; screens that only need to catch
 * up — others' labels, queue progress — reload once per burst instead of once per key.
 */
export function useSettledVersion(delayMs = 250): number {
  const { version } = useDataVersion();
  const [settled, setSettled] = useState(version);
  useEffect(() => {
    if (version === settled) return;
    const timer = window.setTimeout(() => setSettled(version), delayMs);
    return () => window.clearTimeout(timer);
  }, [version, settled, delayMs]);
  return settled;
}
