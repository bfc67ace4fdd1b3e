import type { FormatModule } from '../module';
import { createGeneratedRowReader } from './generatedRowReader';
import { createQueryRecordReader } from './queryRecordReader';
import type { PlanValidationOptions } from './validatePlan';

const PLAN_FIELDS = ['plan', 'best_plan', 'plan_lineage'];

/** A query record: an object with a plan, a gold plan or a lineage, and no chat `messages`. */
function isQueryRecord(sample: unknown): boolean {
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return false;
  return PLAN_FIELDS.some((key) => Object.hasOwn(sample, key)) && !Object.hasOwn(sample, 'messages');
}

/** A generated-plans CSV row: `query_id` and `plan` columns (cells are text). */
function isGeneratedRow(sample: unknown): boolean {
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return false;
  return Object.hasOwn(sample, 'query_id') && typeof (sample as Record<string, unknown>).plan === 'string';
}

/**
 * The plan format modules, configured for a dataset (extra tools it declares, hop-depth limit).
 * Every reader validates each plan, gold plan and lineage version, and computes the reference
 * metrics when a record carries both a plan and a gold plan.
 */
export function createPlanFormats(options: PlanValidationOptions = {}): FormatModule[] {
  return [
    {
      id: 'plans-jsonl',
      kind: 'plan',
      framing: 'jsonl',
      description: 'plans, one query record a line (query_id, query, plan, best_plan, plan_lineage)',
      detect: isQueryRecord,
        createReader: ({ fileName }) => createQueryRecordReader(fileName, options),
    },
    {
      id: 'plans-json',
      kind: 'plan',
      framing: 'json-array',
      description: 'plans, a JSON array of query records (query_id, query, plan, best_plan, plan_lineage)',
      detect: isQueryRecord,
        createReader: ({ fileName }) => createQueryRecordReader(fileName, options),
    },
    {
      id: 'plans-csv',
      kind: 'plan',
      framing: 'csv',
      description: 'generated plans, one a row (query_id, llm, prompt_type, plan as JSON)',
      detect: isGeneratedRow,
      createReader: ({ fileName }) => createGeneratedRowReader(fileName, options),
    },
  ];
}

/** The plan format modules with the default tools (T2S, RAG, LLM) and hop-depth limit. */
export const planFormats: FormatModule[] = createPlanFormats();
