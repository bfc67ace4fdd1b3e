import type { ItemDetail } from '../../../../electron/api/contract';
import type { Conversation, PlanRecord, SopGraph } from '../../../../electron/api/artifacts';
import type { QuestionScope } from '../../../../electron/api/labelSchemas';

/** A unit a question can be asked about, as the unit picker lists it. */
export interface UnitEntry {
  /** The unit key labels use and the viewer selects: `step:2`, `node:N1`, `turn:0`. */
  key: string;
  /** Short name: "Step 2", "N1", "Turn 0". */
  label: string;
  /** A hint of what it is: the tool, the node's name, the turn's role. */
  detail: string;
  /** A rule of the artifact decides its answers (an Agent-S step incorrect by rule): nothing is required of it. */
  decidedByRule?: boolean;
}

/** The unit scope of each artifact kind. */
export const SCOPE_OF_KIND = { graph: 'node', plan: 'step', conversation: 'turn' } as const;

/**
 * The units of an item a question of `scope` is asked about, in the artifact's order — the
 * same units the service accepts (core's `unitsOf`: graph nodes; the main plan's steps, else
 * the gold plan's, without repeated ids; conversation turns), with names for the screen.
 */
export function unitsFor(item: Pick<ItemDetail, 'kind' | 'payload'>, scope: QuestionScope): UnitEntry[] {
  if (scope === 'item' || SCOPE_OF_KIND[item.kind] !== scope) return [];
  if (item.kind === 'graph') {
    const graph = item.payload as SopGraph | null;
    return (graph?.nodes ?? []).map((n) => ({ key: `node:${n.id}`, label: n.id, detail: n.name ?? n.type ?? '' }));
  }
  if (item.kind === 'plan') {
    const record = item.payload as PlanRecord | null;
    const steps = (record?.plan ?? record?.gold)?.steps ?? [];
    const seen = new Set<string>();
    return steps.flatMap((s) => {
      if (seen.has(s.id)) return [];
      seen.add(s.id);
      return [{ key: `step:${s.id}`, label: `Step ${s.id}`, detail: s.tool ?? '' }];
    });
  }
  const conversation = item.payload as Conversation | null;
  // An Agent-S session's turns are its steps, numbered from 1 as its viewer shows them.
  const session = conversation?.sopExecution;
  if (session) {
    const ruled = new Set(session.rule.ruledSteps);
    return session.steps.map((s) => ({
      key: `turn:${s.index}`,
      label: `Step ${s.index + 1}`,
      detail: `${s.action}${s.status === 'fail' ? ' (fail)' : ''}${ruled.has(s.index) ? ' · incorrect by rule' : ''}`,
      decidedByRule: ruled.has(s.index),
    }));
  }
  return (conversation?.turns ?? []).map((t) => ({ key: `turn:${t.index}`, label: `Turn ${t.index}`, detail: t.role.replace('_', ' ') }));
}
