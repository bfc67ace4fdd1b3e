import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ItemDetail, QueueEntry, TaskDetail } from '../../../../electron/api/contract';
import type { KeyAction, Question } from '../../../../electron/api/labelSchemas';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { answerKey, toggleTag } from './answers';
import { unitsFor, SCOPE_OF_KIND } from './unitList';
import { missingRequired, unitStates } from './unitStates';
import { useLabelingKeys } from './useLabelingKeys';
import { useLabelingSession } from './useLabelingSession';

/** A question on screen with the unit its answer belongs to (`''` for the whole item). */
export interface ShownQuestion {
  question: Question;
  unit: string;
}

/**
 * The labeling screen's behaviour for one item: which questions show (item-level, then the
 * per-unit ones for the unit selected in the URL and the viewer), which has the keyboard's
 * focus, every key of the keymap, and moving through the queue once the answers are safe.
 */
export function useLabelingScreen({ task, item, me }: { task: TaskDetail; item: ItemDetail; me: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const session = useLabelingSession({ taskId: task.id, itemId: item.id, me });
  const [focusIndex, setFocusIndex] = useState(0);
  const [cheatSheet, setCheatSheet] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rationaleRefs = useRef(new Map<string, HTMLTextAreaElement | null>());

  const unitScope = SCOPE_OF_KIND[item.kind];
  const itemQuestions = useMemo(() => task.schema.questions.filter((q) => q.scope === 'item'), [task.schema]);
  const unitQuestions = useMemo(() => task.schema.questions.filter((q) => q.scope === unitScope), [task.schema, unitScope]);
  const units = useMemo(() => (unitQuestions.length > 0 ? unitsFor(item, unitScope) : []), [item, unitScope, unitQuestions.length]);
  const unitText = search.get('unit');
  const selectedUnit = units.some((u) => u.key === unitText) ? unitText : null;

  const selectUnit = useCallback(
    (next: string | null) =>
      setSearch(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next) copy.set('unit', next);
          else copy.delete('unit');
          return copy;
        },
        { replace: true },
      ),
    [setSearch],
  );

  // Per-unit questions need a unit: start on the first one unless a link or the viewer chose.
  useEffect(() => {
    if (unitText === null && units.length > 0) selectUnit(units[0].key);
  }, [unitText, units, selectUnit]);

  const shown: ShownQuestion[] = useMemo(
    () => [...itemQuestions.map((question) => ({ question, unit: '' })), ...(selectedUnit ? unitQuestions.map((question) => ({ question, unit: selectedUnit })) : [])],
    [itemQuestions, unitQuestions, selectedUnit],
  );
  const focused = shown[Math.min(focusIndex, shown.length - 1)] ?? null;
  const states = useMemo(() => unitStates(units.map((u) => u.key), unitQuestions, session.answers), [units, unitQuestions, session.answers]);
  const missing = missingRequired(itemQuestions, unitQuestions, units.map((u) => u.key), session.answers);

  const go = useCallback((entry: QueueEntry | null) => navigate(entry ? `/tasks/${task.id}/label/${entry.itemId}` : `/tasks/${task.id}/label`), [navigate, task.id]);

  /** Saves what is pending, then moves; a refusal (e.g. unanswered required questions) is shown, and nothing moves. */
  const move = useCallback(
    async (where: () => Promise<QueueEntry | null | 'stay'>) => {
      if (busy) return;
      setBusy(true);
      setActionError(null);
      try {
        await session.flush();
        const entry = await where();
        if (entry !== 'stay') go(entry);
      } catch (error) {
        setActionError(messageOf(error));
      } finally {
        setBusy(false);
      }
    },
    [busy, session, go],
  );

  const actions = useMemo(() => {
    const who = { task: task.id, annotator: me };
    return {
      next: () => move(async () => (await api['queue.next']({ ...who, after: item.id })).entry),
      previous: () =>
        move(async () => {
          const { entry } = await api['queue.previous']({ ...who, before: item.id });
          if (!entry) setNotice('This is the first item of your queue');
          return entry ?? 'stay';
        }),
      skip: () => move(async () => (await api['queue.skip']({ ...who, itemId: item.id })).next),
      submit: () => move(async () => (await api['labels.submit']({ ...who, itemId: item.id })).next),
      undo: async () => {
        try {
          const result = await session.undo();
          setNotice(result.undone ? `Undid ${result.undone.question}${result.undone.unit ? ` on ${result.undone.unit.replace(':', ' ')}` : ''}` : 'Nothing left to undo on this item');
        } catch (error) {
          setActionError(messageOf(error));
        }
      },
    };
  }, [api, move, session, task.id, me, item.id]);

  const moveUnit = (delta: number) => {
    if (units.length === 0) return;
    const at = units.findIndex((u) => u.key === selectedUnit);
    const next = units[Math.max(0, Math.min(units.length - 1, at < 0 ? 0 : at + delta))];
    selectUnit(next.key);
    // Keep the keyboard on the per-unit questions when moving between units.
    if (focused && focused.unit === '' && unitQuestions.length > 0) setFocusIndex(itemQuestions.length);
  };

  const advance = () => setFocusIndex((i) => Math.min(i + 1, shown.length - 1));

  const onAction = (action: KeyAction | { kind: 'edit-rationale' }) => {
    switch (action.kind) {
      case 'next-item':
        return void actions.next();
      case 'previous-item':
        return void actions.previous();
      case 'skip-item':
        return void actions.skip();
      case 'submit-item':
        return void actions.submit();
      case 'undo':
        return void actions.undo();
      case 'cheat-sheet':
        return setCheatSheet((open) => !open);
      case 'next-question':
        return advance();
      case 'previous-question':
        return setFocusIndex((i) => Math.max(0, Math.min(i, shown.length - 1) - 1));
      case 'next-unit':
        return moveUnit(1);
      case 'previous-unit':
        return moveUnit(-1);
      case 'edit-rationale':
        return focused && rationaleRefs.current.get(answerKey(focused.unit, focused.question.id))?.focus();
    }
    if (!focused || action.questionId !== focused.question.id) return;
    if (action.kind === 'not-applicable') {
      session.answer(focused.unit, focused.question.id, null, true);
      advance();
    } else if (action.kind === 'set') {
      session.answer(focused.unit, focused.question.id, action.value);
      advance();
    } else if (action.kind === 'toggle-tag' && focused.question.type === 'multilabel') {
      const current = session.answers.get(answerKey(focused.unit, focused.question.id));
      session.answer(focused.unit, focused.question.id, toggleTag(focused.question, current?.value ?? null, action.tag));
    }
  };

  useLabelingKeys(task.keymap, focused?.question.id ?? null, (action) => onAction(action), !cheatSheet);
  // Shift+Enter: write the focused question's rationale without reaching for the mouse.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !event.shiftKey || event.defaultPrevented) return;
      if (event.target instanceof HTMLElement && (event.target.closest('[role="dialog"]') || ['INPUT', 'TEXTAREA'].includes(event.target.tagName))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      onAction({ kind: 'edit-rationale' });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  return {
    session,
    shown,
    focused,
    focusIndex: Math.min(focusIndex, shown.length - 1),
    setFocusIndex,
    units,
    unitScope,
    unitQuestions,
    itemQuestions,
    selectedUnit,
    unitText,
    selectUnit,
    states,
    missing,
    actions,
    busy,
    actionError,
    dismissActionError: () => setActionError(null),
    notice,
    dismissNotice: () => setNotice(null),
    cheatSheet,
    setCheatSheet,
    rationaleRefs,
  };
}

export type LabelingScreenState = ReturnType<typeof useLabelingScreen>;
