import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { PackExport, PackImportReport, RefusedLabel } from '../../api/contract';
import { ensureHumanRater, raterOfAnnotator } from '../../../db/queries/annotators';
import { keepLabelOriginal, labelOriginalsOfRater } from '../../../db/queries/blindness';
import { labelQueries, type EventVisibility, type LabelKey, type LabelQueries, type StoredAnswer } from '../../../db/queries/labels';
import { deletePackImport, finishPackImport, insertPackImport } from '../../../db/queries/packImports';
import { itemPayload, taskItems, type TaskItemRecord } from '../../../db/queries/tasks';
import { parseJsonExactly } from '../../core/formats/exactNumbers';
import { issuesText, zodIssues } from '../../core/formats/shapeErrors';
import { checkAnswer } from '../../core/schemas/labelValue';
import { LABEL_PACK_FORMAT, labelPackJson, type LabelPack, type LabelPackClear, type LabelPackLabel, type LabelPackOriginal } from '../../core/schemas/labelPack';
import { findQuestion } from '../../core/schemas/model';
import { validateLabelSchema } from '../../core/schemas/schemaJson';
import { parseUnitKey, unitsOf } from '../../core/schemas/unitKeys';
import type { SqlDb } from '../../../db/sql/sqlDb';
import type { ServiceContext } from '../context';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { checkLabelsImporter, checkPackViewer } from './access';
import { ensureAnnotator } from './annotators';
import { DEFAULT_RECORD_LIMITS, sizeText } from '../../core/formats/recordLimits';
import { sourceFileProblem } from '../import/sourceFiles';
import { baseName, resolveSource, safeFileName, type FileSource } from './sources';
import { ensureOnTask } from './tasks';
import { itemKeyOf, loadTask, loadWritableTask, parseValue, requireAnnotator, toStored, type LoadedTask } from './taskContext';
import { labelOfRow } from './views';

const shortHash = (hash: string) => hash.slice(0, 12);

/**
 * One annotator's labels for a task as a label pack (DESIGN.md §4): current labels with the
 * id of the event that set each, labels they removed, their submissions, and the content hash
 * of every item these refer to. An annotator caller may export only their own pack.
 */
export function exportPack(ctx: ServiceContext, args: { task: string | number; annotator: string }): PackExport {
  const task = loadTask(ctx.sql, args.task);
  const annotator = requireAnnotator(ctx.sql, args.annotator);
  checkPackViewer(ctx, annotator);
  const rater = raterOfAnnotator(ctx.sql, annotator.id);
  const queries = labelQueries(ctx.sql);
  const items = new Map(taskItems(ctx.sql, task.record.id).map((i) => [i.item_id, i]));
  const used = new Set<number>();
  const ref = (itemId: number) => {
    used.add(itemId);
    const item = items.get(itemId)!;
    return { dataset: item.dataset, item: item.external_id };
  };
  const labels: LabelPackLabel[] = [];
  const cleared: LabelPackClear[] = [];
  const originals: LabelPackOriginal[] = [];
  const submissions: LabelPack['submissions'] = [];
  if (rater) {
    for (const row of queries.ofRater(task.record.id, rater.id)) {
      // The pack names its annotator once, so its labels drop rater and raterKind.
      const { dataset: _dataset, item: _item, rater: _rater, raterKind: _kind, ...label } = labelOfRow(row);
      const event = queries.eventById(row.event_id)!;
      // What the annotator saw when making it travels with the label (issue 13).
      labels.push({ ...ref(row.item_id), ...label, uid: event.uid, visible: event.visible ? (JSON.parse(event.visible) as EventVisibility) : null });
    }
    for (const event of queries.lastEventsOfRater(task.record.id, rater.id)) {
      if (event.value !== null || event.na === 1) continue;
      cleared.push({ ...ref(event.item_id), unit: event.unit, question: event.question, clearedAt: event.made_at, uid: event.uid });
    }
    for (const s of queries.submissionsOfRater(task.record.id, rater.id)) submissions.push({ ...ref(s.item_id), submittedAt: s.submitted_at });
    // Originals of labels revised after discussion travel too, so agreement on the originals is the same where the pack is merged.
    for (const o of labelOriginalsOfRater(ctx.sql, task.record.id, rater.id)) {
      if (!items.has(o.item_id)) continue;
      originals.push({
        ...ref(o.item_id),
        unit: o.unit,
        question: o.question,
        answered: o.answered === 1,
        value: parseValue(o.value),
        na: o.na === 1,
        rationale: o.rationale,
        uid: o.event_id === null ? null : (queries.eventById(o.event_id)?.uid ?? null),
        revisedAt: o.revised_at,
      });
    }
  }
  const pack: LabelPack = {
    format: LABEL_PACK_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    origin: { workspace: path.basename(ctx.workspacePath) },
    task: { name: task.record.name, schema: task.schema },
    annotator: { name: annotator.name, role: annotator.role },
    items: [...used].sort((a, b) => a - b).map((id) => ({ dataset: items.get(id)!.dataset, externalId: items.get(id)!.external_id, contentHash: items.get(id)!.content_hash })),
    labels,
    cleared,
    originals,
    submissions,
  };
  return {
    fileName: `${safeFileName(task.record.name)}.${safeFileName(annotator.name)}.accord-pack.json`,
    task: task.record.name,
    annotator: annotator.name,
    labels: labels.length,
    content: `${JSON.stringify(pack, null, 2)}\n`,
  };
}

/** Largest pack read: the import's limit for a file read whole (a pack of 100,000 labels is ~30 MB). */
const MAX_PACK_BYTES = DEFAULT_RECORD_LIMITS.maxDocumentBytes;

function packTooLarge(file: string): string | null {
  const size = fs.statSync(file).size;
  return size > MAX_PACK_BYTES ? `the file is ${sizeText(size)}, larger than the limit of ${sizeText(MAX_PACK_BYTES)} for a label pack` : null;
}

/** A label, clear, item or submission the pack lists twice: a hand-made pack, refused whole. */
function duplicateIn(pack: LabelPack): string | null {
  const twice = <T>(list: T[], key: (x: T) => string, what: (x: T) => string): string | null => {
    const seen = new Set<string>();
    for (const x of list) {
      const k = key(x);
      if (seen.has(k)) return what(x);
      seen.add(k);
    }
    return null;
  };
  const labelKey = (l: { dataset: string; item: string; unit: string; question: string }) => JSON.stringify([l.dataset, l.item, l.unit, l.question]);
  const named = (l: { dataset: string; item: string; unit: string; question: string }) => `the label of item ${l.item} (dataset "${l.dataset}"${l.unit ? `, unit ${l.unit}` : ''}, question ${l.question})`;
  return (
    twice(pack.items, (i) => JSON.stringify([i.dataset, i.externalId]), (i) => `item ${i.externalId} of dataset "${i.dataset}"`) ??
    twice(pack.labels, labelKey, named) ??
    twice(pack.cleared, labelKey, (c) => `the removal of ${named(c)}`) ??
    twice([...pack.labels, ...pack.cleared], (l) => l.uid, (l) => `the edit id ${l.uid}`) ??
    twice(pack.submissions, (s) => JSON.stringify([s.dataset, s.item]), (s) => `the submission of item ${s.item}`)
  );
}

function readPack(text: string): LabelPack {
  let json: unknown;
  try {
    json = parseJsonExactly(text);
  } catch (error) {
    throw new InvalidInputError(`not a label pack: the file is not valid JSON (${(error as Error).message})`);
  }
  const parsed = labelPackJson.safeParse(json, { reportInput: true });
  if (!parsed.success) throw new InvalidInputError(`not a valid label pack: ${issuesText(zodIssues(parsed.error), '(file)')}`);
  const schema = validateLabelSchema(parsed.data.task.schema);
  if (!schema.ok) throw new InvalidInputError(`the label pack's schema is invalid: ${issuesText(schema.issues, '', 3)}`);
  const pack = { ...parsed.data, task: { name: parsed.data.task.name, schema: schema.schema } } as LabelPack;
  const duplicate = duplicateIn(pack);
  if (duplicate) throw new InvalidInputError(`not a valid label pack: it lists ${duplicate} twice`);
  return pack;
}

/** Pack items matched to this workspace's task items; a mismatch is the reason its labels are refused. */
function matchItems(task: LoadedTask, pack: LabelPack, local: TaskItemRecord[]): Map<string, TaskItemRecord | string> {
  const byKey = new Map(local.map((i) => [itemKeyOf(i), i]));
  const matched = new Map<string, TaskItemRecord | string>();
  for (const item of pack.items) {
    const key = `${item.dataset}/${item.externalId}`;
    const here = byKey.get(key);
    if (!here) matched.set(key, `item ${item.externalId} of dataset "${item.dataset}" is not in task "${task.record.name}" here`);
    else if (here.content_hash !== item.contentHash) {
      matched.set(key, `item ${item.externalId} changed since these labels were made (pack: ${shortHash(item.contentHash)}…, here: ${shortHash(here.content_hash)}…)`);
    } else matched.set(key, here);
  }
  return matched;
}

/** Whether an incoming edit is newer than the current label (ties broken by event id, so every workspace decides alike). */
function isNewer(queries: LabelQueries, key: LabelKey, madeAt: string, uid: string): boolean {
  const current = queries.get(key);
  if (!current) return true;
  if (madeAt !== current.updated_at) return madeAt > current.updated_at;
  return uid > (queries.eventById(current.event_id)?.uid ?? '');
}

/**
 * Merges a label pack into the task of the same name: labels on items whose content changed
 * (or that are not in the task) are refused, saying which; an edit already here (same event
 * id) is skipped, so re-importing a pack changes nothing; otherwise the newest edit of the
 * same annotator becomes current and the older one stays in `label_events`. Provenance is
 * recorded in `pack_imports` and on every event.
 */
export async function importPack(ctx: ServiceContext, args: { source: FileSource }): Promise<PackImportReport> {
  const file = resolveSource(ctx, args.source);
  // A FIFO, a directory or a huge file is refused before it is opened or read whole.
  const problem = sourceFileProblem(file.path)?.message ?? packTooLarge(file.path);
  if (problem) throw new InvalidInputError(`cannot read ${file.displayName}: ${problem}`);
  let text: string;
  try {
    text = await fs.promises.readFile(file.path, 'utf8');
  } catch (error) {
    throw new InvalidInputError(`cannot read ${file.displayName}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const pack = readPack(text);
  // A pack writes its annotator's labels: an annotator may merge only their own.
  checkLabelsImporter(ctx, [{ rater: pack.annotator.name, line: null }]);
  const contentHash = createHash('sha256').update(text).digest('hex');
  const report = await mergePack(ctx, pack, file.displayName, contentHash);
  if (report.status === 'imported') ctx.emit('workspace.changed', { what: 'labels' });
  return report;
}

/** What the first chunk of a merge settles, and every later chunk reads. */
interface MergeSetup {
  task: LoadedTask;
  annotatorName: string;
  raterId: number;
  matched: Map<string, TaskItemRecord | string>;
  packImportId: number;
}

/** One unit of a merge: a label, a removal, or an original kept by a discussion. */
type MergeUnit = { kind: 'label'; label: LabelPackLabel } | { kind: 'clear'; clear: LabelPackClear } | { kind: 'original'; original: LabelPackOriginal };

/** What a chunk of a merge counted. */
interface MergeCounts {
  applied: number;
  kept: number;
  unchanged: number;
  originals: number;
  submissions: number;
  refused: RefusedLabel[];
}

/**
 * The merge, in chunks (writes of at most a chunk's budget each), so a label save waits one
 * chunk at most. Each chunk is a pure function of where it starts and of what the chunks before
 * it committed: PostgreSQL may run a write again after a serialization failure, and running a
 * chunk again then counts its edits once. The checks that refuse a whole pack are in the first
 * chunk, before anything is written, so they leave nothing written. A crash mid-merge leaves a
 * prefix of whole edits; merging the pack again completes it (an edit already here is skipped
 * by its id).
 */
async function mergePack(ctx: ServiceContext, pack: LabelPack, displayName: string, contentHash: string): Promise<PackImportReport> {
  const units: MergeUnit[] = [
    ...pack.labels.map((label) => ({ kind: 'label' as const, label })),
    ...pack.cleared.map((clear) => ({ kind: 'clear' as const, clear })),
    ...(pack.originals ?? []).map((original) => ({ kind: 'original' as const, original })),
  ];
  // Item payloads read for unit checks: a cache of what does not change during the merge.
  const payloads = new Map<number, unknown>();
  let setup: MergeSetup | null = null;
  let report: PackImportReport | null = null;
  let at = 0;
  for (;;) {
    const start = at;
    const before = report;
    const chunk = await ctx.sqlWrite(
      (db, hold) => {
        const settled = setup ?? setUpMerge(ctx, db, pack, displayName, contentHash);
        const counts: MergeCounts = { applied: 0, kept: 0, unchanged: 0, originals: 0, submissions: 0, refused: [] };
        const queries = labelQueries(db);
        let next = start;
        while (next < units.length) {
          mergeUnit(db, queries, settled, units[next++], counts, payloads);
          if (hold.overBudget()) break;
        }
        if (next < units.length) return { settled, next, counts, finished: false };
        for (const submission of pack.submissions) {
          const item = settled.matched.get(`${submission.dataset}/${submission.item}`);
          if (item && typeof item !== 'string' && queries.submit(settled.task.record.id, item.item_id, settled.raterId, submission.submittedAt, 'pack')) counts.submissions++;
        }
        const total = addCounts(before ?? emptyReport(displayName, settled), counts);
        if (total.applied + total.kept + total.submissions + (total.originals ?? 0) === 0) {
          deletePackImport(db, settled.packImportId);
        } else {
          finishPackImport(db, settled.packImportId, { applied: total.applied, kept: total.kept, refused: total.refused.length });
        }
        return { settled, next, counts, finished: true };
      },
      { chunk: true, label: 'merge label pack' },
    );
    setup = chunk.settled;
    report = addCounts(report ?? emptyReport(displayName, chunk.settled), chunk.counts);
    at = chunk.next;
    if (chunk.finished) {
      const imported = report.applied + report.kept + report.submissions + (report.originals ?? 0) > 0;
      return { ...report, status: imported ? 'imported' : 'unchanged' };
    }
  }
}

function emptyReport(displayName: string, setup: MergeSetup): PackImportReport {
  return { file: displayName, task: setup.task.record.name, annotator: setup.annotatorName, status: 'unchanged', applied: 0, kept: 0, unchanged: 0, submissions: 0, refused: [] };
}

/** The report with a chunk's counts added (a new object: a chunk run again must not count twice). */
function addCounts(report: PackImportReport, counts: MergeCounts): PackImportReport {
  const originals = (report.originals ?? 0) + counts.originals;
  return {
    ...report,
    applied: report.applied + counts.applied,
    kept: report.kept + counts.kept,
    unchanged: report.unchanged + counts.unchanged,
    submissions: report.submissions + counts.submissions,
    refused: [...report.refused, ...counts.refused],
    ...(originals > 0 ? { originals } : {}),
  };
}

/**
 * The first chunk's work before any label: the checks that refuse the whole pack, then its
 * annotator (created when new), their place on the task and the provenance row.
 */
function setUpMerge(ctx: ServiceContext, db: SqlDb, pack: LabelPack, displayName: string, contentHash: string): MergeSetup {
  let task: LoadedTask;
  try {
    task = loadWritableTask(db, pack.task.name);
  } catch {
    throw new NotFoundError(`the pack is for task "${pack.task.name}", which this workspace does not have; create it with the same schema (${pack.task.schema.id}) first`);
  }
  if (task.schema.id !== pack.task.schema.id) {
    throw new ConflictError(`task "${task.record.name}" uses schema ${task.schema.id} here, but the pack's labels follow ${pack.task.schema.id}`);
  }
  // A pack cannot make anyone an adjudicator or a lead unless a lead merges it.
  const { annotator } = ensureAnnotator(db, pack.annotator.name, ctx.caller.role === 'lead' ? pack.annotator.role : 'annotator');
  const rater = ensureHumanRater(db, annotator);
  const matched = matchItems(task, pack, taskItems(db, task.record.id));
  const accepted = [...matched.values()].filter((m): m is TaskItemRecord => typeof m !== 'string');
  // Not one item matches (changed, or not in this task): the pack is refused whole, in the
  // write's rollback the annotator it would have added goes too.
  if (accepted.length === 0 && pack.labels.length + pack.cleared.length + pack.submissions.length > 0) {
    const reasons = [...new Set([...matched.values()].filter((m): m is string => typeof m === 'string'))];
    throw new ConflictError(`none of the pack's items can take its labels here: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? `; and ${reasons.length - 3} more` : ''}`);
  }
  ensureOnTask(db, task, annotator, accepted.map((i) => i.item_id));
  const packImportId = insertPackImport(db, {
    taskId: task.record.id,
    annotator: annotator.name,
    fileName: baseName(displayName),
    contentHash,
    origin: pack.origin.workspace,
    exportedAt: pack.exportedAt,
  });
  return { task, annotatorName: annotator.name, raterId: rater.id, matched, packImportId };
}

/** Merges one unit of a pack (inside a chunk's write), counting what became of it. */
function mergeUnit(db: SqlDb, queries: LabelQueries, setup: MergeSetup, unit: MergeUnit, counts: MergeCounts, payloads: Map<number, unknown>): void {
  const { task, matched, raterId, packImportId } = setup;
  /** The local key of a pack label, or the reason it is refused. */
  const keyOf = (label: { dataset: string; item: string; unit: string; question: string }): LabelKey | string => {
    const item = matched.get(`${label.dataset}/${label.item}`) ?? `item ${label.item} is not listed among the pack's items`;
    if (typeof item === 'string') return item;
    const question = findQuestion(task.schema, label.question);
    if (!question) return `no question "${label.question}" in task "${task.record.name}" here`;
    const unitKey = parseUnitKey(label.unit);
    if (!unitKey || unitKey.scope !== question.scope) return `"${label.unit}" is not a ${question.scope} unit`;
    if (unitKey.scope !== 'item') {
      if (!payloads.has(item.item_id)) payloads.set(item.item_id, JSON.parse(itemPayload(db, item.item_id) ?? 'null'));
      if (!unitsOf(item.kind, payloads.get(item.item_id), question.scope).includes(label.unit)) return `${item.external_id} has no ${question.scope} ${unitKey.id}`;
    }
    return { taskId: task.record.id, itemId: item.item_id, unit: label.unit, question: question.id, raterId };
  };
  const refuse = (label: { dataset: string; item: string; unit: string; question: string }, reason: string): void => {
    counts.refused.push({ dataset: label.dataset, item: label.item, unit: label.unit, question: label.question, reason } satisfies RefusedLabel);
  };

  if (unit.kind === 'label') {
    const { label } = unit;
    const key = keyOf(label);
    if (typeof key === 'string') return refuse(label, key);
    if (label.earlierVersion) {
      return refuse(label, `item ${label.item} changed since this label was made (it was made on an earlier version; check and save it again where it was made, then export the pack again)`);
    }
    const check = checkAnswer(findQuestion(task.schema, label.question)!, label.value, label.na);
    if (!check.ok) return refuse(label, check.message);
    if (queries.eventByUid(label.uid)) {
      counts.unchanged++;
      return;
    }
    if (mergeEdit(queries, key, toStored(check, label.rationale), label, packImportId)) counts.applied++;
    else counts.kept++;
    return;
  }
  if (unit.kind === 'clear') {
    const { clear } = unit;
    const key = keyOf(clear);
    if (typeof key === 'string' || queries.eventByUid(clear.uid) || !queries.get(key)) return;
    if (mergeEdit(queries, key, null, { uid: clear.uid, updatedAt: clear.clearedAt, secondsSpent: 0 }, packImportId)) counts.applied++;
    else counts.kept++;
    return;
  }
  // An original of a label revised after discussion: kept unless this workspace has one already (the first revision's stands).
  const { original } = unit;
  const key = keyOf(original);
  if (typeof key === 'string') return;
  let answer: StoredAnswer | null = null;
  if (original.answered) {
    const check = checkAnswer(findQuestion(task.schema, original.question)!, original.value, original.na);
    if (!check.ok) return refuse(original, `its answer before discussion: ${check.message}`);
    answer = toStored(check, original.rationale);
  }
  const eventId = original.uid === null ? null : (queries.eventByUid(original.uid)?.id ?? null);
  if (keepLabelOriginal(db, key, answer, eventId, original.revisedAt)) counts.originals++;
}

/** Records one incoming edit; it becomes current only when newer. Returns whether it did. */
function mergeEdit(
  queries: LabelQueries,
  key: LabelKey,
  answer: StoredAnswer | null,
  edit: { uid: string; updatedAt: string; secondsSpent: number; createdAt?: string; visible?: EventVisibility | null },
  packImportId: number,
): boolean {
  const current = queries.get(key);
  const newer = isNewer(queries, key, edit.updatedAt, edit.uid);
  const eventId = queries.insertEvent({
    uid: edit.uid,
    key,
    action: answer === null ? 'clear' : 'set',
    answer,
    secondsSpent: edit.secondsSpent,
    previous: current ? { value: current.value, na: current.na === 1, rationale: current.rationale } : null,
    visibleRaters: null,
    visible: edit.visible ?? null,
    source: 'pack',
    packImportId,
    applied: newer,
    madeAt: edit.updatedAt,
  });
  if (!newer) return false;
  if (answer === null) queries.remove(key);
  else queries.put(key, answer, eventId, edit.updatedAt, edit.secondsSpent, current?.created_at ?? edit.createdAt ?? edit.updatedAt);
  return true;
}
