import type { SopGraph } from '../formats/graphs/model';
import type { PlanRecord } from '../formats/plans/model';
import type { ArtifactKind } from '../formats/types';
import type { QuestionScope } from './model';

/**
 * Labels address units inside an item with a key: `node:<id>` (graph node), `step:<id>`
 * (plan step, the source key such as `2`), `turn:<index>` (conversation turn, the 0-based
 * index of the canonical payload), and `''` for the whole item.
 */
export type UnitKey = string;

/** The key of the whole item. */
export const ITEM_UNIT: UnitKey = '';

/** Builds a unit key: `unitKey('step', '2')` → `step:2`; the item scope gives `''`. */
export function unitKey(scope: QuestionScope, id: string | number): UnitKey {
  return scope === 'item' ? ITEM_UNIT : `${scope}:${id}`;
}

/**
 * Splits a unit key into scope and id.
 *
 * @returns null for a key that is neither `''` nor `node:`/`step:`/`turn:` followed by an id
 *   (a turn's id must be a whole number).
 */
export function parseUnitKey(key: string): { scope: QuestionScope; id: string } | null {
  if (key === ITEM_UNIT) return { scope: 'item', id: '' };
  const match = /^(node|step|turn):(.+)$/.exec(key);
  if (!match) return null;
  const scope = match[1] as QuestionScope;
  if (scope === 'turn' && !/^\d+$/.test(match[2])) return null;
  return { scope, id: match[2] };
}

/**
 * The unit as a labels CSV writes it: the bare id (`2` for step 2 of a plan), the scope
 * being implied by the question. Inverse of {@link unitFromCell}.
 */
export function unitToCell(key: UnitKey): string {
  return parseUnitKey(key)?.id ?? key;
}

/**
 * Reads the unit cell of a labels CSV for a question of scope `scope`: `2` means the
 * question's natural unit (step 2, node 2, turn 2), a full key (`step:2`) is accepted too.
 *
 * @returns the key, or an error message (a unit on an item-level question, a missing unit on
 *   a unit-level one, a key of another scope, a turn that is not a whole number).
 */
export function unitFromCell(cell: string, scope: QuestionScope): { ok: true; key: UnitKey } | { ok: false; message: string } {
  const text = cell.trim();
  if (scope === 'item') {
    return text === '' ? { ok: true, key: ITEM_UNIT } : { ok: false, message: `the question is about the whole item, so the unit must be empty (got "${text}")` };
  }
  if (text === '') return { ok: false, message: `the question is asked per ${scope}, so the unit must name one (e.g. 2)` };
  const parsed = parseUnitKey(text.includes(':') ? text : unitKey(scope, text));
  if (!parsed) return { ok: false, message: `"${text}" is not a ${scope}${scope === 'turn' ? ' (turns are numbered 0, 1, 2, …)' : ''}` };
  if (parsed.scope !== scope) return { ok: false, message: `the question is asked per ${scope}, not per ${parsed.scope} ("${text}")` };
  return { ok: true, key: unitKey(scope, parsed.id) };
}

/**
 * The units of an item that a question of `scope` is asked about, in the artifact's order:
 * graph nodes, plan steps (of the main plan, else the gold plan), conversation turns.
 * Empty when the scope does not fit the kind or the payload has no such units.
 */
export function unitsOf(kind: ArtifactKind, payload: unknown, scope: QuestionScope): UnitKey[] {
  if (scope === 'item') return [ITEM_UNIT];
  if (scope === 'node' && kind === 'graph') return ((payload as SopGraph | null)?.nodes ?? []).map((n) => unitKey('node', n.id));
  if (scope === 'step' && kind === 'plan') {
    const record = payload as PlanRecord | null;
    const steps = (record?.plan ?? record?.gold)?.steps ?? [];
    return [...new Set(steps.map((s) => unitKey('step', s.id)))];
  }
  if (scope === 'turn' && kind === 'conversation') {
    const turns = (payload as { turns?: { index: number }[] } | null)?.turns ?? [];
    return turns.map((t) => unitKey('turn', t.index));
  }
  return [];
}

/**
 * The units of an item whose answers a rule of the artifact decides, so that required questions
 * do not wait for them: the steps of an Agent-S session after a failed step the agent continued
 * past (incorrect by the continuation rule, whatever is marked). Empty for anything else.
 */
export function unitsDecidedByRule(kind: ArtifactKind, payload: unknown): Set<UnitKey> {
  if (kind !== 'conversation') return new Set();
  const ruled = (payload as { sopExecution?: { rule?: { ruledSteps?: unknown } } } | null)?.sopExecution?.rule?.ruledSteps;
  return new Set(Array.isArray(ruled) ? ruled.map((step) => unitKey('turn', String(step))) : []);
}

/** Orders unit keys: the item first, then by scope, then ids numerically where both are numbers. */
export function compareUnitKeys(a: UnitKey, b: UnitKey): number {
  if (a === b) return 0;
  if (a === ITEM_UNIT) return -1;
  if (b === ITEM_UNIT) return 1;
  const pa = parseUnitKey(a);
  const pb = parseUnitKey(b);
  if (!pa || !pb || pa.scope !== pb.scope) return a < b ? -1 : 1;
  const na = Number(pa.id);
  const nb = Number(pb.id);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return pa.id < pb.id ? -1 : pa.id > pb.id ? 1 : 0;
}
