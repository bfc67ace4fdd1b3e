import type { CuratedItem, CurationExport, CurationFile, CurationReport } from '../../api/contract';
import { payloadAsWritten, rawRecordAsWritten } from '../../common/numbersAsWritten';
import { curationItems, itemSources, type CurationItemRecord } from '../../../db/queries/curation';
import { curate, type CurationItem } from '../../core/curation/curate';
import type { ArtifactKind } from '../../core/formats/types';
import { flowgraphBlock } from '../../core/formats/graphs/splitFlowgraphs';
import type { Question } from '../../core/schemas/model';
import { ratingsForAgreement } from '../annotation/agreementRatings';
import { loadTask, requireQuestion } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError } from '../errors';

export interface CurationArgs {
  task: string | number;
  question: string;
  valid?: string;
}

/**
 * The ALMITA curation of a task (core/curation/curate.ts) by one item-level validity question:
 * every human annotator's current, submitted answer counts (N/A judges nothing); judges' labels
 * do not.
 *
 * @throws NotFoundError for an unknown task; InvalidInputError for a question that cannot record
 *   validity or an answer that is not one of its choices.
 */
export function taskCuration(ctx: ServiceContext, args: CurationArgs): CurationReport {
  const task = loadTask(ctx.sql, args.task);
  const question = requireQuestion(task, args.question);
  const choices = choicesOf(question);
  const validAnswer = args.valid ?? (question.type === 'binary' ? question.options[0].value : null);
  if (validAnswer === null) {
    throw new InvalidInputError(`name the answer of ${question.id} that means valid (--valid VALUE, one of ${choices.join(', ')}); only a yes/no question has a default`);
  }
  if (!choices.includes(validAnswer)) throw new InvalidInputError(`"${validAnswer}" is not an answer of ${question.id} (answers: ${choices.join(', ')})`);

  const records = curationItems(ctx.sql, task.record.id);
  const ratings = ratingsForAgreement(ctx.sql, task.record.id, question.id, { raterKinds: ['human'], labels: 'revised' }).ratings;
  const verdicts = ratings.filter((r) => r.value !== null).map((r) => ({ itemId: r.itemId, rater: r.rater, valid: r.value === validAnswer }));
  const items: CurationItem[] = records.map((r) => ({ id: r.item_id, externalId: r.external_id, kind: r.kind, flowgraphId: r.kind === 'conversation' ? r.graph : null }));
  const result = curate(items, verdicts);

  const byId = new Map(records.map((r) => [r.item_id, r]));
  const ref = (item: CurationItem): CuratedItem => toRef(byId.get(item.id)!);
  const kinds: ArtifactKind[] = ['graph', 'conversation', 'plan'];
  return {
    task: task.record.name,
    question: question.id,
    validAnswer,
    invalidAnswers: choices.filter((c) => c !== validAnswer),
    counts: kinds.flatMap((kind) => (result.counts[kind] ? [{ kind, ...result.counts[kind] }] : [])),
    kept: result.kept.map(ref),
    rejected: result.rejected.map((r) => ({ item: ref(r.item), rejectedBy: r.rejectedBy, acceptedBy: r.acceptedBy })),
    removedWithFlowgraph: result.removedWithFlowgraph.map((f) => ({ item: ref(f.item), flowgraph: f.flowgraph })),
    unjudged: result.unjudged.map(ref),
    unknownFlowgraph: result.unknownFlowgraph.map((f) => ({ item: ref(f.item), flowgraph: f.flowgraph })),
  };
}

/**
 * The kept items as files, one per kind, each item as imported: flowgraphs read from the line
 * format as `# graph: <id>` blocks of their source text (a file Accord imports back as the same
 * graphs); other graphs, conversations and plans one JSON value a line, the record as given
 * where the import kept it, else Accord's canonical record.
 */
export function exportCuration(ctx: ServiceContext, args: CurationArgs): CurationExport {
  const report = taskCuration(ctx, args);
  const sources = itemSources(ctx.sql, report.kept.map((i) => i.id));
  const files: CurationFile[] = [];
  const base = `${safeName(report.task)}-curated`;
  const graphs = report.kept.filter((i) => i.kind === 'graph');
  if (graphs.length > 0) {
    const lineFormat = graphs.every((g) => isLineFormatGraph(sources.get(g.id)));
    files.push(
      lineFormat
        ? { kind: 'graph', fileName: `${base}-flowgraphs.txt`, items: graphs.length, text: graphs.map((g) => flowgraphBlock(g.externalId, sources.get(g.id)!.raw_text!)).join('\n') }
        : { kind: 'graph', fileName: `${base}-graphs.jsonl`, items: graphs.length, text: jsonLines(graphs, sources) },
    );
  }
  for (const kind of ['conversation', 'plan'] as const) {
    const kept = report.kept.filter((i) => i.kind === kind);
    if (kept.length > 0) files.push({ kind, fileName: `${base}-${kind}s.jsonl`, items: kept.length, text: jsonLines(kept, sources) });
  }
  return { report, files };
}

function choicesOf(question: Question): string[] {
  if (question.scope !== 'item') throw new InvalidInputError(`${question.id} is asked per ${question.scope}; curation needs a question about the whole item`);
  if (question.type === 'binary' || question.type === 'nominal') return question.options.map((o) => o.value);
  if (question.type === 'ordinal') return question.levels.map((l) => l.value);
  throw new InvalidInputError(`${question.id} is a ${question.type} question; curation needs one answer per item (a yes/no, nominal or ordinal question)`);
}

function toRef(record: CurationItemRecord): CuratedItem {
  return { id: record.item_id, externalId: record.external_id, kind: record.kind, dataset: record.dataset };
}

type Sources = ReturnType<typeof itemSources>;

/** A graph whose raw text is its line-format source (see flowgraphLinesModule). */
function isLineFormatGraph(source: { payload: string; raw_text: string | null } | undefined): boolean {
  if (!source?.raw_text) return false;
  return (JSON.parse(source.payload) as { sourceFormat?: string }).sourceFormat === 'flowgraph-lines';
}

/** One JSON value a line: the record as imported when the import kept it (valid JSON), else the payload. */
function jsonLines(items: CuratedItem[], sources: Sources): string {
  return items
    .map((item) => {
      const source = sources.get(item.id)!;
      // Numbers beyond 2^53 stay as written: the raw record is put on one line without parsing it, and
      // the digits kept as strings are written bare again (electron/common/numbersAsWritten.ts).
      if (source.raw_text !== null && isJson(source.raw_text)) return `${rawRecordAsWritten(source.raw_text, source.payload)}\n`;
      return `${payloadAsWritten(source.payload)}\n`;
    })
    .join('');
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A task name as a file name: letters, digits, `-` and `_`; anything else becomes `_`. */
function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 80) || 'task';
}
