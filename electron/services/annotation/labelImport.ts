import fs from 'node:fs';
import type { LabelFileError, LabelImportReport } from '../../api/contract';
import { annotatorById, ensureJudgeRater, raterByName, type RaterRecord } from '../../../db/queries/annotators';
import { keepLabelOriginal } from '../../../db/queries/blindness';
import { labelQueries, type LabelQueries, type LabelSource } from '../../../db/queries/labels';
import { itemPayload, taskItems, type TaskItemRecord } from '../../../db/queries/tasks';
import { answerFromCell, checkAnswer, type AnswerCheck } from '../../core/schemas/labelValue';
import { parseJsonExactly } from '../../core/formats/exactNumbers';
import { issuesText, zodIssues } from '../../core/formats/shapeErrors';
import { labelRecordJson } from '../../core/schemas/labelRecord';
import { LabelsFileError, readLabelsCsv } from '../../core/schemas/labelsCsv';
import { findQuestion, type Question } from '../../core/schemas/model';
import { parseUnitKey, unitFromCell, unitsOf } from '../../core/schemas/unitKeys';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { ServiceContext } from '../context';
import { checkLabelsImporter } from './access';
import { ensureAnnotator } from './annotators';
import { applyLabelChanges } from './labelWriter';
import { labellingVisibility } from './visibility';
import { baseName, resolveSource, type FileSource } from './sources';
import { ensureOnTask } from './tasks';
import { loadWritableTask, toStored, type LoadedTask } from './taskContext';
import { DEFAULT_RECORD_LIMITS, sizeText } from '../../core/formats/recordLimits';
import { fileSystemProblem, sourceFileProblem } from '../import/sourceFiles';

/** Largest labels file read: it is read whole, as a JSON document is on import. */
const MAX_LABELS_FILE_BYTES = DEFAULT_RECORD_LIMITS.maxDocumentBytes;

function labelsFileTooLarge(file: string): string | null {
  const size = fs.statSync(file).size;
  return size > MAX_LABELS_FILE_BYTES ? `the file is ${sizeText(size)}, larger than the limit of ${sizeText(MAX_LABELS_FILE_BYTES)} for a labels file; split it` : null;
}

/** Errors listed per file at most; a file with any error is rejected whole. */
const MAX_LISTED_ERRORS = 100;

/** One row of a labels file before it is checked against the task. */
interface RawLabel {
  line: number;
  item: string;
  dataset?: string;
  unit: string;
  question: string;
  rater: string;
  raterKind?: 'human' | 'judge';
  /** The answer as written: a CSV cell (text), or a JSONL record's value and N/A flag. */
  answer: string | { value: unknown; na: boolean | undefined };
  rationale: string | null;
  secondsSpent: number;
  madeAt?: string;
}

/** The answer of a row read against its question. */
function answerOf(raw: RawLabel, question: Question): AnswerCheck {
  return typeof raw.answer === 'string' ? answerFromCell(question, raw.answer) : checkAnswer(question, raw.answer.value, raw.answer.na);
}

/** A row checked against the task, ready to write. */
interface CheckedLabel {
  raw: RawLabel;
  item: TaskItemRecord;
  unit: string;
  question: Question;
  answer: AnswerCheck & { ok: true };
}

function parseCsv(text: string): RawLabel[] {
  return readLabelsCsv(text).map((row) => ({
    line: row.line,
    item: row.item,
    unit: row.unit,
    question: row.question,
    rater: row.rater,
    answer: row.value,
    rationale: row.rationale === '' ? null : row.rationale,
    secondsSpent: 0,
  }));
}

function parseJsonl(text: string, errors: LabelFileError[]): RawLabel[] {
  const rows: RawLabel[] = [];
  text.split(/\r?\n/).forEach((lineText, index) => {
    const line = index + 1;
    if (lineText.trim() === '') return;
    let json: unknown;
    try {
      json = parseJsonExactly(lineText);
    } catch (error) {
      errors.push({ line, message: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = labelRecordJson.safeParse(json, { reportInput: true });
    if (!parsed.success) {
      errors.push({ line, message: issuesText(zodIssues(parsed.error), 'line', Infinity) });
      return;
    }
    const r = parsed.data;
    // An exported label cleared after discussion is no label to read back.
    if (r.clearedAfterDiscussion === true) return;
    rows.push({
      line,
      item: r.item,
      dataset: r.dataset,
      unit: r.unit,
      question: r.question,
      rater: r.rater,
      raterKind: r.raterKind,
      answer: { value: r.value, na: r.na },
      rationale: r.rationale ?? null,
      secondsSpent: r.secondsSpent,
      madeAt: r.updatedAt ?? r.createdAt,
    });
  });
  return rows;
}

/** Checks every row against the task; returns the good ones and pushes an error (with its line) for each bad one. */
function checkRows(ctx: ServiceContext, task: LoadedTask, rows: RawLabel[], errors: LabelFileError[]): CheckedLabel[] {
  const byExternalId = new Map<string, TaskItemRecord[]>();
  for (const item of taskItems(ctx.sql, task.record.id)) byExternalId.set(item.external_id, [...(byExternalId.get(item.external_id) ?? []), item]);
  const payloads = new Map<number, unknown>();
  const payloadOf = (itemId: number) => {
    if (!payloads.has(itemId)) payloads.set(itemId, JSON.parse(itemPayload(ctx.sql, itemId) ?? 'null'));
    return payloads.get(itemId);
  };
  const firstLine = new Map<string, number>();
  const checked: CheckedLabel[] = [];
  for (const raw of rows) {
    const fail = (message: string) => errors.push({ line: raw.line, message });
    const candidates = (byExternalId.get(raw.item) ?? []).filter((i) => raw.dataset === undefined || i.dataset === raw.dataset);
    if (candidates.length === 0) {
      fail(`item "${raw.item}"${raw.dataset ? ` of dataset "${raw.dataset}"` : ''} is not in task "${task.record.name}"`);
      continue;
    }
    if (candidates.length > 1) {
      fail(`item "${raw.item}" is in several datasets of the task (${candidates.map((c) => c.dataset).join(', ')}); use JSONL with a dataset field`);
      continue;
    }
    const item = candidates[0];
    const question = findQuestion(task.schema, raw.question);
    if (!question) {
      fail(`no question "${raw.question}" in schema ${task.schema.id} (questions: ${task.schema.questions.map((q) => q.id).join(', ')})`);
      continue;
    }
    if (raw.rater === '') {
      fail('the rater is empty');
      continue;
    }
    const unit = unitFromCell(raw.unit, question.scope);
    if (!unit.ok) {
      fail(`${question.id}: ${unit.message}`);
      continue;
    }
    if (question.scope !== 'item' && !unitsOf(item.kind, payloadOf(item.item_id), question.scope).includes(unit.key)) {
      fail(`${item.kind} ${item.external_id} has no ${question.scope} ${parseUnitKey(unit.key)?.id}`);
      continue;
    }
    const answer = answerOf(raw, question);
    if (!answer.ok) {
      fail(answer.message);
      continue;
    }
    const key = [item.item_id, unit.key, question.id, raw.rater].join('\u0000');
    const first = firstLine.get(key);
    if (first !== undefined) {
      fail(`repeats the label of line ${first} (same item, unit, question and rater)`);
      continue;
    }
    firstLine.set(key, raw.line);
    checked.push({ raw, item, unit: unit.key, question, answer });
  }
  return checked;
}

/** The rater a file names: an existing one, else a new annotator (or a judge rater for `raterKind: 'judge'`). */
function raterFor(db: AnyDb, name: string, kind: 'human' | 'judge' | undefined, created: string[]): RaterRecord {
  const existing = raterByName(db, name);
  if (existing) {
    if (kind && existing.kind !== kind) throw new LabelsFileError(`rater "${name}" is a ${existing.kind} here, but the file says ${kind}`, null);
    return existing;
  }
  created.push(name);
  if (kind === 'judge') return ensureJudgeRater(db, name, null);
  ensureAnnotator(db, name);
  return raterByName(db, name)!;
}

/**
 * `labels.import`: a labels file under a job of its own, whose progress counts the labels
 * written. It is not cancelled midway: the labels written so far would stay (see writeRows).
 */
export async function importLabelsFile(ctx: ServiceContext, args: { task: string | number; source: FileSource; format?: 'csv' | 'jsonl'; jobId?: string }): Promise<LabelImportReport> {
  const job = ctx.jobs.start(`Importing labels from ${baseName('path' in args.source ? args.source.path : args.source.name)}`, args.jobId, 'labels');
  try {
    return await importLabels(ctx, args, { onProgress: (done, total) => job.report(done, total) });
  } finally {
    job.finish();
  }
}

/**
 * Imports a labels file (CSV as in `fixtures/formats/labels.csv`, or JSONL) into a task,
 * atomically: every row is checked first (item in the task, question in the schema, unit of
 * the right scope and present in the item, value allowed) and one bad row rejects the file,
 * each error naming its line. Raters the file introduces become annotators on the task;
 * every (rater, item) in the file counts as submitted. Re-importing the same file changes
 * nothing; a changed answer is recorded as a new event, the old one kept in history. An
 * annotator caller may import only their own labels (see `checkLabelsImporter`).
 */
export async function importLabels(
  ctx: ServiceContext,
  args: { task: string | number; source: FileSource; format?: 'csv' | 'jsonl' },
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<LabelImportReport> {
  const file = resolveSource(ctx, args.source);
  const name = baseName(file.displayName);
  const format = args.format ?? (/\.(jsonl|ndjson)$/i.test(name) ? 'jsonl' : 'csv');
  const task = loadWritableTask(ctx.sql, args.task);
  const report = emptyReport(file.displayName, format, task);
  // A FIFO, a directory or a file too big to read whole is refused before it is opened.
  const problem = sourceFileProblem(file.path)?.message ?? labelsFileTooLarge(file.path);
  if (problem) return { ...report, errors: [{ line: null, message: `cannot read the file: ${problem}` }] };
  let text: string;
  try {
    text = await fs.promises.readFile(file.path, 'utf8');
  } catch (error) {
    return { ...report, errors: [{ line: null, message: `cannot read the file: ${fileSystemProblem(error)?.message ?? (error as Error).message}` }] };
  }
  const errors: LabelFileError[] = [];
  let rows: RawLabel[];
  try {
    rows = format === 'csv' ? parseCsv(text) : parseJsonl(text, errors);
  } catch (error) {
    if (error instanceof LabelsFileError) return { ...report, errors: [{ line: error.line, message: error.message }] };
    throw error;
  }
  return importRows(ctx, task, report, rows, errors, format, options.onProgress);
}

/** A label handed over in memory, its answer a cell as a labels CSV writes it. */
export interface LabelCells {
  item: string;
  question: string;
  rater: string;
  value: string;
}

/**
 * Imports labels held in memory (a release's own labels, gathered by its import) into a task,
 * with every check and write of a labels file; an error's `line` is the label's place in the
 * list (from 1). Handed over directly rather than through a file: for a crowd release of
 * 360,000 labels the file's text and its parsed rows were two more copies of them.
 */
export async function importLabelCells(
  ctx: ServiceContext,
  args: { task: string; name: string; cells: readonly LabelCells[] },
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<LabelImportReport> {
  const task = loadWritableTask(ctx.sql, args.task);
  const report = emptyReport(args.name, 'csv', task);
  const rows = args.cells.map(
    (cells, index): RawLabel => ({ line: index + 1, item: cells.item, unit: '', question: cells.question, rater: cells.rater, answer: cells.value, rationale: null, secondsSpent: 0 }),
  );
  return importRows(ctx, task, report, rows, [], 'csv', options.onProgress);
}

function emptyReport(file: string, format: 'csv' | 'jsonl', task: LoadedTask): LabelImportReport {
  return { file, format, task: task.record.name, status: 'rejected', added: 0, changed: 0, unchanged: 0, newRaters: [], submissions: 0, errors: [] };
}

/** Checks the rows read (with the errors reading found) against the task and, if all are good, writes them. */
async function importRows(
  ctx: ServiceContext,
  task: LoadedTask,
  report: LabelImportReport,
  rows: RawLabel[],
  errors: LabelFileError[],
  source: LabelSource,
  onProgress?: (done: number, total: number) => void,
): Promise<LabelImportReport> {
  // Before anything is compared with what is stored: the report would tell an annotator whether another rater's answer was the one in the file.
  checkLabelsImporter(ctx, rows);
  const checked = checkRows(ctx, task, rows, errors);
  if (errors.length > 0) return { ...report, errors: errors.slice(0, MAX_LISTED_ERRORS) };
  try {
    const outcome = await writeRows(ctx, task, checked, source, onProgress);
    const status = outcome.added + outcome.changed + outcome.submissions + outcome.newRaters.length > 0 ? 'imported' : 'unchanged';
    if (status === 'imported') ctx.emit('workspace.changed', { what: 'labels' });
    return { ...report, ...outcome, status };
  } catch (error) {
    if (error instanceof LabelsFileError) return { ...report, errors: [{ line: error.line, message: error.message }] };
    throw error;
  }
}

/** What writing a labels file's rows changed. */
interface RowsOutcome {
  added: number;
  changed: number;
  unchanged: number;
  newRaters: string[];
  submissions: number;
}

/**
 * Writes checked rows in chunks, each a write of its own taking rows until its budget is used, so
 * a label save waits one chunk at most. Raters are resolved in the first chunk: a rater of the
 * wrong kind throws there, which leaves nothing written. A crash later leaves a prefix of whole
 * labels, which importing the file again completes (an unchanged label is left as it is). Each
 * chunk is a pure function of where it starts, so a chunk PostgreSQL runs again after a
 * serialization failure counts its rows once.
 */
async function writeRows(ctx: ServiceContext, task: LoadedTask, rows: CheckedLabel[], source: LabelSource, onProgress?: (done: number, total: number) => void): Promise<RowsOutcome> {
  const outcome: RowsOutcome = { added: 0, changed: 0, unchanged: 0, newRaters: [], submissions: 0 };
  // Rater and item pairs counted as submitted, kept across chunks (only from committed chunks).
  const submitted = new Set<string>();
  // Whether the caller revises their own labels of an item after seeing the others, as things
  // stood before the import (its own submissions do not make its later rows revisions).
  const revisions = new Map<string, boolean>();
  const now = new Date().toISOString();
  let raters: Map<string, RaterRecord> | null = null;
  let at = 0;
  do {
    const start = at;
    const chunk = await ctx.sqlWrite(
      (db, hold) => {
        const newRaters: string[] = [];
        const resolved = raters ?? resolveRaters(ctx, db, task, rows, newRaters);
        const counts = { added: 0, changed: 0, unchanged: 0, submissions: 0 };
        const pairs = new Set<string>();
        const queries = labelQueries(db);
        let next = start;
        // A slice of rows at a time, each a few statements (see applyLabelChanges); the lock's
        // budget is checked between slices.
        while (next < rows.length) {
          const slice = rows.slice(next, next + ROWS_PER_SLICE);
          next += slice.length;
          const written = writeSlice(ctx, db, queries, task, slice, resolved, source, now, revisions);
          for (const result of written) counts[result]++;
          const fresh = new Map<string, { itemId: number; raterId: number; at: string }>();
          for (const row of slice) {
            const rater = resolved.get(row.raw.rater)!;
            const pair = `${rater.id}/${row.item.item_id}`;
            if (!submitted.has(pair) && !pairs.has(pair) && !fresh.has(pair)) fresh.set(pair, { itemId: row.item.item_id, raterId: rater.id, at: row.raw.madeAt ?? now });
          }
          counts.submissions += queries.submitMany(task.record.id, [...fresh.values()], source);
          for (const pair of fresh.keys()) pairs.add(pair);
          if (hold.overBudget()) break;
        }
        return { next, raters: resolved, newRaters, counts, pairs };
      },
      { chunk: true, label: 'import labels' },
    );
    raters = chunk.raters;
    outcome.newRaters.push(...chunk.newRaters);
    outcome.added += chunk.counts.added;
    outcome.changed += chunk.counts.changed;
    outcome.unchanged += chunk.counts.unchanged;
    outcome.submissions += chunk.counts.submissions;
    for (const pair of chunk.pairs) submitted.add(pair);
    at = chunk.next;
    onProgress?.(at, rows.length);
  } while (at < rows.length);
  return outcome;
}

/** Rows written together (a few statements); small enough that the lock's budget is checked often. */
const ROWS_PER_SLICE = 400;

/** The raters of the rows (annotators new to the workspace created), each human one on the task with the items of their rows. */
function resolveRaters(ctx: ServiceContext, db: AnyDb, task: LoadedTask, rows: CheckedLabel[], newRaters: string[]): Map<string, RaterRecord> {
  const raters = new Map<string, RaterRecord>();
  // Each rater's items, gathered in one pass: a crowd release has 100+ raters.
  const itemsOf = new Map<string, number[]>();
  for (const row of rows) {
    if (!raters.has(row.raw.rater)) raters.set(row.raw.rater, raterFor(db, row.raw.rater, row.raw.raterKind, newRaters));
    const items = itemsOf.get(row.raw.rater) ?? itemsOf.set(row.raw.rater, []).get(row.raw.rater)!;
    items.push(row.item.item_id);
  }
  const items = taskItems(db, task.record.id);
  for (const rater of raters.values()) {
    if (rater.kind !== 'human') continue;
    ensureOnTask(db, task, annotatorById(db, rater.annotator_id!)!, itemsOf.get(rater.name)!, items);
  }
  return raters;
}

/** Writes a slice of rows' labels; says of each whether it was added, changed or the same. */
function writeSlice(
  ctx: ServiceContext,
  db: AnyDb,
  queries: LabelQueries,
  task: LoadedTask,
  slice: CheckedLabel[],
  raters: Map<string, RaterRecord>,
  source: LabelSource,
  now: string,
  revisions: Map<string, boolean>,
): ('added' | 'changed' | 'unchanged')[] {
  const keyOf = (row: CheckedLabel) => ({ taskId: task.record.id, itemId: row.item.item_id, unit: row.unit, question: row.question.id, raterId: raters.get(row.raw.rater)!.id });
  // An annotator importing their own labels while the task is open for discussion revises
  // after seeing the others (issue 13): the original is kept as from the screen.
  const revising = (row: CheckedLabel): boolean => {
    const rater = raters.get(row.raw.rater)!;
    if (ctx.caller.role !== 'annotator' || rater.annotator_id !== ctx.caller.annotatorId) return false;
    const pair = `${rater.id}/${row.item.item_id}`;
    if (!revisions.has(pair)) revisions.set(pair, revisingAfterDiscussion(ctx, db, queries, task, rater, row.item.item_id));
    return revisions.get(pair)!;
  };
  const revision = slice.map(revising);
  const results = applyLabelChanges(
    queries,
    slice.map((row) => ({
      key: keyOf(row),
      answer: toStored(row.answer, row.raw.rationale),
      action: 'set' as const,
      source,
      visibleRaters: null,
      secondsSpent: row.raw.secondsSpent,
      madeAt: row.raw.madeAt ?? now,
    })),
  );
  return results.map(({ changed, before }, i) => {
    if (changed && revision[i]) {
      keepLabelOriginal(db, keyOf(slice[i]), before ? { value: before.value, na: before.na === 1, rationale: before.rationale } : null, before?.event_id ?? null, now);
    }
    if (!changed) return 'unchanged';
    return before === undefined ? 'added' : 'changed';
  });
}

/** Whether the calling annotator, as rater `rater`, sees the others' labels on the item because the task is open for discussion. */
function revisingAfterDiscussion(ctx: ServiceContext, db: AnyDb, queries: LabelQueries, task: LoadedTask, rater: RaterRecord, itemId: number): boolean {
  const annotator = annotatorById(db, rater.annotator_id!);
  return annotator !== undefined && labellingVisibility(db, queries, task, ctx.caller, annotator, rater.id, itemId).revision;
}
