import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { JudgeDefinition, JudgeInfo, JudgeIssue } from '../../../../../electron/api/contract';
import { useApi } from '../../../api/apiContext';
import { messageOf } from '../../../api/useApiQuery';

/** A judge being edited: the draft, whether it differs from the stored one, and what the engine says of it. */
export interface JudgeDraft {
  draft: JudgeDefinition;
  /** Replaces part of the draft. */
  update(change: (draft: JudgeDefinition) => JudgeDefinition): void;
  reset(): void;
  dirty: boolean;
  /**
   * Whether the draft, as it is now, differs from the stored judge and has not been saved since:
   * read when a navigation is about to leave it (current even between renders).
   */
  unsaved(): boolean;
  /** Notes that this definition was saved (as a new version): while the draft stays so, leaving it loses nothing. */
  markSaved(definition: JudgeDefinition): void;
  /** The draft's version hash (the stored version while unchanged; null while invalid or checking). */
  version: string | null;
  issues: JudgeIssue[];
  checking: boolean;
}

const VALIDATE_DELAY_MS = 250;

/**
 * Keeps an editable copy of a judge and validates it with the engine (`judges.validate`) a
 * moment after each change, so the version hash and the issues always describe what would run.
 *
 * One draft per judge: the editor using it is keyed by the judge's `id@version`, so choosing
 * another judge starts a new draft. The draft is not reset when the library reloads: any change
 * to the workspace, by this window or another, reloads it and hands over equal judges as new
 * objects, and starting over then would drop the edits with no word.
 */
export function useJudgeDraft(judge: JudgeInfo): JudgeDraft {
  const api = useApi();
  const [draft, setDraft] = useState<JudgeDefinition>(judge.definition);
  const [check, setCheck] = useState<{ version: string | null; issues: JudgeIssue[]; checking: boolean }>({ version: judge.version, issues: [], checking: false });
  const original = useMemo(() => JSON.stringify(judge.definition), [judge.definition]);

  const dirty = JSON.stringify(draft) !== original;
  // What a navigation reads as it is about to leave: the draft of the last render, and what was saved.
  const latest = useRef({ draft: JSON.stringify(draft), original });
  const saved = useRef<string | null>(null);
  useLayoutEffect(() => {
    latest.current = { draft: JSON.stringify(draft), original };
  }, [draft, original]);
  const unsaved = useCallback(() => latest.current.draft !== latest.current.original && latest.current.draft !== saved.current, []);
  const markSaved = useCallback((definition: JudgeDefinition) => {
    saved.current = JSON.stringify(definition);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    let current = true;
    setCheck((c) => ({ ...c, checking: true }));
    const timer = setTimeout(() => {
      api['judges.validate']({ judge: draft }).then(
        (result) => current && setCheck(result.ok ? { version: result.version, issues: [], checking: false } : { version: null, issues: result.issues, checking: false }),
        (error: unknown) => current && setCheck({ version: null, issues: [{ path: '', message: messageOf(error) }], checking: false }),
      );
    }, VALIDATE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, draft, dirty]);

  return {
    draft,
    update: (change) => setDraft((d) => change(d)),
    reset: () => {
      setDraft(judge.definition);
      setCheck({ version: judge.version, issues: [], checking: false });
    },
    dirty,
    unsaved,
    markSaved,
    version: dirty ? check.version : judge.version,
    issues: dirty ? check.issues : [],
    checking: dirty && check.checking,
  };
}
