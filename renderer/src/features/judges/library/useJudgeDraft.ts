import { useEffect, useMemo, useState } from 'react';
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
  /** The draft's version hash (the stored version while unchanged; null while invalid or checking). */
  version: string | null;
  issues: JudgeIssue[];
  checking: boolean;
}

const VALIDATE_DELAY_MS = 250;

/**
 * Keeps an editable copy of a judge and validates it with the engine (`judges.validate`) a
 * moment after each change, so the version hash and the issues always describe what would run.
 */
export function useJudgeDraft(judge: JudgeInfo): JudgeDraft {
  const api = useApi();
  const [draft, setDraft] = useState<JudgeDefinition>(judge.definition);
  const [check, setCheck] = useState<{ version: string | null; issues: JudgeIssue[]; checking: boolean }>({ version: judge.version, issues: [], checking: false });
  const original = useMemo(() => JSON.stringify(judge.definition), [judge.definition]);

  // Another judge chosen: start over from it.
  useEffect(() => {
    setDraft(judge.definition);
    setCheck({ version: judge.version, issues: [], checking: false });
  }, [judge]);

  const dirty = JSON.stringify(draft) !== original;
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
    version: dirty ? check.version : judge.version,
    issues: dirty ? check.issues : [],
    checking: dirty && check.checking,
  };
}
