import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';
import type { JudgeInfo } from '../../../../../electron/api/contract';
import { leavesJudge } from './unsavedEdits';
import type { JudgeDraft } from './useJudgeDraft';

/**
 * Keeps unsaved judge edits from going with no word:
 *
 * - a navigation inside the app that leaves the judge (another judge in the list, a page of the
 *   menu, back and forward, an imported judge shown, a run's calibration opened) is held, and the
 *   returned blocker is `blocked` until the person answers (proceed: go on; reset: stay);
 * - closing or reloading the browser tab asks the browser's own question (`beforeunload`); in
 *   the desktop app, whose Electron shows none, the main process asks on `will-prevent-unload`
 *   (electron/main/dialogs.ts `confirmLeavingUnsaved`).
 */
export function useUnsavedGuard(editor: JudgeDraft, key: string, judges: readonly JudgeInfo[]): Blocker {
  const library = useRef(judges);
  useLayoutEffect(() => {
    library.current = judges;
  }, [judges]);
  const { unsaved, dirty } = editor;
  const shouldBlock = useCallback<BlockerFunction>(({ nextLocation }) => unsaved() && leavesJudge(nextLocation.pathname, key, library.current), [unsaved, key]);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, unsaved]);
  return blocker;
}
