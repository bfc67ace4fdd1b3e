import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AnswerGroup } from '../../../../electron/api/contract';
import type { LabelValue } from '../../../../electron/api/labelSchemas';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useUnitParam } from '../../common/useUnitParam';
import { messageOf, useApiQuery } from '../../api/useApiQuery';
import { isTypingTarget } from '../item/useNavigationKeys';
import { distinctAnswers } from './distinctAnswers';
import { goldText } from './goldText';
import { loadNoteDrafts, saveNoteDrafts } from './noteDrafts';
import { noMoveNotice, queueNeighbours } from './queueMoves';
import { parseQueueParams, queueSearch } from './queueParams';
import type { AdjudicationQueueState } from './useAdjudicationQueue';
import { compareNames } from '../../../../electron/common/personName';
import { CROWD_RATERS } from '../../../../electron/common/raterList';

/** The key that settles an item with one rater's answers: not for a crowd (see `raters` below). */
const SETTLE_KEY = { keys: ['Shift', '1', '…', '9'], description: 'Settle the whole item: the n-th rater’s answers on every open question' };

/** The adjudication screen's keys, for its cheat sheet; Shift+n only where it settles anything (`settle`: not a crowd). */
export function adjudicationKeys(settle: boolean): { keys: string[]; description: string }[] {
  return settle ? ADJUDICATION_KEYS : ADJUDICATION_KEYS.filter((k) => k !== SETTLE_KEY);
}

const ADJUDICATION_KEYS: { keys: string[]; description: string }[] = [
  { keys: ['1', '…', '9'], description: 'Make the n-th answer of the focused question gold (pressed while the answers load: once they are in)' },
  SETTLE_KEY,
  { keys: ['Tab', 'ArrowDown'], description: 'Next question' },
  { keys: ['ArrowUp'], description: 'Previous question' },
  { keys: ['j'], description: 'Next item in the queue' },
  { keys: ['k'], description: 'Previous item in the queue' },
  { keys: ['Backspace'], description: 'Back to the queue (its filter kept, this item selected)' },
  { keys: ['?'], description: 'Show or hide this cheat sheet' },
  { keys: ['Escape'], description: 'Leave the note (a note on gold is saved then)' },
];

const keyOf = (g: AnswerGroup) => `${g.unit}\u0000${g.question}`;

/**
 * One item of the adjudication queue: its answer groups (disagreements first), the queue
 * around it, gold set from the keyboard or the mouse, and the unit shown in the viewer.
 */
export function useAdjudicationItem({ taskId, itemId, me, queue }: { taskId: number; itemId: number; me: string; queue: AdjudicationQueueState }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = parseQueueParams(search);
  const detail = useApiQuery(`adjudication.item ${taskId} ${itemId} ${me}`, (client) => client['adjudication.item']({ task: taskId, itemId }));
  const [showAgreed, setShowAgreed] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  // Notes being written, kept for the session until saved with (or onto) a gold label.
  const [notes, setNotes] = useState<Record<string, string>>(() => loadNoteDrafts(window.sessionStorage, taskId, itemId));
  useEffect(() => saveNoteDrafts(window.sessionStorage, taskId, itemId, notes), [notes, taskId, itemId]);
  const [error, setError] = useState<string | null>(null);
  // A passing word: gold set again as it already stood ("already gold"), which writes nothing.
  const [notice, setNotice] = useState<string | null>(null);
  const [cheatSheet, setCheatSheet] = useState(false);
  // A change of an existing gold answer waits here for its reason (the gold edit log).
  const [pendingChange, setPendingChange] = useState<{ group: AnswerGroup; value: LabelValue | null; na: boolean; stay: boolean } | null>(null);
  // A gold key (1…9, or Shift+1…9) pressed after the item showed but before its answers came
  // back: applied once they are in, as it would have been a moment later. Only on this item: the
  // screen is keyed by item, so moving on (j, k, Backspace) drops it.
  const [waiting, setWaiting] = useState<{ n: number; settle: boolean } | null>(null);
  const history = useApiQuery(`gold.history ${taskId} ${itemId}`, (client) => client['gold.history']({ task: taskId, itemId }));
  const cards = useRef<(HTMLDivElement | null)[]>([]);

  const groups = detail.data?.groups ?? [];
  // An answer cleared after discussion still counts (with its original), as in the queue.
  const disputed = (g: AnswerGroup) => !g.unanimous && g.answers.length + (g.cleared?.length ?? 0) > 1;
  const disagreements = useMemo(() => groups.filter(disputed), [groups]);
  const agreed = useMemo(() => groups.filter((g) => !disputed(g)), [groups]);
  const shown = showAgreed ? [...disagreements, ...agreed] : disagreements;
  const focus = Math.min(focusIndex, Math.max(0, shown.length - 1));
  const focused = shown[focus] ?? null;

  const entries = queue.data?.entries ?? [];
  const open = entries.filter((e) => !e.resolved).length;
  const hrefOf = (id: number) => `/adjudication/${taskId}/items/${id}${queueSearch(params)}`;
  const { at, previous, next } = queueNeighbours(entries, itemId);
  const queueHref = `/adjudication/${taskId}${queueSearch(params)}`;
  /** Where to go back to the queue: its filter kept, and this item selected there (Enter opens it again). */
  const toQueue = () => navigate(queueHref, { state: { from: itemId } });
  /** j or k with nowhere to go: said, not dropped. */
  const cannotMove = (direction: 'next' | 'previous') => setNotice(noMoveNotice(direction, queue.data?.entries, itemId));

  const [unitText, selectUnit] = useUnitParam();

  // The viewer follows the focused question's unit (only when the focus moves, so a unit picked
  // in the viewer is not snapped back); a unit picked in the viewer focuses its first question.
  const focusedUnit = focused?.unit ?? null;
  const shownUnit = useRef(unitText);
  shownUnit.current = unitText;
  useEffect(() => {
    if (focusedUnit && focusedUnit !== shownUnit.current) selectUnit(focusedUnit);
    cards.current[focus]?.scrollIntoView({ block: 'nearest' });
  }, [focus, focusedUnit, selectUnit]);
  const selectFromViewer = (unit: string | null) => {
    selectUnit(unit);
    const index = shown.findIndex((g) => g.unit === unit);
    if (index >= 0) setFocusIndex(index);
  };

  /** The note as the field shows it: what is being written, else the gold's saved note. */
  const noteOf = (g: AnswerGroup) => notes[keyOf(g)] ?? g.gold?.rationale ?? '';

  // A note the service now holds on the gold is no longer a draft.
  useEffect(() => {
    const saved = new Map(groups.map((g) => [keyOf(g), g.gold?.rationale ?? null]));
    setNotes((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([key, text]) => saved.get(key) !== (text || null)));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
  }, [groups]);

  /**
   * Sets gold with the group's note; moves the focus to the next open question unless `stay`.
   * Changing an existing gold answer first asks why (`reason`), for the gold edit log.
   */
  const setGold = async (group: AnswerGroup, value: LabelValue | null, na: boolean, stay = false, reason?: string) => {
    setError(null);
    const changes = group.gold !== null && (group.gold.na !== na || JSON.stringify(group.gold.value) !== JSON.stringify(na ? null : value));
    if (changes && reason === undefined) {
      setPendingChange({ group, value, na, stay });
      return;
    }
    try {
      const reply = await api['adjudication.setGold']({ task: taskId, itemId, unit: group.unit, question: group.question, value: na ? null : value, na, rationale: noteOf(group) || null, reason });
      if (reply.unchanged) setNotice(`${group.question}${group.unit ? ` on ${group.unit}` : ''} is already gold: ${goldText(reply)}`);
      else bump();
      if (stay) return;
      const index = shown.indexOf(group);
      const nextOpen = shown.findIndex((g, i) => i > index && g.gold === null);
      if (nextOpen >= 0) setFocusIndex(nextOpen);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  /** The note field was left: a changed note on a group that has gold is saved onto it (a note without gold waits for it). */
  const leaveNote = (group: AnswerGroup) => {
    const draft = notes[keyOf(group)];
    if (!group.gold || draft === undefined || (draft || null) === group.gold.rationale) return;
    void setGold(group, group.gold.value, group.gold.na, true);
  };

  /**
   * The raters who answered this item, in the order Shift+1…9 picks them to settle it with; none
   * for a crowd, where one rater of 100+ is no way to settle an item (its answers are counted on
   * each question's gold buttons instead).
   */
  const raters = useMemo(() => {
    const answered = [...new Set(disagreements.flatMap((g) => g.answers.map((a) => a.rater)))].sort(compareNames);
    return answered.length > CROWD_RATERS ? [] : answered;
  }, [disagreements]);
  const openGroups = disagreements.filter((g) => g.gold === null);
  /** Settles every open disputed question at once with one rater's answers (and each question's note). */
  const settleWith = async (rater: string) => {
    const answers = openGroups.flatMap((g) => {
      const answer = g.answers.find((a) => a.rater === rater);
      return answer ? [{ unit: g.unit, question: g.question, value: answer.na ? null : answer.value, na: answer.na, note: noteOf(g) || null }] : [];
    });
    if (answers.length === 0) return;
    setError(null);
    try {
      await api['adjudication.settleItem']({ task: taskId, itemId, answers });
      bump();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  /**
   * A gold key on the answers as they are now: the n-th answer of the focused question, or with
   * `settle` the n-th rater's answers on every open question. False when it picks nothing, which
   * a key pressed while the answers loaded says (at once, a key that picks nothing is no key).
   */
  const goldKey = (n: number, settle: boolean, pressedWhileLoading = false): boolean => {
    const late = ' (pressed while the answers loaded)';
    if (settle) {
      const rater = raters[n - 1];
      if (rater) void settleWith(rater);
      else if (pressedWhileLoading) setNotice(`Shift+${n} settles nothing here: no ${ordinal(n)} rater on an open question${late}`);
      return rater !== undefined;
    }
    const option = focused ? distinctAnswers(focused.answers)[n - 1] : undefined;
    if (focused && option) void setGold(focused, option.value, option.na);
    else if (pressedWhileLoading) setNotice(focused ? `${n} sets nothing here: ${focused.question} has no ${ordinal(n)} answer${late}` : `${n} sets nothing here: the raters agree on every question${late}`);
    return option !== undefined;
  };

  const loaded = detail.data !== undefined;
  const latest = useRef({ shown, next, previous, hrefOf, goldKey, loaded, toQueue, cannotMove });
  latest.current = { shown, next, previous, hrefOf, goldKey, loaded, toQueue, cannotMove };
  // The answers are in: the gold key pressed while they loaded acts now (on the first disputed question, where the focus starts).
  useEffect(() => {
    if (!waiting || (!loaded && !detail.error)) return;
    setWaiting(null);
    if (loaded) latest.current.goldKey(waiting.n, waiting.settle, true);
  }, [waiting, loaded, detail.error]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) {
        // Esc leaves the note (its blur saves it), so the keys work again; menus and dialogs keep their own Esc.
        const field = event.target instanceof HTMLElement ? event.target : null;
        if (event.key === 'Escape' && field && !field.closest('[role="dialog"], [role="menu"], [role="listbox"]')) field.blur();
        return;
      }
      const { shown: list, next: n, previous: p, hrefOf: href, goldKey: gold, loaded: ready, toQueue: back, cannotMove: stuck } = latest.current;
      const key = event.key;
      // Shift+digit: the key is "!" or "@" on some layouts, so read the physical key.
      const shifted = event.shiftKey ? /^Digit([1-9])$/.exec(event.code) : null;
      const digit = shifted ? Number(shifted[1]) : /^[1-9]$/.test(key) ? Number(key) : null;
      if (digit !== null) {
        // Before the answers are in, the key waits for them (the latest one pressed).
        if (!ready) setWaiting({ n: digit, settle: shifted !== null });
        else if (!gold(digit, shifted !== null)) return;
      } else if (key === '?') setCheatSheet((v) => !v);
      else if (key === 'j') {
        if (n) navigate(href(n.itemId));
        else stuck('next');
      } else if (key === 'k') {
        if (p) navigate(href(p.itemId));
        else stuck('previous');
      } else if (key === 'Backspace' && !event.shiftKey) back();
      // (Clamped at 0: with no question shown yet, while the answers load, the focus stayed at -1 and no digit worked after.)
      else if ((key === 'Tab' && !event.shiftKey) || key === 'ArrowDown') setFocusIndex((i) => Math.max(0, Math.min(Math.min(i, list.length - 1) + 1, list.length - 1)));
      else if ((key === 'Tab' && event.shiftKey) || key === 'ArrowUp') setFocusIndex((i) => Math.max(0, Math.min(i, list.length - 1) - 1));
      else return;
      event.preventDefault();
    };
    // On the document: before a viewer's window-wide keys (see useLabelingKeys).
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  return {
    detail,
    queue,
    params,
    disagreements,
    agreed,
    shown,
    focus,
    setFocusIndex,
    showAgreed,
    setShowAgreed,
    noteOf,
    setNote: (group: AnswerGroup, note: string) => setNotes((n) => ({ ...n, [keyOf(group)]: note })),
    leaveNote,
    setGold,
    error,
    dismissError: () => setError(null),
    notice,
    dismissNotice: () => setNotice(null),
    cards,
    position: at,
    total: entries.length,
    open,
    previousHref: previous ? hrefOf(previous.itemId) : null,
    nextHref: next ? hrefOf(next.itemId) : null,
    queueHref,
    /** What the item came from, for the queue to select it again. */
    queueState: { from: itemId },
    /** A gold key pressed while the answers load, waiting for them. */
    waiting,
    unitText,
    selectFromViewer,
    cheatSheet,
    setCheatSheet,
    raters,
    openCount: openGroups.length,
    settleWith,
    history,
    pendingChange,
    cancelChange: () => setPendingChange(null),
    confirmChange: (reason: string) => {
      if (!pendingChange) return;
      setPendingChange(null);
      void setGold(pendingChange.group, pendingChange.value, pendingChange.na, pendingChange.stay, reason);
    },
  };
}

/** 1st, 2nd, 3rd, 4th … 9th. */
function ordinal(n: number): string {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}
