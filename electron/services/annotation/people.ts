import type { MergeConflict, MergeConflictRule, MergePlan, MergeResult } from '../../api/contract';
import { annotatorByName, ensureHumanRater, markMerged, raterByName, renameAnnotator, setAnnotatorActive, type AnnotatorRecord } from '../../../db/queries/annotators';
import { applyMerge, goldDecisionCount, mergeLabelRows, recordMerge, submissionCount, tasksOfAnnotator, type MergeLabelRow, type MergePair } from '../../../db/queries/merge';
import type { SqlDb } from '../../../db/sql/sqlDb';
import { answerToCell } from '../../core/schemas/labelValue';
import { unitToCell } from '../../core/schemas/unitKeys';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError } from '../errors';
import { checkNewName } from './annotators';
import { parseValue, requireAnnotator } from './taskContext';

/*
 * Gold and people, managed (issue 13): a lead renames, deactivates and merges annotators.
 * Nothing here deletes a label event: a deactivated person keeps every label, and a record
 * merged into another stays (inactive) so the append-only history still names who did what.
 */

/** Renames an annotator (see `annotators.rename`). */
export async function renamePerson(ctx: ServiceContext, name: string, newName: string, force: boolean): Promise<{ name: string; previous: string }> {
  const result = await ctx.sqlWrite((db) => {
    const person = requireAnnotator(db, name);
    if (newName === person.name) return { name: newName, previous: person.name };
    const taken = annotatorByName(db, newName);
    if (taken) throw new ConflictError(`"${newName}" is already an annotator; to make two records of one person one, merge them (accord annotators merge "${person.name}" "${newName}")`);
    const rater = raterByName(db, newName);
    if (rater && rater.annotator_id !== person.id) throw new ConflictError(`"${newName}" is the name of a judge rater; pick another name`);
    // Renaming "ana" to "Ana" is the point of a rename, not a second person: only others count.
    checkNewName(db, newName, force, person.name);
    renameAnnotator(db, person.id, newName);
    return { name: newName, previous: person.name };
  });
  ctx.emit('workspace.changed', { what: 'annotators' });
  return result;
}

/** Deactivates or activates an annotator (see `annotators.deactivate`). */
export async function setPersonActive(ctx: ServiceContext, name: string, active: boolean): Promise<{ name: string; active: boolean }> {
  const result = await ctx.sqlWrite((db) => {
    const person = requireAnnotator(db, name);
    if (active && person.merged_into !== null) throw new ConflictError(`"${person.name}" was merged into another annotator; it cannot be activated again`);
    if (!active && person.id === ctx.caller.annotatorId) throw new ConflictError('you cannot deactivate yourself; ask another lead');
    setAnnotatorActive(db, person.id, active);
    return { name: person.name, active };
  });
  ctx.emit('workspace.changed', { what: 'annotators' });
  return result;
}

const cellOf = (value: string | null, na: number) => answerToCell({ value: parseValue(value), na: na === 1 });
const sameAnswer = (row: MergeLabelRow) => row.from_value === row.into_value && row.from_na === row.into_na;

function pairOf(db: SqlDb, from: string, into: string, inWrite: boolean): { from: AnnotatorRecord; into: AnnotatorRecord; pair: MergePair } {
  const a = requireAnnotator(db, from);
  const b = requireAnnotator(db, into);
  if (a.id === b.id) throw new InvalidInputError(`"${from}" and "${into}" are the same annotator`);
  if (b.active !== 1) throw new ConflictError(`"${b.name}" is not active; activate them before merging into them`);
  if (a.merged_into !== null) throw new ConflictError(`"${a.name}" was already merged`);
  // Raters exist for every annotator who labelled; one who never did gets one (inside a write) or is read as empty.
  const raterId = (p: AnnotatorRecord) => (inWrite ? ensureHumanRater(db, p).id : (raterOfName(db, p) ?? -1));
  return { from: a, into: b, pair: { fromAnnotator: a.id, intoAnnotator: b.id, fromRater: raterId(a), intoRater: raterId(b) } };
}

function raterOfName(db: SqlDb, person: AnnotatorRecord): number | undefined {
  const rater = raterByName(db, person.name);
  return rater?.annotator_id === person.id ? rater.id : undefined;
}

function planOf(db: SqlDb, from: AnnotatorRecord, into: AnnotatorRecord, pair: MergePair, rows: readonly MergeLabelRow[]): MergePlan {
  const conflicts: MergeConflict[] = rows
    .filter((r) => r.into_id !== null && !sameAnswer(r))
    .map((r) => ({
      task: r.task,
      item: r.external_id,
      unit: unitToCell(r.unit),
      question: r.question,
      from: { answer: cellOf(r.from_value, r.from_na), updatedAt: r.from_updated_at },
      into: { answer: cellOf(r.into_value, r.into_na!), updatedAt: r.into_updated_at! },
    }));
  return {
    from: from.name,
    into: into.name,
    moving: rows.filter((r) => r.into_id === null).length,
    identical: rows.filter((r) => r.into_id !== null && sameAnswer(r)).length,
    conflicts,
    submissions: submissionCount(db, pair.fromRater),
    tasks: tasksOfAnnotator(db, from.id).map((t) => t.name),
    gold: goldDecisionCount(db, from.id),
  };
}

/** What merging would do (see `annotators.mergePlan`). */
export function mergePlan(ctx: ServiceContext, from: string, into: string): MergePlan {
  const { from: a, into: b, pair } = pairOf(ctx.sql, from, into, false);
  return planOf(ctx.sql, a, b, pair, mergeLabelRows(ctx.sql, pair));
}

/** Which conflicting labels take `from`'s answer under a rule. */
function keepFromUnder(rule: MergeConflictRule | undefined, rows: readonly MergeLabelRow[]): Set<number> {
  const conflicting = rows.filter((r) => r.into_id !== null && !sameAnswer(r));
  if (rule === 'keep-from') return new Set(conflicting.map((r) => r.from_id));
  if (rule === 'keep-newest') return new Set(conflicting.filter((r) => r.from_updated_at > r.into_updated_at!).map((r) => r.from_id));
  return new Set();
}

/**
 * Merges two records of one person (see `annotators.merge`). Conflicting labels need a rule;
 * without one the merge is refused, listing them. The label not kept stays in its record's history.
 */
export async function mergePeople(ctx: ServiceContext, args: { from: string; into: string; conflicts?: MergeConflictRule; confirm: string }): Promise<MergeResult> {
  const result = await ctx.sqlWrite((db): MergeResult => {
    const { from, into, pair } = pairOf(db, args.from, args.into, true);
    if (args.confirm !== from.name) throw new InvalidInputError(`to merge "${from.name}" into "${into.name}", confirm with the name "${from.name}" typed exactly (got "${args.confirm}")`);
    const rows = mergeLabelRows(db, pair);
    const plan = planOf(db, from, into, pair, rows);
    if (plan.conflicts.length > 0 && !args.conflicts) {
      const listed = plan.conflicts.slice(0, 5).map((c) => `${c.task} ${c.item}${c.unit ? ` ${c.unit}` : ''} ${c.question}: ${from.name} "${c.from.answer}" vs ${into.name} "${c.into.answer}"`);
      throw new InvalidInputError(
        `${plan.conflicts.length} ${plan.conflicts.length === 1 ? 'label differs' : 'labels differ'} between "${from.name}" and "${into.name}" (${listed.join('; ')}${plan.conflicts.length > 5 ? '; …' : ''}); ` +
          `say which to keep: keep-into, keep-from or keep-newest (--conflicts); the other stays in the label history`,
      );
    }
    const keepFrom = keepFromUnder(args.conflicts, rows);
    applyMerge(db, pair, rows, keepFrom);
    markMerged(db, from.id, into.id);
    const rule = plan.conflicts.length > 0 ? (args.conflicts ?? null) : null;
    recordMerge(db, { fromId: from.id, intoId: into.id, fromName: from.name, intoName: into.name, rule: args.conflicts ?? 'keep-into', summary: { ...plan, tookFrom: keepFrom.size }, by: ctx.caller.name });
    return { ...plan, rule, tookFrom: keepFrom.size };
  });
  ctx.emit('workspace.changed', { what: 'annotators' });
  return result;
}
