import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemNeighbours } from '../../api/contract';
import { dispatch } from '../dispatch';
import { importFiles } from '../import/importFiles';
import { FIXTURES, FORMATS } from '../../testing/fixtures';
import { tempSession } from '../../testing/tempWorkspace';
import { getItemNeighbours, listItemPage } from './catalog';

let ws: ReturnType<typeof tempSession>;
beforeAll(async () => {
  ws = tempSession();
  const files = [
    path.join(FIXTURES, 'conversations.jsonl'),
    path.join(FIXTURES, 'plans.jsonl'),
    path.join(FORMATS, 'conversations-chat.jsonl'),
    path.join(FORMATS, 'sop-graph.json'),
  ];
  await importFiles(ws.ctx, files.map((file) => ({ path: file, displayName: path.basename(file) })));
});
afterAll(() => ws.dispose());

type Order = { sort: 'id' | 'externalId' | 'dataset' | 'kind' | 'findings'; descending: boolean };

/** The neighbours every row should have, read off the full `items.list` page in that order. */
function expectedFromList(filter: object, order: Order): Map<number, ItemNeighbours> {
  const { total, rows } = listItemPage(ws.ctx, { ...filter, ...order, offset: 0, limit: 1000 });
  const ref = (at: number) => (rows[at] ? { id: rows[at].id, externalId: rows[at].externalId } : null);
  return new Map(rows.map((row, at) => [row.id, { total, position: at, previous: ref(at - 1), next: ref(at + 1) }]));
}

describe('items.neighbours', () => {
  const orders: Order[] = [
    { sort: 'id', descending: false },
    { sort: 'externalId', descending: true },
    { sort: 'dataset', descending: false },
    { sort: 'kind', descending: true },
    // Many items tie on the findings count: the id tie-break must order them as the list does.
    { sort: 'findings', descending: false },
    { sort: 'findings', descending: true },
  ];
  for (const order of orders) {
    it(`agrees with items.list for every item, sorted by ${order.sort}${order.descending ? ' descending' : ''}`, () => {
      const expected = expectedFromList({}, order);
      expect(expected.size).toBe(30 + 30 + 2 + 1);
      for (const [id, neighbours] of expected) expect(getItemNeighbours(ws.ctx, { id, ...order })).toEqual(neighbours);
    });
  }

  it('follows a filter: first and last items have one neighbour, and the position counts only matches', () => {
    const filter = { kind: 'conversation' as const, search: 'demo-conv-00' };
    const order: Order = { sort: 'externalId', descending: false };
    const expected = expectedFromList(filter, order);
    expect(expected.size).toBe(9); // demo-conv-001 … demo-conv-009
    for (const [id, neighbours] of expected) expect(getItemNeighbours(ws.ctx, { id, ...filter, ...order })).toEqual(neighbours);
    const first = [...expected.values()].find((n) => n.position === 0)!;
    expect(first.previous).toBeNull();
    expect(first.next?.externalId).toBe('demo-conv-002');
  });

  it('gives no position and no neighbours for an item the filter excludes, but still the total', () => {
    const plan = listItemPage(ws.ctx, { kind: 'plan', offset: 0, limit: 1, sort: 'id', descending: false }).rows[0];
    expect(getItemNeighbours(ws.ctx, { id: plan.id, kind: 'conversation', sort: 'id', descending: false })).toEqual({
      total: 32,
      position: null,
      previous: null,
      next: null,
    });
  });

  it('answers a bare deep link (no filter) with the whole workspace in id order', async () => {
    const reply = await dispatch(ws.ctx, 'items.neighbours', { id: 2 }, { owner: true });
    expect(reply).toEqual({ ok: true, value: { total: 63, position: 1, previous: { id: 1, externalId: 'demo-conv-001' }, next: { id: 3, externalId: 'demo-conv-003' } } });
  });

  it('says which item is missing, and checks its arguments', async () => {
    expect(await dispatch(ws.ctx, 'items.neighbours', { id: 9999 }, { owner: true })).toEqual({ ok: false, error: { code: 'not-found', message: 'no item with id 9999' } });
    const bad = await dispatch(ws.ctx, 'items.neighbours', { id: 'one', sort: 'size' }, { owner: true });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/invalid arguments for items.neighbours: id: .*; sort: /);
  });
});
