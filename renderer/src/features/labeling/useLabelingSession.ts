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
 * seconds spent), what others' labels they may see (blind until they submit), undo, and
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
  /** Flushers of text the person is still typing (rationales), run before leaving the item. */
  const drafts = useRef(new Set<() => void>());

  const reload = useCallback(
    async (force: boolean) => {
      const since = store.version;
      const labels = await api['labels.list']({ task: taskId, itemId });
      const { own, ...rest } = labels;
      setView(rest);
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
    (unit: string, question: string, answer: Answer | null) => store.write(unit, question, answer, clock.take()),
    [store, clock],
  );

  /** Rationales written before their question was answered: they wait here and are saved with the answer. */
  const waiting = useRef(new Map<string, string>());

  /** Sets a value (or N/A), keeping the rationale (or taking the one written before the answer). */
  const answer = useCallback(
    (unit: string, question: string, value: Answer['value'], na = false) => {
      const current = store.get(unit, question);
      if (current && current.na === na && JSON.stringify(current.value) === JSON.stringify(na ? null : value)) return;
      const key = answerKey(unit, question);
      const rationale = current?.rationale ?? (waiting.current.get(key) || null);
      waiting.current.delete(key);
      void write(unit, question, { value: na ? null : value, na, rationale });
    },
    [store, write],
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
