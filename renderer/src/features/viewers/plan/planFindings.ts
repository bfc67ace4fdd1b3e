import type { Finding } from '../../../../../electron/api/artifacts';

/** Which plan of a record findings are sought for: the plan, the gold plan, or a lineage version (0-based). */
export type PlanPart = { kind: 'plan' } | { kind: 'gold' } | { kind: 'version'; version: number };

/**
 * Whether a finding concerns this part of the record (see the location conventions in the plan
 * model: `best_plan…` fields are the gold plan, `version` a lineage version, the rest the plan).
 */
export function concernsPart(finding: Finding, part: PlanPart): boolean {
  const location = finding.location;
  if (!location) return false;
  const version = location.version;
  const gold = location.field?.startsWith('best_plan') ?? false;
  if (part.kind === 'version') return version === part.version;
  if (version !== undefined && version !== null) return false;
  return part.kind === 'gold' ? gold : !gold;
}

/** The findings about each step of one part of the record, by step id. */
export function findingsByStep(findings: readonly Finding[], part: PlanPart): Map<string, Finding[]> {
  const byStep = new Map<string, Finding[]>();
  for (const finding of findings) {
    const step = finding.location?.step;
    if (step === undefined || step === null || !concernsPart(finding, part)) continue;
    byStep.set(step, [...(byStep.get(step) ?? []), finding]);
  }
  return byStep;
}

/** Findings about a part as a whole (a lineage version that is not valid JSON, its hop depth…). */
export function wholePartFindings(findings: readonly Finding[], part: PlanPart): Finding[] {
  return findings.filter((f) => (f.location?.step === undefined || f.location.step === null) && concernsPart(f, part));
}
