import type { FormatReader } from '../module';
import { FormatError, type Finding, type ParsedItem } from '../types';
import { buildPlanItem, type PlanRecordDraft } from './planItem';
import { shapeMessage } from '../shapeErrors';
import { RecordFields, scalarFields } from './recordFields';
import type { PlanValidationOptions } from './validatePlan';

/**
 * Reads query records (`plans.jsonl`, or the elements of a JSON array): one item per record.
 *
 * Fields: `query_id` (or `id`), `query`, `subjective`, `compound`, `llm` (or `model`),
 * `prompt_type`, `plan`, `best_plan` (the gold plan), `plan_lineage` (versions, weakest to
 * best). Plans may be objects of steps or plan text (read tolerantly). Other fields are kept in
 * `extra`, and the scalar ones also become metadata. The item id is the query id — a repeated
 * query id is a duplicate the import service refuses (or skips), since a benchmark cannot hold
 * two answers to one query; a missing one falls back to `FILE:LINE` with a
 * `plan-missing-query-id` warning.
 *
 * @throws {FormatError} from `add` when a record is not an object or a field has the wrong type.
 */
export function createQueryRecordReader(fileName: string, options: PlanValidationOptions): FormatReader {
  return {
    add(record: unknown, line: number): ParsedItem[] {
      if (record === null || typeof record !== 'object' || Array.isArray(record)) {
        throw new FormatError(shapeMessage('', 'a plan record (an object with query_id, query and plan)', record), line);
      }
      const fields = new RecordFields(record as Record<string, unknown>, line);
      const idKey = fields.get('query_id') === undefined && fields.get('id') !== undefined ? 'id' : 'query_id';
      const llmKey = fields.get('llm') === undefined && fields.get('model') !== undefined ? 'model' : 'llm';
      const draft: PlanRecordDraft = {
        source: 'query-record',
        queryId: fields.id(idKey),
        query: fields.text('query'),
        subjective: fields.flag('subjective'),
        compound: fields.flag('compound'),
        llm: fields.text(llmKey),
        promptType: fields.text('prompt_type'),
        plan: fields.plan('plan'),
        gold: fields.plan('best_plan'),
        lineage: fields.lineage('plan_lineage'),
        extra: fields.rest([idKey, 'query', 'subjective', 'compound', llmKey, 'prompt_type', 'plan', 'best_plan', 'plan_lineage']),
      };
      const recordFindings: Finding[] = [];
      const base = draft.queryId ?? `${fileName}:${line}`;
      if (draft.queryId === null) {
        recordFindings.push({
          validator: 'plan-missing-query-id',
          severity: 'warning',
          location: null,
          message: `the record has no query_id; its item id is ${base}`,
        });
      }
      return [buildPlanItem(draft, { externalId: base, line, recordFindings, extraMetadata: scalarFields(draft.extra), options })];
    },
    finish: () => [],
  };
}
