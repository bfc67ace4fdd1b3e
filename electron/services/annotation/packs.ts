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
import type { ServiceContext } from '../context';
import { sqlWriteSteps } from '../sqlWriteSteps';
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
  const report = await sqlWriteSteps(ctx.sqlWrite, () => mergePack(ctx, pack, file.displayName, contentHash), 'merge label pack');
  if (report.status === 'imported') ctx.emit('workspace.changed', { what: 'labels' });
  return report;
}

/**
 * The merge, yielding between labels so that it commits in chunks (`sqlWriteSteps`). The checks
 * that refuse a whole pack come before the first yield, so they leave nothing written. A crash
 * mid-merge leaves a prefix of whole edits; merging the pack again completes it (an edit already
 * here is skipped by its id). It reads and writes through `ctx.sql`, which inside a write is the
 * writing connection on both engines.
 */
function* mergePack(ctx: ServiceContext, pack: LabelPack, displayName: string, contentHash: string): Generator<void, PackImportReport, undefined> {
  let task: LoadedTask;
  try {
    task = loadWritableTask(ctx.sql, pack.task.name);
  } catch {
    throw new NotFoundError(`the pack is for task "${pack.task.name}", which this workspace does not have; create it with the same schema (${pack.task.schema.id}) first`);
  }
  if (task.schema.id !== pack.task.schema.id) {
    throw new ConflictError(`task "${task.record.name}" uses schema ${task.schema.id} here, but the pack's labels follow ${pack.task.schema.id}`);
  }
  const queries = labelQueries(ctx.sql);
  // A pack cannot make anyone an adjudicator or a lead unless a lead merges it.
  const { annotator } = ensureAnnotator(ctx.sql, pack.annotator.name, ctx.caller.role === 'lead' ? pack.annotator.role : 'annotator');
  const rater = ensureHumanRater(ctx.sql, annotator);
  const matched = matchItems(task, pack, taskItems(ctx.sql, task.record.id));
  const report: PackImportReport = { file: displayName, task: task.record.name, annotator: annotator.name, status: 'unchanged', applied: 0, kept: 0, unchanged: 0, submissions: 0, refused: [] };
  const accepted = [...matched.values()].filter((m): m is TaskItemRecord => typeof m !== 'string');
  // Not one item matches (changed, or not in this task): the pack is refused whole here, before
  // the first yield, so the annotator it would have added is rolled back with the rest.
  if (accepted.length === 0 && pack.labels.length + pack.cleared.length + pack.submissions.length > 0) {
    const reasons = [...new Set([...matched.values()].filter((m): m is string => typeof m === 'string'))];
    throw new ConflictError(`none of the pack's items can take its labels here: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? `; and ${reasons.length - 3} more` : ''}`);
  }
  ensureOnTask(ctx.sql, task, annotator, accepted.map((i) => i.item_id));
  const packImportId = insertPackImport(ctx.sql, {
    taskId: task.record.id,
    annotator: annotator.name,
    fileName: baseName(displayName),
    contentHash,
    origin: pack.origin.workspace,
    exportedAt: pack.exportedAt,
  });
  const payloads = new Map<number, unknown>();

  /** The local key of a pack label, or the reason it is refused. */
  const keyOf = (label: { dataset: string; item: string; unit: string; question: string }): LabelKey | string => {
    const item = matched.get(`${label.dataset}/${label.item}`) ?? `item ${label.item} is not listed among the pack's items`;
    if (typeof item === 'string') return item;
    const question = findQuestion(task.schema, label.question);
    if (!question) return `no question "${label.question}" in task "${task.record.name}" here`;
    const unit = parseUnitKey(label.unit);
    if (!unit || unit.scope !== question.scope) return `"${label.unit}" is not a ${question.scope} unit`;
    if (unit.scope !== 'item') {
      if (!payloads.has(item.item_id)) payloads.set(item.item_id, JSON.parse(itemPayload(ctx.sql, item.item_id) ?? 'null'));
      if (!unitsOf(item.kind, payloads.get(item.item_id), question.scope).includes(label.unit)) return `${item.external_id} has no ${question.scope} ${unit.id}`;
    }
    return { taskId: task.record.id, itemId: item.item_id, unit: label.unit, question: question.id, raterId: rater.id };
  };
  const refuse = (label: { dataset: string; item: string; unit: string; question: string }, reason: string) =>
    report.refused.push({ dataset: label.dataset, item: label.item, unit: label.unit, question: label.question, reason } satisfies RefusedLabel);

  for (const label of pack.labels) {
    const key = keyOf(label);
    if (typeof key === 'string') {
      refuse(label, key);
      continue;
    }
    if (label.earlierVersion) {
      refuse(label, `item ${label.item} changed since this label was made (it was made on an earlier version; check and save it again where it was made, then export the pack again)`);
      continue;
    }
    const check = checkAnswer(findQuestion(task.schema, label.question)!, label.value, label.na);
    if (!check.ok) {
      refuse(label, check.message);
      continue;
    }
    if (queries.eventByUid(label.uid)) {
      report.unchanged++;
      continue;
    }
    if (mergeEdit(queries, key, toStored(check, label.rationale), label, packImportId)) report.applied++;
    else report.kept++;
    yield;
  }
  for (const clear of pack.cleared) {
    const key = keyOf(clear);
    if (typeof key === 'string' || queries.eventByUid(clear.uid) || !queries.get(key)) continue;
    if (mergeEdit(queries, key, null, { uid: clear.uid, updatedAt: clear.clearedAt, secondsSpent: 0 }, packImportId)) report.applied++;
    else report.kept++;
    yield;
  }
  // Originals of labels revised after discussion: kept unless this workspace has one already (the first revision's stands).
  for (const original of pack.originals ?? []) {
    const key = keyOf(original);
    if (typeof key === 'string') continue;
    let answer: StoredAnswer | null = null;
    if (original.answered) {
      const check = checkAnswer(findQuestion(task.schema, original.question)!, original.value, original.na);
      if (!check.ok) {
        refuse(original, `its answer before discussion: ${check.message}`);
        continue;
      }
      answer = toStored(check, original.rationale);
    }
    const eventId = original.uid === null ? null : (queries.eventByUid(original.uid)?.id ?? null);
    if (keepLabelOriginal(ctx.sql, key, answer, eventId, original.revisedAt)) report.originals = (report.originals ?? 0) + 1;
  }
  for (const submission of pack.submissions) {
    const item = matched.get(`${submission.dataset}/${submission.item}`);
    if (item && typeof item !== 'string' && queries.submit(task.record.id, item.item_id, rater.id, submission.submittedAt, 'pack')) report.submissions++;
  }
  if (report.applied + report.kept + report.submissions + (report.originals ?? 0) === 0) {
    deletePackImport(ctx.sql, packImportId);
  } else {
    report.status = 'imported';
    finishPackImport(ctx.sql, packImportId, { applied: report.applied, kept: report.kept, refused: report.refused.length });
  }
  return report;
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
