import type { ItemLabels, SavedLabel, SubmitResult, UndoResult } from '../../api/contract';
import { raterOfAnnotator } from '../../../db/queries/annotators';
import { labelQueries, type LabelKey, type LabelQueries, type StoredAnswer } from '../../../db/queries/labels';
import { isAssigned, setSkipped } from '../../../db/queries/tasks';
import { checkAnswer } from '../../core/schemas/labelValue';
import type { LabelValue } from '../../core/schemas/model';
import { parseUnitKey, unitsDecidedByRule, unitsOf } from '../../core/schemas/unitKeys';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { ServiceContext } from '../context';
import { ForbiddenError, InvalidInputError } from '../errors';
import { applyLabelChange } from './labelWriter';
import { nextEntry, queueEntries } from './queue';
import { callerPerson, callerRater } from './access';
import { checkUnit, loadTask, loadWritableTask, parseValue, requireQuestion, requireTaskItem, toStored, type LoadedTask } from './taskContext';
import { toLabelView } from './views';
import { discussionOpen, labellingVisibility, othersVisible, scoresHiddenFrom } from './visibility';
import { keepLabelOriginal, labelOriginalsOnItem } from '../../../db/queries/blindness';

/** What `labels.save` and `labels.clear` take. */
export interface LabelTarget {
  task: string | number;
  itemId: number;
  unit: string;
  question: string;
}

export interface SaveArgs extends LabelTarget {
  value?: LabelValue | null;
  na: boolean;
  rationale?: string | null;
  secondsSpent: number;
}

/**
 * Checks a change to one label and applies it in one write (db/writePath.ts), so that the label
 * is committed (and, with synchronous=FULL, on disk) before the caller hears back, and two
 * annotators saving at once never interleave half-writes.
 */
async function writeOne(ctx: ServiceContext, target: LabelTarget, answer: (task: LoadedTask) => StoredAnswer | null, secondsSpent: number): Promise<SavedLabel> {
  const saved = await ctx.sqlWrite((db): SavedLabel => {
    const task = loadWritableTask(db, target.task);
    const question = requireQuestion(task, target.question);
    const item = requireTaskItem(db, task, target.itemId);
    checkUnit(question, target.unit, item, question.scope === 'item' ? null : JSON.parse(item.payload));
    const next = answer(task);
    const { annotator, rater } = callerRater(ctx, db);
    if (!isAssigned(db, task.record.id, annotator.id, item.item_id)) {
      throw new ForbiddenError(`${annotator.name} is not assigned ${item.external_id} in task "${task.record.name}"`);
    }
    const queries = labelQueries(db);
    const key: LabelKey = { taskId: task.record.id, itemId: item.item_id, unit: target.unit, question: question.id, raterId: rater.id };
    const { visible, visibleRaters, revision } = labellingVisibility(db, queries, task, ctx.caller, annotator, rater.id, item.item_id);
    const before = queries.get(key);
    const { changed, eventId } = applyLabelChange(queries, {
      key,
      answer: next,
      action: next === null ? 'clear' : 'set',
      source: 'ui',
      visibleRaters,
      visible,
      secondsSpent,
      current: before ?? null,
    });
    if (changed && revision) keepOriginal(db, key, before);
    const label = changed ? queries.get(key) : before;
    return { label: label ? toLabelView(label) : null, changed, eventId, visibleRaters };
  });
  if (saved.changed) ctx.emit('workspace.changed', { what: 'labels' });
  return saved;
}

/** Saves one answer (see `labels.save`). */
export function saveLabel(ctx: ServiceContext, args: SaveArgs): Promise<SavedLabel> {
  return writeOne(
    ctx,
    args,
    (task) => {
      const check = checkAnswer(requireQuestion(task, args.question), args.value, args.na);
      if (!check.ok) throw new InvalidInputError(check.message);
      return toStored(check, args.rationale);
    },
    args.secondsSpent,
  );
}

/** Removes one answer (see `labels.clear`). */
export function clearLabel(ctx: ServiceContext, target: LabelTarget): Promise<SavedLabel> {
  return writeOne(ctx, target, () => null, 0);
}

/**
 * Undoes the annotator's latest change on an item that is not itself an undo and was not
 * undone yet, by recording a new event that restores the answer that change replaced.
 * Repeated undos walk further back.
 */
export async function undoLast(ctx: ServiceContext, args: { task: string | number; itemId: number }): Promise<UndoResult> {
  const result = await ctx.sqlWrite((db): UndoResult => {
    const task = loadWritableTask(db, args.task);
    const item = requireTaskItem(db, task, args.itemId);
    const { annotator, rater } = callerRater(ctx, db);
    const queries = labelQueries(db);
    const events = queries.eventsOnItem(task.record.id, item.item_id, rater.id);
    const undone = new Set(events.flatMap((e) => (e.undoes_event_id === null ? [] : [e.undoes_event_id])));
    const target = events.find((e) => e.action !== 'undo' && e.applied === 1 && !undone.has(e.id));
    if (!target) return { undone: null, label: null };
    const key: LabelKey = { taskId: task.record.id, itemId: item.item_id, unit: target.unit, question: target.question, raterId: rater.id };
    const { visible, visibleRaters, revision } = labellingVisibility(db, queries, task, ctx.caller, annotator, rater.id, item.item_id);
    const current = queries.get(key);
    if (revision) keepOriginal(db, key, current);
    applyLabelChange(queries, {
      key,
      answer: target.previous === null ? null : (JSON.parse(target.previous) as StoredAnswer),
      action: 'undo',
      source: 'ui',
      visibleRaters,
      visible,
      secondsSpent: 0,
      undoesEventId: target.id,
      force: true,
      current: current ?? null,
    });
    const label = queries.get(key);
    return { undone: { unit: target.unit, question: target.question }, label: label ? toLabelView(label) : null };
  });
  if (result.undone) ctx.emit('workspace.changed', { what: 'labels' });
  return result;
}

/** The labels of an item as the caller may see them (see `labels.list`). */
export function listItemLabels(ctx: ServiceContext, args: { task: string | number; itemId: number }): ItemLabels {
  const task = loadTask(ctx.sql, args.task);
  const item = requireTaskItem(ctx.sql, task, args.itemId);
  const viewer = callerPerson(ctx);
  const rater = raterOfAnnotator(ctx.sql, viewer.id);
  const queries = labelQueries(ctx.sql);
  const all = queries.ofItem(task.record.id, item.item_id);
  const own = all.filter((l) => l.rater_id === rater?.id);
  const others = all.filter((l) => l.rater_id !== rater?.id);
  const submittedAt = rater ? queries.submittedAt(task.record.id, item.item_id, rater.id) : null;
  const visible = othersVisible(ctx.sql, queries, task, viewer, rater?.id ?? null, item.item_id);
  return {
    itemId: item.item_id,
    viewer: viewer.name,
    blind: task.record.blind === 1,
    discussion: discussionOpen(task),
    scoresHidden: scoresHiddenFrom(ctx.sql, ctx.caller, [item.item_id]).has(item.item_id),
    submitted: submittedAt !== null,
    submittedAt,
    own: own.map(toLabelView),
    others: visible ? others.map(toLabelView) : [],
    hiddenRaters: visible ? 0 : new Set(others.map((l) => l.rater_id)).size,
    revisions: rater
      ? labelOriginalsOnItem(ctx.sql, task.record.id, item.item_id, rater.id).map((o) => ({
          unit: o.unit,
          question: o.question,
          original: o.answered === 1 ? { value: parseValue(o.value), na: o.na === 1, rationale: o.rationale } : null,
          revisedAt: o.revised_at,
        }))
      : [],
  };
}

/**
 * Keeps a label as it stood before its rater's first change after seeing the others in a
 * discussion (nothing when it was kept already): agreement is computed on these by default.
 */
function keepOriginal(db: AnyDb, key: LabelKey, before: ReturnType<LabelQueries['get']>): void {
  const original: StoredAnswer | null = before ? { value: before.value, na: before.na === 1, rationale: before.rationale } : null;
  keepLabelOriginal(db, key, original, before?.event_id ?? null, new Date().toISOString());
}

/**
 * The required answers an item still lacks from a rater, in words ("overall_quality";
 * "step_tags on steps 1, 3"). Units a rule decides (an Agent-S session's steps incorrect by
 * the continuation rule) need none.
 */
export function missingAnswers(task: LoadedTask, item: { kind: 'graph' | 'plan' | 'conversation'; payload: string }, answered: ReadonlySet<string>): string[] {
  const payload = JSON.parse(item.payload) as unknown;
  const decided = unitsDecidedByRule(item.kind, payload);
  const missing: string[] = [];
  for (const question of task.schema.questions) {
    if (!question.required) continue;
    const units = unitsOf(item.kind, payload, question.scope).filter((unit) => !decided.has(unit) && !answered.has(`${unit}\u0000${question.id}`));
    if (units.length === 0) continue;
    missing.push(question.scope === 'item' ? question.id : `${question.id} on ${question.scope}s ${units.map((u) => parseUnitKey(u)?.id).join(', ')}`);
  }
  return missing;
}

/** Submits an item for the caller (see `labels.submit`). */
export async function submitItem(ctx: ServiceContext, args: { task: string | number; itemId: number }): Promise<SubmitResult> {
  const result = await ctx.sqlWrite((db): SubmitResult => {
    const task = loadWritableTask(db, args.task);
    const item = requireTaskItem(db, task, args.itemId);
    const { annotator, rater } = callerRater(ctx, db);
    if (!isAssigned(db, task.record.id, annotator.id, item.item_id)) {
      throw new ForbiddenError(`${annotator.name} is not assigned ${item.external_id} in task "${task.record.name}"`);
    }
    const queries = labelQueries(db);
    const existing = queries.submittedAt(task.record.id, item.item_id, rater.id);
    if (existing === null) {
      const answered = new Set(queries.ofItem(task.record.id, item.item_id).filter((l) => l.rater_id === rater.id).map((l) => `${l.unit}\u0000${l.question}`));
      const missing = missingAnswers(task, item, answered);
      if (missing.length > 0) throw new InvalidInputError(`cannot submit ${item.external_id} yet; still unanswered: ${missing.join('; ')}`);
      queries.submit(task.record.id, item.item_id, rater.id, new Date().toISOString(), 'ui');
      setSkipped(db, task.record.id, annotator.id, item.item_id, false);
    }
    const submittedAt = queries.submittedAt(task.record.id, item.item_id, rater.id)!;
    return { submittedAt, alreadySubmitted: existing !== null, next: nextEntry(queueEntries(db, task, annotator), item.item_id) };
  });
  if (!result.alreadySubmitted) ctx.emit('workspace.changed', { what: 'labels' });
  return result;
}
