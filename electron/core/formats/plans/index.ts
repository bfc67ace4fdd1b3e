/**
 * Plans (DESIGN.md §3): format modules for query records (JSONL, JSON array) and generated-plan
 * CSVs, the tolerant plan reader, the plan validators, and the reference metrics (step
 * precision / recall / F1 against the gold plan, 7-point tier) and lineage diff.
 */
export type * from './model';
export { planFormats, createPlanFormats } from './planFormats';
export { comparePlans } from './comparePlans';
export { diffPlans, SIMILAR_PROMPT_THRESHOLD, MAX_SIMILARITY_PAIRS } from './diffPlans';
export { tierForF1, PLAN_TIERS } from './planTier';
export { planFromText, planFromValue } from './readPlan';
export { parseTolerantJson, type JsonTextIssue, type TolerantJsonResult } from './tolerantJson';
export { parseStepCall, findPlaceholders, type StepCall } from './stepCall';
export { hopDepth, findCycles, resolveDependencies } from './stepGraph';
export { normalisePrompt, stepContentKey } from './normalise';
export {
  validatePlan,
  DEFAULT_PLAN_TOOLS,
  DEFAULT_MAX_HOP_DEPTH,
  PLAN_VALIDATORS,
  type PlanValidatorId,
  type PlanValidationOptions,
  type PlanValidationContext,
} from './validatePlan';
export type { PlanScope } from './planScope';
export { metricsOf } from './planItem';
