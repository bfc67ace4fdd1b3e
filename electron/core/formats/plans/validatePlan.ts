import type { Finding, Severity } from '../types';
import { mentionsQuery } from './mentionsQuery';
import type { Plan, PlanStep, PlanTextError } from './model';
import { planLocation, scopeLabel, stepLocation, type PlanScope } from './planScope';
import { isQueryArgument } from './stepCall';
import { findCycles, hopDepth, resolveDependencies } from './stepGraph';

/** The tools a plan step may call unless the dataset declares more (DESIGN.md §3). */
export const DEFAULT_PLAN_TOOLS: readonly string[] = ['T2S', 'RAG', 'LLM'];

/** Hop depth above which {@link validatePlan} warns, unless told otherwise. */
export const DEFAULT_MAX_HOP_DEPTH = 5;

/** Plan validator ids and what each checks, for documentation and the UI. */
export const PLAN_VALIDATORS = {
  'plan-invalid-json': 'the plan text is not strict JSON (warning when read tolerantly, error when unreadable)',
  'plan-invalid-shape': 'the plan is not an object of steps with text and depends_on',
  'plan-empty': 'the plan has no steps',
  'plan-duplicate-step-id': 'two steps share an id',
  'plan-depends-on-unknown': 'depends_on names a step that does not exist',
  'plan-depends-on-forward': 'depends_on points to a later step (it may only point backwards)',
  'plan-cycle': 'steps depend on each other in a cycle',
  'plan-placeholder-mismatch': 'the (k) references of a step differ from its depends_on',
  'plan-query-placeholder': 'an LLM step refers to the query without passing (query)',
  'plan-step-not-a-call': 'a step text is not a tool call TOOL(inputs, prompt)',
  'plan-unknown-tool': 'a step calls a tool the dataset does not declare',
  'plan-hop-depth': 'the longest dependency chain (info; warning above the limit)',
  'plan-missing-query-id': 'the record has no query_id; the item id falls back to file and line',
  'plan-repeated-id': 'another record of the file has the same id; this one gets a #n suffix',
} as const;

/** Ids of the plan validators. */
export type PlanValidatorId = keyof typeof PLAN_VALIDATORS;

/** Dataset-level settings of the plan validators. */
export interface PlanValidationOptions {
  /** Tools a step may call, compared ignoring case; default {@link DEFAULT_PLAN_TOOLS}. */
  knownTools?: readonly string[];
  /** Hop depth above which a warning is raised; default {@link DEFAULT_MAX_HOP_DEPTH}. */
  maxHopDepth?: number;
}

/** What the validators need to know about the plan's place in its record. */
export interface PlanValidationContext {
  scope: PlanScope;
  /** The user's query, to notice LLM prompts that copy it; `null` when unknown. */
  query: string | null;
  /** Whether to report the hop depth as an info finding (done for one plan per record). */
  reportHopDepth: boolean;
}

/**
 * Runs every plan validator of DESIGN.md §3 on one plan and returns its findings, located at
 * the step they concern (see planScope for locations). A plan that could not be read gets only
 * its reading findings: its steps are unknown. Ids and meanings: {@link PLAN_VALIDATORS}.
 *
 * "Earlier" means earlier in the plan's step order: source order for plan text, and for a plan
 * that arrived as a JSON object, JavaScript's key order (integer-like keys ascending).
 */
export function validatePlan(plan: Plan, context: PlanValidationContext, options: PlanValidationOptions = {}): Finding[] {
  const findings: Finding[] = [];
  const { scope } = context;
  const label = scopeLabel(scope);
  const prefix = scope.kind === 'plan' ? '' : `${label}: `;
  const add = (validator: PlanValidatorId, severity: Severity, step: string | null, message: string, field?: string) =>
    findings.push({
      validator,
      severity,
      location: step === null ? planLocation(scope) : stepLocation(scope, step, field),
      // Reading messages already start with the plan's name (`plan_lineage[1] is not valid JSON`).
      message: message.startsWith(label) ? message : prefix + message,
    });

  checkReading(plan, label, add);
  if (plan.parseStatus === 'invalid') return findings;
  const { steps } = plan;
  if (steps.length === 0) {
    add('plan-empty', 'error', null, 'the plan has no steps');
    return findings;
  }
  checkDuplicateIds(steps, add);
  checkDependencies(steps, add);
  checkPlaceholders(steps, add);
  checkTools(steps, options.knownTools ?? DEFAULT_PLAN_TOOLS, add);
  checkQueryPlaceholder(steps, context.query, add);
  const { depth, chain } = hopDepth(steps);
  const limit = options.maxHopDepth ?? DEFAULT_MAX_HOP_DEPTH;
  if (depth > limit) add('plan-hop-depth', 'warning', null, `hop depth ${depth} is above ${limit}: ${chain.join(' → ')}`);
  else if (context.reportHopDepth) add('plan-hop-depth', 'info', null, `hop depth ${depth}: ${chain.join(' → ')}`);
  return findings;
}

type Add = (validator: PlanValidatorId, severity: Severity, step: string | null, message: string, field?: string) => void;

function at(error: PlanTextError): string {
  return error.line === null ? error.message : `line ${error.line}, column ${error.column}: ${error.message}`;
}

function checkReading(plan: Plan, label: string, add: Add): void {
  const { jsonError, readError } = plan;
  if (readError?.kind === 'syntax') {
    const same = jsonError && jsonError.line === readError.line && jsonError.column === readError.column;
    const how = same || !jsonError ? `(${at(readError)})` : `(${at(jsonError)}) and could not be read even tolerantly (${at(readError)})`;
    add('plan-invalid-json', 'error', null, `${label} is not valid JSON ${how}; kept as raw text`);
    return;
  }
  if (jsonError) {
    add('plan-invalid-json', 'warning', null, `${label} is not valid JSON (${at(jsonError)}); read tolerantly`);
  }
  if (readError) add('plan-invalid-shape', 'error', null, `${readError.message}; kept as raw text`);
}

function checkDuplicateIds(steps: readonly PlanStep[], add: Add): void {
  const firstAt = new Map<string, number>();
  for (const step of steps) {
    const first = firstAt.get(step.id);
    if (first === undefined) firstAt.set(step.id, step.index);
    else add('plan-duplicate-step-id', 'error', step.id, `step id ${step.id} is used twice (steps #${first + 1} and #${step.index + 1})`);
  }
}

function checkDependencies(steps: readonly PlanStep[], add: Add): void {
  const targets = resolveDependencies(steps);
  for (const step of steps) {
    targets[step.index].forEach((target, k) => {
      const dep = step.dependsOn[k];
      if (target === null) add('plan-depends-on-unknown', 'error', step.id, `step ${step.id} depends on ${dep}, but there is no step ${dep}`, 'depends_on');
      else if (target > step.index) {
        add('plan-depends-on-forward', 'error', step.id, `step ${step.id} depends on step ${dep}, which comes after it; depends_on may only point to earlier steps`, 'depends_on');
      }
    });
  }
  for (const cycle of findCycles(steps)) {
    const ids = cycle.map((i) => steps[i].id);
    const message =
      ids.length === 1 ? `step ${ids[0]} depends on itself` : `steps ${[...ids, ids[0]].join(' → ')} depend on each other in a cycle`;
    add('plan-cycle', 'error', ids[0], message, 'depends_on');
  }
}

function checkPlaceholders(steps: readonly PlanStep[], add: Add): void {
  for (const step of steps) {
    const used = new Set([...step.argumentRefs, ...step.placeholders.flatMap((p) => (p.kind === 'step' ? [p.ref] : []))]);
    const listed = new Set(step.dependsOn);
    const unlisted = [...used].filter((ref) => !listed.has(ref));
    const unused = [...listed].filter((dep) => !used.has(dep));
    if (unlisted.length > 0) {
      add('plan-placeholder-mismatch', 'warning', step.id, `step ${step.id} uses ${unlisted.map((r) => `(${r})`).join(', ')} but its depends_on ${depsText(step)} does not list ${unlisted.join(', ')}`, 'depends_on');
    }
    if (unused.length > 0) {
      add('plan-placeholder-mismatch', 'warning', step.id, `step ${step.id} depends on ${unused.join(', ')} but neither its inputs nor its prompt use ${unused.map((r) => `(${r})`).join(', ')}`, 'depends_on');
    }
  }
}

function depsText(step: PlanStep): string {
  return `[${step.dependsOn.join(', ')}]`;
}

function checkTools(steps: readonly PlanStep[], knownTools: readonly string[], add: Add): void {
  const known = new Set(knownTools.map((t) => t.toUpperCase()));
  for (const step of steps) {
    if (step.tool === null) {
      const shown = step.text.length > 60 ? `${step.text.slice(0, 60)}…` : step.text;
      add('plan-step-not-a-call', 'error', step.id, `step ${step.id} is not a tool call TOOL(inputs, 'prompt'): ${JSON.stringify(shown)}`, step.textField);
    } else if (!known.has(step.tool.toUpperCase())) {
      add('plan-unknown-tool', 'error', step.id, `step ${step.id} calls ${step.tool}, which is not a known tool (${knownTools.join(', ')})`, 'tool');
    }
  }
}

function checkQueryPlaceholder(steps: readonly PlanStep[], query: string | null, add: Add): void {
  for (const step of steps) {
    if (step.tool?.toUpperCase() !== 'LLM') continue;
    if (step.placeholders.some((p) => p.kind === 'query') || step.arguments.some(isQueryArgument)) continue;
    const why = mentionsQuery(step.prompt, query);
    if (why) add('plan-query-placeholder', 'warning', step.id, `LLM step ${step.id} refers to the query (it ${why}) but does not pass it as (query)`, step.textField);
  }
}
