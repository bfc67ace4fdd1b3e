import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InputOf } from '../../api/contract';
import { FIXTURES } from '../../testing/fixtures';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

// Issue 13: an annotator of a task hiding automatic scores must not learn them from the item
// list's filters and sort either. Items: q-001..q-003 (plans, with a `reward` from the source
// added here), the damaged-item graph (no findings) and the password-reset graph (five
// validator errors, verdicts). q-002 has one reading aid, plan-invalid-json (a warning).
let ws: AnnotationWorkspace;
let id: (externalId: string) => number;
beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl', path.join(FIXTURES, 'graph-damaged-item.json'), path.join(FIXTURES, 'graph-password-reset.json')]);
  id = (externalId) => ws.itemId(externalId);
  const rewards = { 'q-001': 0.97, 'q-002': 0.12, 'q-003': 0.5 };
  await ws.write(() => {
    for (const [item, reward] of Object.entries(rewards)) ws.db.prepare("UPDATE items SET metadata = json_set(metadata, '$.reward', ?) WHERE external_id = ?").run(reward, item);
  });
  await ws.api('annotators.upsert', { name: 'lea', role: 'lead' });
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana'] });
  await ws.api('tasks.create', { name: 'graphs', schema: { preset: 'sop-graph-review' }, datasets: ['graph-damaged-item', 'graph-password-reset'], annotators: ['ana'] });
});
afterEach(() => ws.dispose());

type ListArgs = InputOf<'items.list'>;
const ids = async (args: ListArgs, as: string) => (await ws.api('items.list', args, as)).rows.map((r) => r.externalId);
const GRAPH = 'Reset online banking password';
const OTHER_GRAPH = 'Replace a damaged item';

describe('for an annotator of tasks hiding automatic scores, the item list', () => {
  it('filters by severity on the findings they are shown (reading aids), not on validator verdicts', async () => {
    expect(await ids({ severity: 'error' }, 'lea')).toEqual([GRAPH]);
    expect(await ids({ severity: 'error' }, 'ana')).toEqual([]);
    expect(await ids({ severity: 'info' }, 'lea')).toEqual(['q-001', 'q-002', 'q-003', GRAPH]);
    expect(await ids({ severity: 'info' }, 'ana')).toEqual(['q-002']);
    expect((await ws.api('items.list', { severity: 'error' }, 'ana')).total).toBe(0);
  });

  it('sorts by the finding counts they are shown, so the order gives no verdict away', async () => {
    expect(await ids({ sort: 'findings', descending: true }, 'lea')).toEqual([GRAPH, 'q-002', 'q-003', 'q-001', OTHER_GRAPH]);
    const page = await ws.api('items.list', { sort: 'findings', descending: true }, 'ana');
    expect(page.rows.map((r) => r.externalId)).toEqual(['q-002', GRAPH, OTHER_GRAPH, 'q-003', 'q-001']);
    const shown = page.rows.map((r) => r.errorCount * 1e6 + r.warningCount * 1e3 + r.infoCount);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    // Next/previous on the item page follow the same order.
    expect(await ws.api('items.neighbours', { id: id(GRAPH), sort: 'findings', descending: true }, 'ana')).toMatchObject({
      position: 1,
      previous: { externalId: 'q-002' },
      next: { externalId: OTHER_GRAPH },
    });
  });

  it('searches external ids and the fields they are shown, not score fields', async () => {
    expect(await ids({ search: '0.97' }, 'lea')).toEqual(['q-001']);
    expect(await ids({ search: '0.97' }, 'ana')).toEqual([]);
    expect(await ids({ search: 'reward' }, 'ana')).toEqual([]);
    expect(await ids({ search: 'tolerant' }, 'ana')).toEqual(['q-002']);
    expect(await ids({ search: 'q-00' }, 'ana')).toEqual(['q-001', 'q-002', 'q-003']);
    expect(await ids({ search: 'banking' }, 'ana')).toEqual([GRAPH]);
  });

  it('matches nothing on a score field, and offers no score values to filter on', async () => {
    expect(await ids({ metadata: { reward: 0.97 } }, 'lea')).toEqual(['q-001']);
    expect(await ids({ metadata: { reward: 0.97 } }, 'ana')).toEqual([]);
    expect(await ids({ metadata: { parse_status: 'tolerant' } }, 'ana')).toEqual(['q-002']);
    const fields = (as: string) => ws.api('items.metadataFields', {}, as).then((f) => f.map((x) => x.key));
    expect(await fields('lea')).toContain('reward');
    expect(await fields('ana')).not.toContain('reward');
    expect(await fields('ana')).toContain('parse_status');
  });

  it('counts in the dataset list only the findings they are shown', async () => {
    const counts = async (as: string) =>
      Object.fromEntries((await ws.api('datasets.list', {}, as)).map((d) => [d.name, [d.itemsWithErrors, d.itemsWithWarnings, d.findingCount]]));
    expect(await counts('lea')).toEqual({ plans: [0, 1, 4], 'graph-damaged-item': [0, 0, 0], 'graph-password-reset': [1, 0, 5] });
    expect(await counts('ana')).toEqual({ plans: [0, 1, 1], 'graph-damaged-item': [0, 0, 0], 'graph-password-reset': [0, 0, 0] });
  });

  it('filters as before on items of no task hiding scores', async () => {
    await ws.api('tasks.setScoresHidden', { task: 'graphs', hidden: false }, 'lea');
    expect(await ids({ severity: 'error' }, 'ana')).toEqual([GRAPH]);
    expect(await ids({ sort: 'findings', descending: true }, 'ana')).toEqual([GRAPH, 'q-002', OTHER_GRAPH, 'q-003', 'q-001']);
    expect(await ids({ search: '0.97' }, 'ana')).toEqual([]);
  });
});
