import type { UnitLocation } from '../types';

/** Which plan of a record is being validated: the main plan, the gold plan, or a lineage version. */
export type PlanScope = { kind: 'plan' } | { kind: 'gold' } | { kind: 'lineage'; version: number };

/** The plan's name in messages: `plan`, `best_plan`, `plan_lineage[1]` (its source field). */
export function scopeLabel(scope: PlanScope): string {
  if (scope.kind === 'plan') return 'plan';
  if (scope.kind === 'gold') return 'best_plan';
  return `plan_lineage[${scope.version}]`;
}

/** Location of a finding about the plan as a whole (see model.ts for the convention). */
export function planLocation(scope: PlanScope): UnitLocation {
  if (scope.kind === 'lineage') return { version: scope.version };
  return { field: scope.kind === 'gold' ? 'best_plan' : 'plan' };
}

/**
 * Location of a finding about one step, optionally narrowed to a step field (`depends_on`,
 * `tool`, `query`). Gold-plan steps carry the `best_plan` prefix in `field`.
 */
export function stepLocation(scope: PlanScope, step: string, field?: string): UnitLocation {
  if (scope.kind === 'gold') return { step, field: field ? `best_plan.${field}` : 'best_plan' };
  const location: UnitLocation = scope.kind === 'lineage' ? { version: scope.version, step } : { step };
  if (field) location.field = field;
  return location;
}
