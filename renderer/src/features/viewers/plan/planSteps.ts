import type { PlanStep } from '../../../../../electron/api/artifacts';

/**
 * For each step (by index), the indices of the steps its `depends_on` names; an id no step
 * has is left out. A repeated id resolves to its first step, as the validators read it.
 */
export function dependencyIndices(steps: readonly PlanStep[]): number[][] {
  const byId = firstIndexById(steps);
  return steps.map((step) => step.dependsOn.map((id) => byId.get(id)).filter((i): i is number => i !== undefined));
}

/** The index of the first step with each id. */
export function firstIndexById(steps: readonly PlanStep[]): Map<string, number> {
  const byId = new Map<string, number>();
  for (const step of steps) if (!byId.has(step.id)) byId.set(step.id, step.index);
  return byId;
}

/**
 * Step indices in dependency order: every step after the steps it depends on, and otherwise in
 * source order — so a well-formed plan (dependencies only point backwards) reads exactly as
 * written. Steps caught in a cycle follow, in source order.
 */
export function dependencyOrder(steps: readonly PlanStep[]): number[] {
  const deps = dependencyIndices(steps).map((list) => new Set(list));
  const placed = new Set<number>();
  const order: number[] = [];
  // Plans are small (tens of steps); repeated scans keep the smallest-index-first rule obvious.
  for (let progress = true; progress; ) {
    progress = false;
    for (const step of steps) {
      if (placed.has(step.index)) continue;
      if ([...deps[step.index]].every((d) => placed.has(d) || d === step.index)) {
        placed.add(step.index);
        order.push(step.index);
        progress = true;
        break;
      }
    }
  }
  for (const step of steps) if (!placed.has(step.index)) order.push(step.index);
  return order;
}

/**
 * The layer of each step for the structure overview: 0 for a step with no dependencies, else
 * one more than its deepest dependency (dependencies inside a cycle are ignored).
 */
export function stepLayers(steps: readonly PlanStep[]): number[] {
  const deps = dependencyIndices(steps);
  const layer = new Array<number | undefined>(steps.length).fill(undefined);
  for (const index of dependencyOrder(steps)) {
    const known = deps[index].map((d) => layer[d]).filter((l): l is number => l !== undefined);
    layer[index] = known.length ? Math.max(...known) + 1 : 0;
  }
  return layer.map((l) => l ?? 0);
}

/**
 * How a `(k)` placeholder or argument relates to the plan: `declared` when step k exists and
 * is in `depends_on`, `undeclared` when it exists but is not, `missing` when no step has id k.
 */
export type RefStatus = 'declared' | 'undeclared' | 'missing';

/** The status of a reference from `step` to the step with id `ref` (see {@link RefStatus}). */
export function refStatus(step: PlanStep, ref: string, byId: ReadonlyMap<string, number>): RefStatus {
  if (!byId.has(ref)) return 'missing';
  return step.dependsOn.includes(ref) ? 'declared' : 'undeclared';
}

/** A prompt cut into plain text and its placeholders, in order, for highlighting. */
export type PromptPart = { kind: 'text'; text: string } | { kind: 'query'; text: string } | { kind: 'step'; text: string; ref: string };

/**
 * Cuts a prompt at its placeholders (offsets from the payload). Placeholders that overlap an
 * earlier one or fall outside the prompt are left as text rather than trusted.
 */
export function promptParts(step: Pick<PlanStep, 'prompt' | 'placeholders'>): PromptPart[] {
  const parts: PromptPart[] = [];
  let at = 0;
  const sorted = [...step.placeholders].sort((a, b) => a.start - b.start);
  for (const p of sorted) {
    if (p.start < at || p.end > step.prompt.length || p.end <= p.start) continue;
    if (p.start > at) parts.push({ kind: 'text', text: step.prompt.slice(at, p.start) });
    const text = step.prompt.slice(p.start, p.end);
    parts.push(p.kind === 'step' ? { kind: 'step', text, ref: p.ref } : { kind: 'query', text });
    at = p.end;
  }
  if (at < step.prompt.length) parts.push({ kind: 'text', text: step.prompt.slice(at) });
  return parts;
}

/** Step ids an argument such as `(1)` or `[(1), (2)]` refers to, in order. */
export function argumentRefs(argument: string): string[] {
  return [...argument.matchAll(/\((\w+)\)/g)].map((m) => m[1]).filter((ref) => ref !== 'query');
}
