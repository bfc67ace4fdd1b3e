import type { AdjudicationEntry, AdjudicationItem, AdjudicationQueue, AnswerGroup, Disagreement, GoldEdit, GoldView, SetGoldReply } from '../../api/contract';
import { labelKeyText, labelOriginals, labelOriginalsOfItem, type LabelOriginalRecord } from '../../../db/queries/blindness';
import { goldAt, goldEventsOf, goldOfTask, writeGold } from '../../../db/queries/gold';
import { labelQueries, type LabelRecord as LabelRow } from '../../../db/queries/labels';
import { taskItems } from '../../../db/queries/tasks';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import { answerToCell, checkAnswer } from '../../core/schemas/labelValue';
import { compareUnitKeys } from '../../core/schemas/unitKeys';
import { compareNames } from '../../common/personName';
import type { ServiceContext } from '../context';
import { InvalidInputError } from '../errors';
import { callerIdOrNull } from './access';
import { questionDispute } from './dispute';
import { checkUnit, loadTask, loadWritableTask, parseValue, requireQuestion, requireTaskItem, sameStored, toStored, type LoadedTask } from './taskContext';
import { toGoldView } from './views';

/** The answers of several raters to one question on one unit of one item. */
interface Group {
  itemId: number;
  unit: string;
  question: string;
  labels: LabelRow[];
  /**
   * The same answers as they stood before discussion (issue 13): a label its rater revised after
   * seeing the others counts with its original (and not at all when it was first made then).
   */
  originals: Answered[];
  /** Answers their raters cleared after discussion: none now, the original counted in `originals`. */
  cleared: LabelOriginalRecord[];
}

/** What agreement on an answer needs: whose it is and what it says. */
type Answered = Pick<LabelRow, 'rater_id' | 'value' | 'na'>;

/** How an answer compares: value and N/A together (tags are stored in canonical order, so JSON equality is set equality). */
const answerKey = (l: Pick<LabelRow, 'value' | 'na'>) => (l.na === 1 ? 'N/A' : (l.value ?? ''));

/** Share of rater pairs giving the same answer; null with fewer than two answers. */
export function pairAgreement(labels: readonly Pick<LabelRow, 'value' | 'na'>[]): number | null {
  if (labels.length < 2) return null;
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(answerKey(l), (counts.get(answerKey(l)) ?? 0) + 1);
  const pairs = (n: number) => (n * (n - 1)) / 2;
  let agreeing = 0;
  for (const n of counts.values()) agreeing += pairs(n);
  return agreeing / pairs(labels.length);
}

/**
 * The labels adjudication looks at: humans' labels on items they submitted (work in progress
 * is not a disagreement yet), plus judges' labels when asked; text questions left out.
 */
function adjudicableGroups(db: AnyDb, task: LoadedTask, options: { includeJudges: boolean; question?: string }): Group[] {
  const queries = labelQueries(db);
  const submitted = new Set(queries.submissionsOfTask(task.record.id).map((s) => `${s.item_id}/${s.rater_id}`));
  const textQuestions = new Set(task.schema.questions.filter((q) => q.type === 'text').map((q) => q.id));
  const groups = new Map<string, Group>();
  const originals = new Map(labelOriginals(db, task.record.id, options.question).map((o) => [labelKeyText(o), o]));
  for (const label of queries.ofTask(task.record.id, options.question)) {
    const original = originals.get(labelKeyText(label));
    // What is left in `originals` after this loop has no current label: answers cleared after discussion.
    originals.delete(labelKeyText(label));
    if (textQuestions.has(label.question)) continue;
    if (label.rater_kind === 'judge' ? !options.includeJudges : !submitted.has(`${label.item_id}/${label.rater_id}`)) continue;
    const key = `${label.item_id}\u0000${label.unit}\u0000${label.question}`;
    if (!groups.has(key)) groups.set(key, { itemId: label.item_id, unit: label.unit, question: label.question, labels: [], originals: [], cleared: [] });
    groups.get(key)!.labels.push(label);
    if (!original) groups.get(key)!.originals.push(label);
    else if (original.answered === 1) groups.get(key)!.originals.push({ ...label, value: original.value, na: original.na });
  }
  // Answers cleared after discussion on submitted items: agreement on the originals counts them (as agreementRatings does).
  for (const o of originals.values()) {
    if (o.answered !== 1 || textQuestions.has(o.question) || !submitted.has(`${o.item_id}/${o.rater_id}`)) continue;
    const key = `${o.item_id}\u0000${o.unit}\u0000${o.question}`;
    if (!groups.has(key)) groups.set(key, { itemId: o.item_id, unit: o.unit, question: o.question, labels: [], originals: [], cleared: [] });
    groups.get(key)!.originals.push(o);
    groups.get(key)!.cleared.push(o);
  }
  return [...groups.values()];
}

/**
 * A group's agreement: on the originals (as agreement is, issue 13), and 1 only when the answers
 * agree both before and after discussion, so a revision that made raters agree leaves the item
 * in the queue and out of "accept unanimous".
 */
function groupAgreement(group: Group): number {
  return pairAgreement(countedAnswers(group)) ?? 1;
}

/**
 * The answers a group's agreement (and dispute) counts: the originals, or the answers now when
 * the originals agree and the answers now do not (fewer than two originals: the answers now).
 */
function countedAnswers(group: Group): readonly Answered[] {
  const before = pairAgreement(group.originals);
  if (before === null) return group.labels;
  return before === 1 && (pairAgreement(group.labels) ?? 1) < 1 ? group.labels : group.originals;
}

/** A rater's answer for the queue, with what it was before discussion when a revision changed it. */
function answerWithOriginal(label: LabelRow, group: Group): string {
  const now = answerToCell({ value: parseValue(label.value), na: label.na === 1 });
  const original = group.originals.find((o) => o.rater_id === label.rater_id);
  const before = original ? answerToCell({ value: parseValue(original.value), na: original.na === 1 }) : null;
  if (before === now) return now;
  return `${now} (before discussion: ${before ?? 'no answer'})`;
}

/** A rater's answer cleared after discussion, for the queue. */
function clearedAnswer(original: LabelOriginalRecord): string {
  return `no answer (before discussion: ${answerToCell({ value: parseValue(original.value), na: original.na === 1 })})`;
}

/**
 * The raters off the most common answer of a disputed question; everyone when no answer is
 * given more often than every other (two raters, two answers).
 */
export function dissenters(byRater: readonly { rater: string; answer: string }[]): string[] {
  const counts = new Map<string, number>();
  for (const r of byRater) counts.set(r.answer, (counts.get(r.answer) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const modes = [...counts].filter(([, n]) => n === top).map(([answer]) => answer);
  return modes.length === 1 ? byRater.filter((r) => r.answer !== modes[0]).map((r) => r.rater) : byRater.map((r) => r.rater);
}

/** The adjudication queue (see `adjudication.queue`). */
export function adjudicationQueue(
  ctx: ServiceContext,
  args: { task: string | number; policy?: 'any' | 'threshold'; threshold?: number; question?: string; includeJudges: boolean; includeResolved: boolean },
): AdjudicationQueue {
  const task = loadTask(ctx.sql, args.task);
  if (args.question !== undefined) requireQuestion(task, args.question);
  const policy = args.policy ?? task.record.adjudication_policy;
  const threshold = policy === 'threshold' ? (args.threshold ?? task.record.adjudication_threshold) : null;
  if (policy === 'threshold' && threshold === null) throw new InvalidInputError('the threshold policy needs a threshold (0–1)');
  const gold = new Set(goldOfTask(ctx.sql, task.record.id).map((g) => `${g.item_id}\u0000${g.unit}\u0000${g.question}`));
  const items = new Map(taskItems(ctx.sql, task.record.id).map((i) => [i.item_id, i]));
  const byItem = new Map<number, Group[]>();
  for (const group of adjudicableGroups(ctx.sql, task, { includeJudges: args.includeJudges, question: args.question })) {
    if (group.labels.length + group.cleared.length < 2) continue;
    const ofItem = byItem.get(group.itemId);
    if (ofItem) ofItem.push(group);
    else byItem.set(group.itemId, [group]);
  }
  const questions = new Map(task.schema.questions.map((q) => [q.id, q]));
  const entries: AdjudicationEntry[] = [];
  for (const [itemId, groups] of byItem) {
    const agreements = groups.map(groupAgreement);
    const agreement = agreements.reduce((a, b) => a + b, 0) / agreements.length;
    const disagreements: Disagreement[] = groups
      .filter((_, i) => agreements[i] < 1)
      .map((g) => {
        const byRater = [...g.labels.map((l) => ({ rater: l.rater, answer: answerWithOriginal(l, g) })), ...g.cleared.map((o) => ({ rater: o.rater, answer: clearedAnswer(o) }))].sort((a, b) =>
          compareNames(a.rater, b.rater),
        );
        return {
          unit: g.unit,
          question: g.question,
          answers: [...new Set(byRater.map((r) => r.answer))],
          byRater,
          resolved: gold.has(`${g.itemId}\u0000${g.unit}\u0000${g.question}`),
        };
      });
    // How disputed the item is: each disputed question's dispute (0…1; on a scale, how far apart the answers are), added up.
    const dispute = groups.reduce((sum, g, i) => (agreements[i] < 1 ? sum + questionDispute(questions.get(g.question), countedAnswers(g)) : sum), 0);
    const queued = policy === 'any' ? disagreements.length > 0 : agreement < threshold! && disagreements.length > 0;
    if (!queued) continue;
    const resolved = disagreements.every((d) => d.resolved);
    if (resolved && !args.includeResolved) continue;
    const item = items.get(itemId)!;
    disagreements.sort((a, b) => compareUnitKeys(a.unit, b.unit) || (a.question < b.question ? -1 : 1));
    entries.push({
      itemId,
      externalId: item.external_id,
      dataset: item.dataset,
      kind: item.kind,
      agreement,
      dispute,
      raters: [...new Set(groups.flatMap((g) => [...g.labels.map((l) => l.rater), ...g.cleared.map((o) => o.rater)]))].sort(compareNames),
      disagreements,
      disagreeingQuestions: disagreements.length,
      disagreeingRaters: new Set(disagreements.flatMap((d) => dissenters(d.byRater))).size,
      resolved,
    });
  }
  // Most disputed first (ordinal and score answers far apart before neighbouring ones), then the
  // questions in dispute, then the raters in dispute, then agreement. Disputes within rounding
  // error of each other tie (2/3 reached by different sums of pair gaps).
  entries.sort(
    (a, b) =>
      (Math.abs(b.dispute - a.dispute) > 1e-9 ? b.dispute - a.dispute : 0) ||
      b.disagreeingQuestions - a.disagreeingQuestions ||
      b.disagreeingRaters - a.disagreeingRaters ||
      a.agreement - b.agreement ||
      (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0),
  );
  return { task: task.record.name, policy, threshold, entries, open: entries.filter((e) => !e.resolved).length };
}

/** Every answer on an item side by side (see `adjudication.item`). */
export function adjudicationItem(ctx: ServiceContext, args: { task: string | number; itemId: number; includeJudges: boolean }): AdjudicationItem {
  const task = loadTask(ctx.sql, args.task);
  const item = requireTaskItem(ctx.sql, task, args.itemId);
  const order = new Map(task.schema.questions.map((q, i) => [q.id, i]));
  const groups = new Map<string, AnswerGroup>();
  const groupOf = (unit: string, question: string) => {
    const key = `${unit}\u0000${question}`;
    if (!groups.has(key)) groups.set(key, { unit, question, answers: [], unanimous: false, agreement: null, gold: null });
    return groups.get(key)!;
  };
  const textQuestions = new Set(task.schema.questions.filter((q) => q.type === 'text').map((q) => q.id));
  const labelsByGroup = new Map<AnswerGroup, Group>();
  const queries = labelQueries(ctx.sql);
  const submitted = queries.submittedRaters(task.record.id, item.item_id);
  const originals = new Map(labelOriginalsOfItem(ctx.sql, task.record.id, item.item_id).map((o) => [labelKeyText(o), o]));
  for (const label of queries.ofItem(task.record.id, item.item_id)) {
    const original = originals.get(labelKeyText(label));
    // What is left in `originals` after this loop has no current label: answers cleared after discussion.
    originals.delete(labelKeyText(label));
    if (label.rater_kind === 'judge' ? !args.includeJudges : !submitted.has(label.rater_id)) continue;
    const group = groupOf(label.unit, label.question);
    group.answers.push({
      rater: label.rater,
      raterKind: label.rater_kind,
      value: parseValue(label.value),
      na: label.na === 1,
      rationale: label.rationale,
      updatedAt: label.updated_at,
      ...(label.earlier_version === 1 ? { earlierVersion: true } : {}),
      ...(original && revisedFrom(label, original) ? { original: originalView(original) } : {}),
    });
    const counted = labelsByGroup.get(group) ?? { itemId: label.item_id, unit: label.unit, question: label.question, labels: [], originals: [], cleared: [] };
    counted.labels.push(label);
    if (!original) counted.originals.push(label);
    else if (original.answered === 1) counted.originals.push({ ...label, value: original.value, na: original.na });
    labelsByGroup.set(group, counted);
  }
  // Answers cleared after discussion: shown with their original, which agreement counts.
  for (const o of originals.values()) {
    if (o.answered !== 1 || !submitted.has(o.rater_id)) continue;
    const group = groupOf(o.unit, o.question);
    group.cleared = [...(group.cleared ?? []), { rater: o.rater, original: originalView(o) }];
    const counted = labelsByGroup.get(group) ?? { itemId: o.item_id, unit: o.unit, question: o.question, labels: [], originals: [], cleared: [] };
    counted.originals.push(o);
    counted.cleared.push(o);
    labelsByGroup.set(group, counted);
  }
  for (const gold of goldOfTask(ctx.sql, task.record.id, item.item_id)) groupOf(gold.unit, gold.question).gold = toGoldView(gold);
  // Raters as counted (rater 2 before rater 10), the same on both engines whatever the database's collation.
  for (const group of groups.values()) {
    group.answers.sort((a, b) => compareNames(a.rater, b.rater));
    group.cleared?.sort((a, b) => compareNames(a.rater, b.rater));
  }
  for (const [group, counted] of labelsByGroup) {
    // On the originals, as the queue counts it: raters who agree only since a revision are not unanimous.
    group.agreement = textQuestions.has(group.question) || counted.labels.length + counted.cleared.length < 2 ? null : groupAgreement(counted);
    group.unanimous = group.agreement === 1;
  }
  return {
    itemId: item.item_id,
    externalId: item.external_id,
    dataset: item.dataset,
    kind: item.kind,
    schema: task.schema,
    groups: [...groups.values()].sort((a, b) => compareUnitKeys(a.unit, b.unit) || (order.get(a.question) ?? 0) - (order.get(b.question) ?? 0)),
  };
}

/** Whether a label differs from its original (answer or rationale): a revision after discussion to show. */
function revisedFrom(label: LabelRow, original: LabelOriginalRecord): boolean {
  return original.answered === 0 || original.value !== label.value || original.na !== label.na || original.rationale !== label.rationale;
}

/** An original as the adjudication screen shows it. */
function originalView(original: LabelOriginalRecord): NonNullable<AdjudicationItem['groups'][number]['answers'][number]['original']> {
  return { answered: original.answered === 1, value: parseValue(original.value), na: original.na === 1, rationale: original.rationale };
}

/** One gold answer to record on an item. */
interface GoldAnswer {
  unit: string;
  question: string;
  value?: unknown;
  na: boolean;
  note?: string | null;
}

/**
 * Checks and records one adjudicated gold answer (inside a write). Changing an existing gold
 * answer needs a reason, kept in the gold edit log with who changed it. The gold as it already
 * stands (same answer, same note) is not written again: a repeated key press would otherwise log
 * "Very Good to Very Good" each time and turn a unanimous gold into an adjudicated one.
 *
 * @returns whether anything was written.
 * @throws InvalidInputError for an answer the question does not allow, or a change without a reason.
 */
function writeAdjudicated(ctx: ServiceContext, db: AnyDb, task: LoadedTask, itemId: number, answer: GoldAnswer, reason: string | undefined): boolean {
  const question = requireQuestion(task, answer.question);
  const item = requireTaskItem(db, task, itemId);
  checkUnit(question, answer.unit, item, question.scope === 'item' ? null : JSON.parse(item.payload));
  const check = checkAnswer(question, answer.value, answer.na);
  if (!check.ok) throw new InvalidInputError(check.message);
  const stored = toStored(check, answer.note);
  const before = goldAt(db, task.record.id, item.item_id, answer.unit, question.id);
  if (before !== undefined && sameStored({ value: before.value, na: before.na === 1, rationale: before.rationale }, stored)) return false;
  const changes = before !== undefined && (before.value !== stored.value || (before.na === 1) !== stored.na);
  if (changes && !reason?.trim()) {
    const was = answerToCell({ value: parseValue(before.value), na: before.na === 1 });
    throw new InvalidInputError(
      `gold for ${question.id}${answer.unit ? ` on ${answer.unit}` : ''} of ${item.external_id} is already "${was}" (${before.source === 'unanimous' ? 'unanimous' : `set by ${before.adjudicator ?? 'an adjudicator'}`}); say why it changes (reason)`,
    );
  }
  writeGold(db, {
    taskId: task.record.id,
    itemId: item.item_id,
    unit: answer.unit,
    question: question.id,
    ...stored,
    adjudicatorId: callerIdOrNull(ctx),
    source: 'adjudicated',
    reason: changes ? reason!.trim() : null,
  });
  return true;
}

/** Sets gold for one question on one unit (see `adjudication.setGold`); `unchanged` when it already stood so. */
export async function setGold(
  ctx: ServiceContext,
  args: { task: string | number; itemId: number; unit: string; question: string; value?: unknown; na: boolean; rationale?: string | null; reason?: string },
): Promise<SetGoldReply> {
  const reply = await ctx.sqlWrite((db): SetGoldReply => {
    const task = loadWritableTask(db, args.task);
    const written = writeAdjudicated(ctx, db, task, args.itemId, { unit: args.unit, question: args.question, value: args.value, na: args.na, note: args.rationale }, args.reason);
    const view = toGoldView(goldAt(db, task.record.id, args.itemId, args.unit, args.question)!);
    return written ? view : { ...view, unchanged: true };
  });
  if (!reply.unchanged) ctx.emit('workspace.changed', { what: 'gold' });
  return reply;
}

/** Settles a whole item in one write (see `adjudication.settleItem`): every answer, or none. */
export async function settleItem(
  ctx: ServiceContext,
  args: { task: string | number; itemId: number; answers: GoldAnswer[]; reason?: string },
): Promise<{ settled: number; gold: GoldView[] }> {
  const seen = new Set<string>();
  for (const a of args.answers) {
    const key = `${a.unit}\u0000${a.question}`;
    if (seen.has(key)) throw new InvalidInputError(`${a.question}${a.unit ? ` on ${a.unit}` : ''} is given twice`);
    seen.add(key);
  }
  const result = await ctx.sqlWrite((db) => {
    const task = loadWritableTask(db, args.task);
    let written = 0;
    for (const answer of args.answers) if (writeAdjudicated(ctx, db, task, args.itemId, answer, args.reason)) written++;
    return { settled: args.answers.length, written, gold: goldOfTask(db, task.record.id, args.itemId).map(toGoldView) };
  });
  if (result.written > 0) ctx.emit('workspace.changed', { what: 'gold' });
  return { settled: result.settled, gold: result.gold };
}

/** The gold edit log (see `gold.history`). */
export function goldHistory(ctx: ServiceContext, args: { task: string | number; itemId?: number }): GoldEdit[] {
  const task = loadTask(ctx.sql, args.task);
  return goldEventsOf(ctx.sql, task.record.id, args.itemId).map((e) => ({
    itemId: e.item_id,
    item: e.external_id,
    unit: e.unit,
    question: e.question,
    value: parseValue(e.value),
    na: e.na === 1,
    previous: e.previous === null ? null : (JSON.parse(e.previous) as GoldEdit['previous']),
    source: e.source,
    adjudicator: e.adjudicator,
    reason: e.reason,
    note: e.rationale,
    at: e.created_at,
  }));
}

/** Accepts unanimous answers as gold in bulk (see `adjudication.acceptUnanimous`). */
export async function acceptUnanimous(
  ctx: ServiceContext,
  args: { task: string | number; question?: string; minRaters: number },
): Promise<{ accepted: number; alreadyGold: number }> {
  const result = await ctx.sqlWrite((db) => {
    const task = loadWritableTask(db, args.task);
    if (args.question !== undefined) requireQuestion(task, args.question);
    const gold = new Set(goldOfTask(db, task.record.id).map((g) => `${g.item_id}\u0000${g.unit}\u0000${g.question}`));
    let accepted = 0;
    let alreadyGold = 0;
    for (const group of adjudicableGroups(db, task, { includeJudges: false, question: args.question })) {
      if (group.labels.length < args.minRaters || groupAgreement(group) !== 1) continue;
      if (gold.has(`${group.itemId}\u0000${group.unit}\u0000${group.question}`)) {
        alreadyGold++;
        continue;
      }
      const first = group.labels[0];
      writeGold(db, {
        taskId: task.record.id,
        itemId: group.itemId,
        unit: group.unit,
        question: group.question,
        value: first.value,
        na: first.na === 1,
        rationale: null,
        adjudicatorId: callerIdOrNull(ctx),
        source: 'unanimous',
      });
      accepted++;
    }
    return { accepted, alreadyGold };
  });
  if (result.accepted > 0) ctx.emit('workspace.changed', { what: 'gold' });
  return result;
}

/** Gold labels of a task (or one item). */
export function listGold(ctx: ServiceContext, args: { task: string | number; itemId?: number }): GoldView[] {
  const task = loadTask(ctx.sql, args.task);
  return goldOfTask(ctx.sql, task.record.id, args.itemId).map(toGoldView);
}
