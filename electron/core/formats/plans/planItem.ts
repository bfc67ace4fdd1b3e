import type { Finding, MetadataValue, ParsedItem } from '../types';
import { comparePlans } from './comparePlans';
import { diffPlans } from './diffPlans';
import type { Plan, PlanAnalysis, PlanComparison, PlanRecord } from './model';
import { hopDepth } from './stepGraph';
import { validatePlan, type PlanValidationOptions } from './validatePlan';

/** A plan record as read from its source, before validation and analysis. */
export type PlanRecordDraft = Omit<PlanRecord, 'analysis'>;

/** What {@link buildPlanItem} needs besides the record. */
export interface PlanItemContext {
  externalId: string;
  line: number;
  /** Findings about the record itself (missing or repeated id). */
  recordFindings: Finding[];
  /** Scalar source fields (or CSV columns) to add to the metadata; the keys below win on a clash. */
  extraMetadata: Record<string, MetadataValue>;
  options: PlanValidationOptions;
}

/**
 * Turns a read record into its item: runs the validators on the plan, the gold plan and every
 * lineage version; computes the analysis (hop depth, plan vs gold comparison, lineage diffs);
 * fills the metadata used for filtering and, when the record carries both a plan and a gold
 * plan, the reference metrics.
 *
 * Metadata: `query_id`, `model` (the planner, from `llm`), `prompt_type`, `subjective`,
 * `compound`, `step_count` and `parse_status` of the plan, `has_gold`, `lineage_length`,
 * `hop_depth`. Metrics: `stepPrecision`, `stepRecall`, `stepF1` (fractions, `null` when
 * undefined), `tier`, `matchedSteps`, `planSteps`, `goldSteps`, and `reason` when a score is
 * undefined.
 */
export function buildPlanItem(draft: PlanRecordDraft, context: PlanItemContext): ParsedItem {
  const { externalId, line, recordFindings, extraMetadata, options } = context;
  const { plan, gold, lineage, query } = draft;
  const depthFrom = readable(plan) ? plan : readable(gold) ? gold : null;
  const findings = [...recordFindings];
  if (plan) findings.push(...validatePlan(plan, { scope: { kind: 'plan' }, query, reportHopDepth: depthFrom === plan }, options));
  if (gold) findings.push(...validatePlan(gold, { scope: { kind: 'gold' }, query, reportHopDepth: depthFrom === gold }, options));
  lineage.forEach((version, i) =>
    findings.push(...validatePlan(version, { scope: { kind: 'lineage', version: i }, query, reportHopDepth: false }, options)),
  );

  const analysis: PlanAnalysis = {
    hopDepth: depthFrom ? hopDepth(depthFrom.steps) : null,
    comparison: plan && gold ? comparePlans(plan, gold) : null,
    lineageDiffs: lineage.slice(1).map((version, i) => diffPlans(lineage[i], version)),
  };
  const payload: PlanRecord = { ...draft, analysis };
  const item: ParsedItem = {
    externalId,
    kind: 'plan',
    payload,
    rawText: plan?.rawText ?? gold?.rawText ?? lineage.find((v) => v.rawText !== null)?.rawText ?? null,
    metadata: { ...extraMetadata, ...metadataOf(payload) },
    findings,
    line,
  };
  if (analysis.comparison) item.metrics = metricsOf(analysis.comparison);
  return item;
}

function readable(plan: Plan | null): plan is Plan {
  return plan !== null && plan.parseStatus !== 'invalid';
}

function metadataOf(record: PlanRecord): Record<string, MetadataValue> {
  return {
    query_id: record.queryId,
    model: record.llm,
    prompt_type: record.promptType,
    subjective: record.subjective,
    compound: record.compound,
    step_count: record.plan ? record.plan.steps.length : null,
    parse_status: record.plan ? record.plan.parseStatus : null,
    has_gold: record.gold !== null,
    lineage_length: record.lineage.length,
    hop_depth: record.analysis.hopDepth ? record.analysis.hopDepth.depth : null,
  };
}

/** The flat reference metrics of a comparison, as stored on the item and printed by `accord items`. */
export function metricsOf(comparison: PlanComparison): Record<string, unknown> {
  return {
    stepPrecision: comparison.precision,
    stepRecall: comparison.recall,
    stepF1: comparison.f1,
    tier: comparison.tier,
    matchedSteps: comparison.matchedSteps,
    planSteps: comparison.planSteps,
    goldSteps: comparison.goldSteps,
    ...(comparison.reason === null ? {} : { reason: comparison.reason }),
  };
}
