import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ItemDetail, QueueEntry, TaskDetail } from '../../../../electron/api/contract';
import type { KeyAction, Question } from '../../../../electron/api/labelSchemas';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { useUnitParam } from '../../common/useUnitParam';
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
  const { bump } = useDataVersion();
  const session = useLabelingSession({ taskId: task.id, itemId: item.id, me });
  const [focusIndex, setFocusIndex] = useState(0);
  const [cheatSheet, setCheatSheet] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rationaleRefs = useRef(new Map<string, HTMLTextAreaElement | null>());
  /** The last key answered a question and moved the focus on (from → to): Shift+↵ then explains that answer. */
  const answeredAndMoved = useRef<{ from: number; to: number } | null>(null);
  /** A rationale opened that way: Esc leaving it gives the focus back to where the answer had sent it. */
  const resumeAfter = useRef<{ field: HTMLTextAreaElement; index: number } | null>(null);

  const unitScope = SCOPE_OF_KIND[item.kind];
  const itemQuestions = useMemo(() => task.schema.questions.filter((q) => q.scope === 'item'), [task.schema]);
  const unitQuestions = useMemo(() => task.schema.questions.filter((q) => q.scope === unitScope), [task.schema, unitScope]);
  const units = useMemo(() => (unitQuestions.length > 0 ? unitsFor(item, unitScope) : []), [item, unitScope, unitQuestions.length]);
  // The selected unit lives here and is mirrored to the URL (`?unit=`, a deep link) rather
  // than read back from it: the router applies URL changes a moment later, and a key pressed
  // right after `]` must already answer for the new unit.
  const [urlUnit, writeUnit] = useUnitParam();
  const [unitText, setUnitText] = useState<string | null>(() => urlUnit ?? units[0]?.key ?? null);
  const selectedUnit = units.some((u) => u.key === unitText) ? unitText : null;
  const unitRef = useRef(unitText);

  const selectUnit = useCallback(
    (next: string | null) => {
      answeredAndMoved.current = null;
      unitRef.current = next;
      setUnitText(next);
      writeUnit(next);
    },
    [writeUnit],
  );

  // A link followed to this same item with another unit selects it; the first visit writes the
  // starting unit into the URL.
  useEffect(() => {
    if (urlUnit !== null && urlUnit !== unitRef.current) {
      unitRef.current = urlUnit;
      setUnitText(urlUnit);
    } else if (urlUnit === null && unitRef.current !== null) selectUnit(unitRef.current);
  }, [urlUnit, selectUnit]);

  const shownFor = useCallback(
    (unit: string | null): ShownQuestion[] => {
      const valid = unit !== null && units.some((u) => u.key === unit) ? unit : null;
      return [...itemQuestions.map((question) => ({ question, unit: '' })), ...(valid ? unitQuestions.map((question) => ({ question, unit: valid })) : [])];
    },
    [itemQuestions, unitQuestions, units],
  );
  const shown = useMemo(() => shownFor(selectedUnit), [shownFor, selectedUnit]);
  const focused = shown[Math.min(focusIndex, shown.length - 1)] ?? null;

  // Keys act on the focus and unit as of the key press, not of the last render (see above).
  const focusRef = useRef(0);
  const setFocus = useCallback((update: number | ((index: number) => number)) => {
    focusRef.current = typeof update === 'function' ? update(focusRef.current) : update;
    setFocusIndex(focusRef.current);
  }, []);
  const focusedNow = (): ShownQuestion | null => {
    const list = shownFor(unitRef.current);
    return list[Math.min(focusRef.current, list.length - 1)] ?? null;
  };
  // Units a rule decides (an Agent-S step incorrect by rule) count as done and need no answer, as the service's submit check says.
  const decided = useMemo(() => new Set(units.filter((u) => u.decidedByRule).map((u) => u.key)), [units]);
  const states = useMemo(() => unitStates(units.map((u) => u.key), unitQuestions, session.answers, decided), [units, unitQuestions, session.answers, decided]);
  const missing = missingRequired(itemQuestions, unitQuestions, units.filter((u) => !decided.has(u.key)).map((u) => u.key), session.answers);

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
        // Skipping and submitting change the queue: show it at once, not on the next event.
        bump();
        if (entry !== 'stay') go(entry);
      } catch (error) {
        setActionError(messageOf(error));
      } finally {
        setBusy(false);
      }
    },
    [busy, session, go, bump],
  );

  const actions = useMemo(() => {
    const who = { task: task.id };
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
    const before = focusedNow();
    const at = units.findIndex((u) => u.key === unitRef.current);
    const next = units[Math.max(0, Math.min(units.length - 1, at < 0 ? 0 : at + delta))];
    selectUnit(next.key);
    // Keep the keyboard on the per-unit questions when moving between units.
    if (before && before.unit === '' && unitQuestions.length > 0) setFocus(itemQuestions.length);
  };

  const advance = () => setFocus((i) => Math.min(i + 1, shownFor(unitRef.current).length - 1));
  const answeredAdvance = () => {
    const from = focusRef.current;
    advance();
    answeredAndMoved.current = focusRef.current !== from ? { from, to: focusRef.current } : null;
  };

  /**
   * Shift+↵ opens the focused question's rationale. Right after a key answered a question and
   * moved on, "the focused question" is still the one just answered: the keyboard goes back to
   * it, and Esc from its rationale returns to the next question.
   */
  const editRationale = () => {
    const moved = answeredAndMoved.current;
    answeredAndMoved.current = null;
    resumeAfter.current = null;
    const list = shownFor(unitRef.current);
    if (moved && focusRef.current === moved.to && list[moved.from]) {
      setFocus(moved.from);
      const { unit, question } = list[moved.from];
      const field = rationaleRefs.current.get(answerKey(unit, question.id));
      if (field) {
        field.focus();
        resumeAfter.current = { field, index: moved.to };
      }
      return;
    }
    const focused = focusedNow();
    if (focused) rationaleRefs.current.get(answerKey(focused.unit, focused.question.id))?.focus();
  };

  /** Esc left a text field: after a rationale opened right after an answer, back to the question the answer moved to. */
  const onLeaveField = (field: HTMLElement) => {
    const resume = resumeAfter.current;
    resumeAfter.current = null;
    if (resume && resume.field === field) setFocus(resume.index);
  };

  const onAction = (action: KeyAction | { kind: 'edit-rationale' }) => {
    if (action.kind === 'edit-rationale') return editRationale();
    answeredAndMoved.current = null;
    const focused = focusedNow();
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
        return setFocus((i) => Math.max(0, Math.min(i, shownFor(unitRef.current).length - 1) - 1));
      case 'next-unit':
        return moveUnit(1);
      case 'previous-unit':
        return moveUnit(-1);
    }
    if (!focused || action.questionId !== focused.question.id) return;
    if (action.kind === 'not-applicable') {
      session.answer(focused.unit, focused.question.id, null, true);
      answeredAdvance();
    } else if (action.kind === 'set') {
      session.answer(focused.unit, focused.question.id, action.value);
      answeredAdvance();
    } else if (action.kind === 'toggle-tag' && focused.question.type === 'multilabel') {
      const current = session.current(focused.unit, focused.question.id);
      session.answer(focused.unit, focused.question.id, toggleTag(focused.question, current?.value ?? null, action.tag));
    }
  };

  useLabelingKeys(task.keymap, () => focusedNow()?.question.id ?? null, (action) => onAction(action), !cheatSheet, onLeaveField);
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
    /** The mouse puts the keyboard on a question. */
    setFocusIndex: (index: number) => {
      answeredAndMoved.current = null;
      setFocus(index);
    },
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
