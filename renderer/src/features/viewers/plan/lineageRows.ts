import type { PlanDiff, StepChangeKind, StepPairRule } from '../../../../../electron/api/artifacts';

/** One row of the lineage diff: a step of the newer version, or a step the newer version dropped. */
export type LineageRow =
  | { kind: 'added'; to: number }
  | { kind: 'changed'; to: number; from: number; changes: StepChangeKind[]; matchedBy: StepPairRule }
  | { kind: 'unchanged'; to: number; from: number }
  | { kind: 'removed'; from: number };

/**
 * The rows of a lineage diff in reading order: the newer version's steps in `order` (its
 * dependency order), each removed step shown just before the first newer step whose older
 * counterpart came after it — where it used to be — and the remaining removed steps last.
 */
export function lineageRows(diff: PlanDiff, order: readonly number[]): LineageRow[] {
  const pairs = new Map<number, LineageRow>();
  for (const c of diff.changed) pairs.set(c.to.index, { kind: 'changed', to: c.to.index, from: c.from.index, changes: c.changes, matchedBy: c.matchedBy });
  for (const u of diff.unchanged) pairs.set(u.to.index, { kind: 'unchanged', to: u.to.index, from: u.from.index });
  const removed = diff.removed.map((r) => r.index).sort((a, b) => a - b);
  const rows: LineageRow[] = [];
  for (const to of order) {
    const row = pairs.get(to) ?? { kind: 'added' as const, to };
    if (row.kind !== 'added') while (removed.length && removed[0] < row.from) rows.push({ kind: 'removed', from: removed.shift()! });
    rows.push(row);
  }
  for (const from of removed) rows.push({ kind: 'removed', from });
  return rows;
}

/** "2 added · 1 changed · 1 removed" — what a version changed, in one line ("no step changed" when nothing did). */
export function diffSummary(diff: PlanDiff): string {
  const parts = [
    diff.added.length && `${diff.added.length} added`,
    diff.changed.length && `${diff.changed.length} changed`,
    diff.removed.length && `${diff.removed.length} removed`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'no step changed';
}
