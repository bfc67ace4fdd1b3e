import { describe, expect, it } from 'vitest';
import type { PlanDiff } from '../../../../../electron/api/artifacts';
import { diffSummary, lineageRows } from './lineageRows';

const ref = (index: number) => ({ index, id: String(index + 1) });

describe('lineageRows', () => {
  it('lists the newer steps with their pairing (q-003 lineage, version 2 → 3, from the stored analysis)', () => {
    // lineageDiffs[1] of q-003 in fixtures/formats/plans.jsonl: steps 1 and 2 unchanged, the
    // LLM step 3 added, the old step 3 (now 4) changed in depends_on.
    const diff: PlanDiff = {
      added: [ref(2)],
      removed: [],
      changed: [{ from: ref(2), to: ref(3), matchedBy: 'same-content', changes: ['depends_on'] }],
      unchanged: [
        { from: ref(0), to: ref(0), matchedBy: 'same-content' },
        { from: ref(1), to: ref(1), matchedBy: 'same-content' },
      ],
    };
    expect(lineageRows(diff, [0, 1, 2, 3])).toEqual([
      { kind: 'unchanged', to: 0, from: 0 },
      { kind: 'unchanged', to: 1, from: 1 },
      { kind: 'added', to: 2 },
      { kind: 'changed', to: 3, from: 2, changes: ['depends_on'], matchedBy: 'same-content' },
    ]);
    expect(diffSummary(diff)).toBe('1 added · 1 changed');
  });

  it('shows a removed step where it used to be, and trailing removed steps last', () => {
    const diff: PlanDiff = {
      added: [],
      removed: [ref(1), ref(3)],
      changed: [],
      unchanged: [
        { from: ref(0), to: ref(0), matchedBy: 'same-content' },
        { from: ref(2), to: ref(1), matchedBy: 'same-content' },
      ],
    };
    expect(lineageRows(diff, [0, 1]).map((r) => r.kind + ('from' in r ? r.from : ''))).toEqual(['unchanged0', 'removed1', 'unchanged2', 'removed3']);
    expect(diffSummary(diff)).toBe('2 removed');
    expect(diffSummary({ added: [], removed: [], changed: [], unchanged: [] })).toBe('no step changed');
  });
});
