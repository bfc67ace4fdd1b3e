import type { FormatReader } from '../module';
import { FormatError, type Finding, type ParsedItem } from '../types';
import { ExternalIdAllocator } from './externalIds';
import { buildPlanItem, type PlanRecordDraft } from './planItem';
import { shapeMessage } from '../shapeErrors';
import { planFromText } from './readPlan';
import { RecordFields, scalarFields } from './recordFields';
import type { PlanValidationOptions } from './validatePlan';

/** Columns every generated-plans CSV must have. */
export const REQUIRED_PLAN_COLUMNS = ['query_id', 'plan'] as const;

/**
 * Reads generated-plan rows (`plans-generated.csv`): one item per row, the plan being JSON (or
 * JSON-like text, read tolerantly) in the `plan` cell, linked to its query by `query_id`.
 *
 * Columns: `query_id` and `plan` (required), `llm` (or `model`), `prompt_type`; optional
 * `query`, `subjective`, `compound`, `best_plan` (a gold plan, if the file carries one). Every
 * other column is kept in `extra` and as metadata. A row's gold plan usually lives in its
 * query's item: compare the two with `comparePlans` once both are imported.
 *
 * Item ids are `query_id/llm/prompt_type` (blank parts left out: `q-002/large-planner`), stable
 * across re-imports of the same file; a repeated id gets `#2`, `#3`… (with an info finding,
 * since several samples per planner and prompt are normal). A blank `query_id` falls back to
 * `FILE:LINE` with a `plan-missing-query-id` warning: the row cannot be linked to its query.
 *
 * @throws {FormatError} from `add` when a required column is missing or the row is not a record.
 */
export function createGeneratedRowReader(fileName: string, options: PlanValidationOptions): FormatReader {
  const ids = new ExternalIdAllocator();
  return {
    add(row: unknown, line: number): ParsedItem[] {
      if (row === null || typeof row !== 'object' || Array.isArray(row)) {
        throw new FormatError(shapeMessage('', 'a CSV row of named columns', row), line);
      }
      for (const column of REQUIRED_PLAN_COLUMNS) {
        if (!Object.hasOwn(row, column)) {
          throw new FormatError(`missing column "${column}" (the columns are ${Object.keys(row).join(', ')})`, line, null, column);
        }
      }
      const fields = new RecordFields(row as Record<string, unknown>, line);
      const llmKey = fields.text('llm', true) === null && fields.text('model', true) !== null ? 'model' : 'llm';
      const gold = fields.text('best_plan', true);
      const draft: PlanRecordDraft = {
        source: 'generated-row',
        queryId: fields.id('query_id'),
        query: fields.text('query', true),
        subjective: fields.flag('subjective'),
        compound: fields.flag('compound'),
        llm: fields.text(llmKey, true),
        promptType: fields.text('prompt_type', true),
        plan: planFromText(fields.text('plan') ?? '', 'plan'),
        gold: gold === null ? null : planFromText(gold, 'best_plan'),
        lineage: [],
        extra: fields.rest(['query_id', 'query', 'subjective', 'compound', llmKey, 'prompt_type', 'plan', 'best_plan']),
      };
      const recordFindings: Finding[] = [];
      const queryPart = draft.queryId ?? `${fileName}:${line}`;
      if (draft.queryId === null) {
        recordFindings.push({
          validator: 'plan-missing-query-id',
          severity: 'warning',
          location: null,
          message: `the row has no query_id, so its plan cannot be linked to a query; its item id is ${queryPart}`,
        });
      }
      const base = [queryPart, draft.llm, draft.promptType].filter((part) => part !== null && part.trim() !== '').join('/');
      const { id, earlier } = ids.allocate(base);
      if (earlier > 0) {
        recordFindings.push({
          validator: 'plan-repeated-id',
          severity: 'info',
          location: null,
          message: `${earlier} earlier row${earlier > 1 ? 's' : ''} of this file ${earlier > 1 ? 'have' : 'has'} the same query_id, llm and prompt_type; this item is ${id}`,
        });
      }
      return [buildPlanItem(draft, { externalId: id, line, recordFindings, extraMetadata: scalarFields(draft.extra), options })];
    },
    finish: () => [],
  };
}
