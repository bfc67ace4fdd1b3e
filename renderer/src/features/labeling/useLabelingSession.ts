import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ItemLabels, UndoResult } from '../../../../electron/api/contract';
import type { Question } from '../../../../electron/api/labelSchemas';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { AnswerStore } from './answerStore';
import { answerKey, answersOf, isAnswered, type Answer } from './answers';
import { useActiveClock } from './useActiveClock';
import { useSettledVersion } from './useSettledVersion';

/** What the service says about the item's labels besides the annotator's own answers. */
export type LabelsView = Omit<ItemLabels, 'own'>;

/**
 * One annotator's work on one item: their answers (saved the moment they change, with the
 * seconds spent), what others' labels they may see (blind until a lead opens discussion), undo, and
 * flushing before moving on. Mount it per item (key the component by item id).
 */
export function useLabelingSession({ taskId, itemId, me }: { taskId: number; itemId: number; me: string }) {
  const api = useApi();
  const version = useSettledVersion();
  const clock = useActiveClock();
  const store = useMemo(
    () =>
      new AnswerStore(async ({ unit, question, answer, secondsSpent }) => {
        const args = { task: taskId, itemId, unit, question };
        const saved = answer
          ? await api['labels.save']({ ...args, value: answer.na ? null : answer.value, na: answer.na, rationale: answer.rationale, secondsSpent })
          : await api['labels.clear'](args);
        return saved.label ? { value: saved.label.value, na: saved.label.na, rationale: saved.label.rationale } : null;
      }),
    [api, taskId, itemId, me],
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [view, setView] = useState<LabelsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Own answers made on an earlier version of the item (a re-import changed it since): shown with a notice until saved again. */
  const [earlierVersion, setEarlierVersion] = useState<ReadonlySet<string>>(new Set());
  /** Flushers of text the person is still typing (rationales), run before leaving the item. */
  const drafts = useRef(new Set<() => void>());

  const reload = useCallback(
    async (force: boolean) => {
      const since = store.version;
      const labels = await api['labels.list']({ task: taskId, itemId });
      const { own, ...rest } = labels;
      setView(rest);
      setEarlierVersion(new Set(own.filter((l) => l.earlierVersion).map((l) => answerKey(l.unit, l.question))));
      store.load(answersOf(own), since, force);
      setLoadError(null);
    },
    [api, store, taskId, itemId, me],
  );

  // Others' labels (and, when nothing local is newer, our own) follow every workspace change:
  // another window's saves, a submission that lifts the blind.
  useEffect(() => {
    let current = true;
    reload(false).catch((error: unknown) => current && setLoadError(messageOf(error)));
    return () => {
      current = false;
    };
  }, [reload, version]);

  const write = useCallback(
    (unit: string, question: string, answer: Answer | null) => {
      // Any save records the answer on the item as it is now: the earlier-version notice goes.
      const key = answerKey(unit, question);
      setEarlierVersion((before) => (before.has(key) ? new Set([...before].filter((k) => k !== key)) : before));
      return store.write(unit, question, answer, clock.take());
    },
    [store, clock],
  );

  /** Rationales written before their question was answered: they wait here and are saved with the answer. */
  const waiting = useRef(new Map<string, string>());

  /**
   * Saves an answer made on an earlier version of the item again, as it is: the person checked it
   * against the item as it is now (the service records it on this version and the notice goes).
   */
  const confirmVersion = useCallback(
    (unit: string, question: string) => {
      const current = store.get(unit, question);
      if (!current || !earlierVersion.has(answerKey(unit, question))) return;
      void write(unit, question, { ...current });
    },
    [store, write, earlierVersion],
  );

  /** Sets a value (or N/A), keeping the rationale (or taking the one written before the answer). */
  const answer = useCallback(
    (unit: string, question: string, value: Answer['value'], na = false) => {
      const current = store.get(unit, question);
      const key = answerKey(unit, question);
      if (current && current.na === na && JSON.stringify(current.value) === JSON.stringify(na ? null : value)) {
        // Choosing the same answer again on an earlier version's label confirms it on this one.
        confirmVersion(unit, question);
        return;
      }
      const rationale = current?.rationale ?? (waiting.current.get(key) || null);
      waiting.current.delete(key);
      void write(unit, question, { value: na ? null : value, na, rationale });
    },
    [store, write, confirmVersion],
  );

  /** Saves the rationale of an answered question; for one not answered yet, keeps it until the answer. */
  const setRationale = useCallback(
    (unit: string, question: string, rationale: string) => {
      const current = store.get(unit, question);
      if (!current || !isAnswered(current)) {
        waiting.current.set(answerKey(unit, question), rationale);
        return;
      }
      if ((current.rationale ?? '') === rationale) return;
      void write(unit, question, { ...current, rationale: rationale || null });
    },
    [store, write],
  );

  /** Saves a text question's answer; empty text clears it. */
  const setText = useCallback(
    (unit: string, question: Question, text: string) => {
      const current = store.get(unit, question.id);
      if (text === '') {
        if (current) void write(unit, question.id, null);
        return;
      }
      if (current?.value === text) return;
      void write(unit, question.id, { value: text, na: false, rationale: current?.rationale ?? null });
    },
    [store, write],
  );

  const clear = useCallback((unit: string, question: string) => store.get(unit, question) && void write(unit, question, null), [store, write]);

  /** Saves typed text that is still waiting, then waits for every save. */
  const flush = useCallback(async () => {
    for (const run of drafts.current) run();
    await store.flush();
  }, [store]);

  /** Undoes the last change on this item (after the pending ones land), then shows the service's state. */
  const undo = useCallback(async (): Promise<UndoResult> => {
    await flush();
    const result = await api['labels.undo']({ task: taskId, itemId });
    await reload(true);
    return result;
  }, [api, flush, reload, taskId, itemId, me]);

  const registerDraft = useCallback((flusher: () => void) => {
    drafts.current.add(flusher);
    return () => drafts.current.delete(flusher);
  }, []);

  return {
    answers: snapshot.answers,
    /** The answer as of this instant (not of the last render): for keys pressed faster than the screen redraws. */
    current: (unit: string, question: string) => store.get(unit, question),
    status: snapshot.status,
    dismissError: () => store.dismissError(),
    view,
    loadError,
    earlierVersion,
    confirmVersion,
    answer,
    setRationale,
    setText,
    clear,
    flush,
    undo,
    registerDraft,
    reload: () => reload(true),
  };
}

export type LabelingSession = ReturnType<typeof useLabelingSession>;
