import type { RunSummary } from '../../api/contract';
import { ensureJudge, finishRun, insertRun, judgeCallQueries, runById } from '../../../db/queries/judges';
import { itemPayload, taskItems, type TaskItemRecord } from '../../../db/queries/tasks';
import { ImportedLabelsError, parseImportedLabels } from '../../core/judges/importedLabels';
import { judgeToJson, judgeVersion, validateJudge } from '../../core/judges/judgeJson';
import type { JudgeDefinition, JudgeLabel } from '../../core/judges/model';
import { sha256Hex } from '../../core/judges/sha256';
import { answerFromCell, checkAnswer } from '../../core/schemas/labelValue';
import type { Question } from '../../core/schemas/model';
import { unitFromCell, unitsOf } from '../../core/schemas/unitKeys';
import { recordJudgeLabel } from '../annotation/judgeLabels';
import { judgeRater } from '../annotation/judgeLabels';
import { loadWritableTask, type LoadedTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError } from '../errors';
import { judgeRaterName } from './raterName';
import { toRunSummary } from './runViews';
import { counted } from '../../common/numberFormat';

/** The model and endpoint an imported run records: it asked no endpoint. */
export const IMPORTED_MODEL = 'imported';

/** Errors listed at most; a file with any error is rejected whole. */
const MAX_LISTED_ERRORS = 20;

/**
 * A judge definition that stands for labels made elsewhere: the task's schema and questions,
 * no prompt. Kept a valid judge so every screen and command that shows a run's judge works; a
 * rerun has nothing to send (its template says so).
 */
function importedJudge(name: string, task: LoadedTask, questions: readonly string[], file: string, digest: string): JudgeDefinition {
  const result = validateJudge({
    format: 'accord.judge',
    id: name,
    title: `${name} (imported labels)`,
    description: `Labels an LLM produced outside Accord, imported from ${file} (SHA-256 ${digest.slice(0, 16)}).`,
    schemaId: task.schema.id,
    kinds: task.schema.kinds,
    per: 'item',
    // No file name here: the template is part of the version, and a rerun imported under the same name is the same judge.
    template: { system: 'Imported: these labels were made outside Accord, by a prompt Accord does not have.', user: '(imported labels — nothing to send)' },
    sampling: { temperature: null, topP: null, maxTokens: null, seed: null },
    output: { mode: 'json_object', name: 'imported', schema: { type: 'object' }, strict: false },
    mapping: questions.map((question) => ({ question, field: question })),
  });
  if (!result.ok) throw new Error(`internal: the imported judge is not valid: ${result.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return result.judge;
}

/**
 * Imports judge labels an LLM produced elsewhere as a finished judge run of a task, so
 * calibration and the alternative annotator test treat them like a run's (issue 19): CSV
 * `unit,value[,rationale][,question]` or JSONL (see `parseImportedLabels`). Every row is
 * checked first — the item in the task, the unit of the question's scope present in it, the
 * value allowed, no label twice — and one bad row rejects the file, each error naming its
 * line; nothing is written then. The question comes from the row, else `question`, else the
 * schema's only question that is not free text.
 *
 * @throws InvalidInputError listing the bad lines (`FILE:LINE: what is wrong`), for an empty
 *   file, or when the question cannot be told.
 */
export async function importJudgeRun(
  ctx: ServiceContext,
  args: { task: string | number; name: string; text: string; fileName: string; format?: 'csv' | 'jsonl'; question?: string },
): Promise<RunSummary> {
  const task = loadWritableTask(ctx.sql, args.task);
  const format = args.format ?? (/\.(jsonl|ndjson)$/i.test(args.fileName) ? 'jsonl' : 'csv');
  const where = (line: number | null) => (line === null ? args.fileName : `${args.fileName}:${line}`);
  let rows;
  try {
    rows = parseImportedLabels(args.text, format);
  } catch (error) {
    if (error instanceof ImportedLabelsError) throw new InvalidInputError(`${where(error.line)}: ${error.message.replace(/^line \d+: /, '')}`);
    throw error;
  }
  if (rows.length === 0) throw new InvalidInputError(`${args.fileName}: no labels in the file`);

  const answerable = task.schema.questions.filter((q) => q.type !== 'text');
  const fallback = args.question ?? (answerable.length === 1 ? answerable[0].id : null);
  const items = new Map<string, TaskItemRecord[]>();
  for (const item of taskItems(ctx.sql, task.record.id)) {
    for (const name of [item.external_id, `${item.dataset}/${item.external_id}`]) items.set(name, [...(items.get(name) ?? []), item]);
  }
  const payloads = new Map<number, unknown>();
  const payloadOf = (id: number) => {
    if (!payloads.has(id)) payloads.set(id, JSON.parse(itemPayload(ctx.sql, id) ?? 'null'));
    return payloads.get(id);
  };
  const errors: string[] = [];
  const firstLine = new Map<string, number>();
  const labels: { item: TaskItemRecord; label: JudgeLabel; line: number }[] = [];
  for (const row of rows) {
    const fail = (message: string) => errors.push(`${where(row.line)}: ${message}`);
    const questionId = row.question ?? fallback;
    if (questionId === null) {
      fail(`say which question: task "${task.record.name}" asks ${answerable.map((q) => q.id).join(', ')} — add a question column or give --question`);
      continue;
    }
    const question: Question | undefined = task.schema.questions.find((q) => q.id === questionId);
    if (!question) {
      fail(`no question "${questionId}" in task "${task.record.name}" (questions: ${task.schema.questions.map((q) => q.id).join(', ')})`);
      continue;
    }
    const candidates = items.get(row.item) ?? [];
    if (candidates.length !== 1) {
      fail(candidates.length === 0 ? `item "${row.item}" is not in task "${task.record.name}"` : `item "${row.item}" is in several datasets of the task; write it as dataset/${row.item}`);
      continue;
    }
    const item = candidates[0];
    const unit = unitFromCell(row.unit, question.scope);
    if (!unit.ok) {
      fail(`${question.id}: ${unit.message}`);
      continue;
    }
    if (question.scope !== 'item' && !unitsOf(item.kind, payloadOf(item.item_id), question.scope).includes(unit.key)) {
      fail(`${item.kind} ${item.external_id} has no ${row.unit}`);
      continue;
    }
    const answer = 'cell' in row.value ? answerFromCell(question, row.value.cell) : checkAnswer(question, row.value.json, row.value.json === null);
    if (!answer.ok) {
      fail(answer.message);
      continue;
    }
    const key = [item.item_id, unit.key, question.id].join('\u0000');
    const first = firstLine.get(key);
    if (first !== undefined) {
      fail(`labels the same item, unit and question as line ${first}`);
      continue;
    }
    firstLine.set(key, row.line);
    labels.push({ item, line: row.line, label: { unit: unit.key, question: question.id, value: answer.na ? null : answer.value, na: answer.na, rationale: row.rationale } });
  }
  if (errors.length > 0) {
    const more = errors.length > MAX_LISTED_ERRORS ? `\n… and ${errors.length - MAX_LISTED_ERRORS} more` : '';
    throw new InvalidInputError(`${args.fileName} was not imported (${counted(errors.length, 'bad line')}; nothing was written):\n${errors.slice(0, MAX_LISTED_ERRORS).join('\n')}${more}`);
  }

  const digest = sha256Hex(args.text);
  const judge = importedJudge(args.name, task, [...new Set(labels.map((l) => l.label.question))].sort(), args.fileName, digest);
  // One call per (item, unit), holding its labels, so the run counts what it answered like any run.
  const calls = new Map<string, { item: TaskItemRecord; unit: string; labels: JudgeLabel[]; lines: number[] }>();
  for (const l of labels) {
    const key = `${l.item.item_id}\u0000${l.label.unit}`;
    const call = calls.get(key) ?? { item: l.item, unit: l.label.unit, labels: [], lines: [] };
    call.labels.push(l.label);
    call.lines.push(l.line);
    calls.set(key, call);
  }
  const runId = await ctx.sqlWrite(
    (db) => {
      const row = ensureJudge(db, { name: judge.id, version: judgeVersion(judge), title: judge.title, schema_id: judge.schemaId, definition: judgeToJson(judge) });
      const settings = { imported: { file: args.fileName, format, sha256: digest, labels: labels.length } };
      const id = insertRun(db, { judgeId: row.id, taskId: task.record.id, model: IMPORTED_MODEL, baseUrl: `file:${args.fileName}`, settings: JSON.stringify(settings), unitsTotal: calls.size });
      const rater = judgeRater(db, judgeRaterName(judge.id, IMPORTED_MODEL, id), id);
      const record = judgeCallQueries(db);
      for (const call of calls.values()) {
        const callId = record.record({
          run_id: id,
          item_id: call.item.item_id,
          unit: call.unit,
          request_hash: null,
          status: 'ok',
          raw_response: null,
          content: `imported from ${args.fileName}, line${call.lines.length === 1 ? '' : 's'} ${call.lines.join(', ')}`,
          parsed: JSON.stringify(call.labels),
          error: null,
          attempts: 0,
          cached: 0,
          prompt_tokens: null,
          completion_tokens: null,
          latency_ms: null,
          cost: 0,
        });
        for (const label of call.labels) recordJudgeLabel(db, { task: task.record.id, itemId: call.item.item_id, unit: label.unit, question: label.question, raterId: rater.id, value: label.value, na: label.na, rationale: label.rationale });
        if (callId !== null) record.markApplied(callId);
      }
      finishRun(db, id, 'finished');
      return id;
    },
    { label: 'judge import', durable: true },
  );
  ctx.emit('workspace.changed', { what: 'labels' });
  return toRunSummary(ctx.sql, runById(ctx.sql, runId)!);
}
