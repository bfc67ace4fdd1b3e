import { useEffect, useRef, useState } from 'react';

/**
 * The search field's draft: commits (trimmed) `delay` ms after the last keystroke, and follows
 * the committed search when it changes from elsewhere (back button, "clear filters") — but not
 * when it merely lost the trailing space the user is still typing after.
 */
export function useSearchDraft(committed: string, commit: (value: string) => void, delay = 300) {
  const [draft, setDraft] = useState(committed);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const lastCommitted = useRef(committed);

  useEffect(() => {
    if (committed !== lastCommitted.current) {
      lastCommitted.current = committed;
      setDraft(committed);
    }
  }, [committed]);

  useEffect(() => {
    if (draft.trim() === lastCommitted.current) return;
    const timer = setTimeout(() => {
      lastCommitted.current = draft.trim();
      commitRef.current(draft.trim());
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, delay]);

  return [draft, setDraft] as const;
}
