import type { HopDepth, PlanStep } from './model';

/**
 * For each step, for each of its `depends_on` entries, the index of the step it names, or
 * `null` when no step has that id. A repeated id resolves to its first step (the duplicate is
 * a finding of its own).
 */
export function resolveDependencies(steps: readonly PlanStep[]): (number | null)[][] {
  const indexById = new Map<string, number>();
  for (const step of steps) if (!indexById.has(step.id)) indexById.set(step.id, step.index);
  return steps.map((step) => step.dependsOn.map((id) => indexById.get(id) ?? null));
}

/**
 * The longest chain of dependencies, counted in steps: a lone step has depth 1, `1 ← 2 ← 3`
 * depth 3, an empty plan 0. Only dependencies on earlier steps count (the others are findings,
 * and ignoring them keeps the measure defined when the plan has a cycle). When several chains
 * are longest, the one ending at the earliest step is given, following at each step its first
 * deepest dependency.
 *
 * @example
 * // q-002 best plan: 2 and 3 depend on 1, 4 on 2 and 3
 * hopDepth(plan.steps) // → { depth: 3, chain: ['1', '2', '4'] }
 */
export function hopDepth(steps: readonly PlanStep[]): HopDepth {
  const targets = resolveDependencies(steps);
  const depth: number[] = [];
  const via: (number | null)[] = [];
  let deepest = -1;
  for (let i = 0; i < steps.length; i++) {
    depth[i] = 1;
    via[i] = null;
    for (const t of targets[i]) {
      if (t !== null && t < i && depth[t] + 1 > depth[i]) {
        depth[i] = depth[t] + 1;
        via[i] = t;
      }
    }
    if (deepest < 0 || depth[i] > depth[deepest]) deepest = i;
  }
  if (deepest < 0) return { depth: 0, chain: [] };
  const chain: string[] = [];
  for (let at: number | null = deepest; at !== null; at = via[at]) chain.push(steps[at].id);
  return { depth: depth[deepest], chain: chain.reverse() };
}

/**
 * The dependency cycles of a plan, each as step indices in `depends_on` order and listed once
 * (`[1, 2]`: step 1 depends on step 2, which depends on step 1; `[3]`: step 3 depends on
 * itself). Iterative, so a long plan cannot overflow the stack.
 */
export function findCycles(steps: readonly PlanStep[]): number[][] {
  const targets = resolveDependencies(steps).map((list) => list.filter((t): t is number => t !== null));
  const state = new Array<0 | 1 | 2>(steps.length).fill(0); // 0 unseen, 1 on the path, 2 done
  const cycles: number[][] = [];
  const seen = new Set<string>();
  for (let root = 0; root < steps.length; root++) {
    if (state[root] !== 0) continue;
    const path: number[] = [root];
    const next: number[] = [0];
    state[root] = 1;
    while (path.length > 0) {
      const at = path[path.length - 1];
      const edge = next[next.length - 1]++;
      if (edge >= targets[at].length) {
        state[at] = 2;
        path.pop();
        next.pop();
        continue;
      }
      const to = targets[at][edge];
      if (state[to] === 0) {
        state[to] = 1;
        path.push(to);
        next.push(0);
      } else if (state[to] === 1) {
        const cycle = path.slice(path.indexOf(to));
        const key = [...cycle].sort((a, b) => a - b).join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      }
    }
  }
  return cycles;
}
