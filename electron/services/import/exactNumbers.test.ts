import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { RELEASES } from '../../testing/fixtures';
import { tempSession } from '../../testing/tempWorkspace';
import { importFiles } from './importFiles';

// Issue 15 part 5: numbers a double cannot hold are kept as written, and ids beyond 2^53 stay apart.
let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
});
afterEach(() => ws.dispose());

async function importText(name: string, content: string) {
  const file = ws.file(name, content);
  return (await importFiles(ws.ctx, [{ path: file, displayName: name }])).files[0];
}

const plan = '{"1": {"query": "T2S([], \'x\')", "depends_on": []}}';

describe('exact numbers on import', () => {
  it('keeps 1e999 as written, with a finding, instead of storing null', async () => {
    const report = await importText('big.jsonl', `{"query_id": "q-1", "query": "Q", "budget": 1e999, "plan": ${plan}}\n`);
    expect(report).toMatchObject({ status: 'imported', imported: 1 });
    const row = ws.db.prepare('SELECT payload, id FROM items').get() as { payload: string; id: number };
    expect(row.payload).toContain('"budget":"1e999"');
    expect(row.payload).not.toContain('"budget":null');
    const findings = ws.db.prepare('SELECT validator, severity, message FROM findings WHERE item_id = ?').all(row.id);
    expect(findings).toContainEqual({ validator: 'number-out-of-range', severity: 'warning', message: 'number 1e999 in "budget" is outside the range of a double; kept as written, as text' });
  });

  it('lists on each item of a many-item document only the integers beyond 2^53 it holds', async () => {
    // One OTLP export, three traces: only the first holds the 20-digit order id and tracking number.
    const file = path.join(RELEASES, 'otlp-openllmetry-traces.json');
    expect((await importFiles(ws.ctx, [{ path: file, displayName: path.basename(file) }])).files[0]).toMatchObject({ status: 'imported', imported: 3 });
    const rows = ws.db.prepare('SELECT payload FROM items ORDER BY id').pluck().all() as string[];
    expect(rows.map((payload) => (JSON.parse(payload) as { numbersAsWritten?: string[] }).numbersAsWritten ?? null)).toEqual([['12345678901234567891', '98765432109876543210'], null, null]);
  });

  it('keeps two 20-digit ids that differ in the last digit apart', async () => {
    const lines = [12345678901234567891n, 12345678901234567892n].map((id) => `{"query_id": ${id}, "query": "Q", "plan": ${plan}}`);
    const report = await importText('ids.jsonl', `${lines.join('\n')}\n`);
    expect(report).toMatchObject({ status: 'imported', imported: 2 });
    const ids = ws.db.prepare('SELECT external_id FROM items ORDER BY external_id').pluck().all();
    expect(ids).toEqual(['12345678901234567891', '12345678901234567892']);
  });

  it('scores a tool call whose 20-digit id differs in the last digit as wrong', async () => {
    const conversation = (actual: string) =>
      JSON.stringify({
        id: `c-${actual.slice(-1)}`,
        expected_tool_trace: [{ name: 'Lookup', arguments: { orderId: 0 } }],
        messages: [
          { role: 'user', content: 'where is my order?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'Lookup', arguments: `{"orderId": ${actual}}` } }] },
          { role: 'tool', tool_call_id: 'a', content: 'ok' },
          { role: 'assistant', content: 'done' },
        ],
      }).replace('"orderId":0', '"orderId":12345678901234567891');
    const report = await importText('calls.jsonl', `${conversation('12345678901234567891')}\n${conversation('12345678901234567892')}\n`);
    expect(report).toMatchObject({ status: 'imported', imported: 2 });
    const rows = ws.db.prepare('SELECT external_id, metrics FROM items ORDER BY external_id').all() as { external_id: string; metrics: string }[];
    const accuracy = rows.map((r) => (JSON.parse(r.metrics) as { toolCallAccuracy: number }).toolCallAccuracy);
    expect(accuracy).toEqual([1, 0]);
  });
});
