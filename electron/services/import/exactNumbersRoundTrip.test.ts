import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { EXACT_NUMBERS } from '../../testing/fixtures';

/**
 * Issue 18 part 4: integers beyond 2^53 survive every hop digit for digit — import, the API
 * (as the HTTP transport carries it: JSON text), exports, label packs into another workspace,
 * label files that write ids as numbers, and the judge's prompt. `JSON.parse` would make
 * 12345678901234567891 into 12345678901234567000; each assertion names the exact digits.
 */
const ID = '12345678901234567891';
const ROUNDED = String(Number(ID)); // '12345678901234567000': what any hop that rounds would show
const FILES = ['conversations.jsonl', 'roles.json', 'plans.jsonl', 'graph.json'].map((f) => path.join(EXACT_NUMBERS, f));

let workspaces: AnnotationWorkspace[] = [];
let dir: string | null = null;
afterEach(() => {
  workspaces.forEach((w) => w.dispose());
  workspaces = [];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

async function workspace(): Promise<AnnotationWorkspace> {
  const ws = await annotationWorkspace(FILES);
  workspaces.push(ws);
  return ws;
}

/** A value as the HTTP transport delivers it: serialised by the server, parsed by the client. */
const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function tempFile(name: string, content: string): string {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'accord-exact-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

describe('integers beyond 2^53 through the API', () => {
  it('items.list and items.get carry the ids, metadata and payload values as written', async () => {
    const ws = await workspace();
    const page = overTheWire(await ws.api('items.list', { offset: 0, limit: 50 }));
    expect(page.rows.map((r) => r.externalId).sort()).toEqual(['12345678901234567891', '12345678901234567893', '12345678901234567894', 'roles-12345678901234567891']);

    const chat = overTheWire(await ws.api('items.get', { id: ws.itemId(ID) }));
    const text = JSON.stringify(chat);
    expect(text).not.toContain(ROUNDED);
    const payload = chat.payload as { turns: { call?: { arguments: Record<string, unknown> }; output?: { content: Record<string, unknown> } }[]; expectedTrace: { arguments: Record<string, unknown> }[]; extra: Record<string, unknown> };
    expect(payload.turns[1]!.call!.arguments).toEqual({ orderId: ID });
    expect(payload.turns[2]!.output!.content).toEqual({ orderId: ID, parcel: '90071992547409931' });
    expect(payload.expectedTrace[0]!.arguments).toEqual({ orderId: ID });
    expect(payload.extra.order_ref).toBe('98765432109876543210');
    // Which strings the source wrote as bare numbers, for the viewers to write them bare again.
    expect((chat.payload as { numbersAsWritten: string[] }).numbersAsWritten.sort()).toEqual(['12345678901234567891', '90071992547409931', '98765432109876543210']);

    const roles = overTheWire(await ws.api('items.get', { id: ws.itemId(`roles-${ID}`) }));
    expect((roles.payload as typeof payload).turns[1]!.call!.arguments).toEqual({ order_id: ID });
    expect((roles.payload as typeof payload).turns[2]!.output!.content).toEqual({ cancelled: ID });

    const plan = overTheWire(await ws.api('items.get', { id: ws.itemId('12345678901234567893') }));
    expect(plan.metadata.account).toBe(ID);
    expect((plan.payload as { plan: { steps: { extra: Record<string, unknown> }[] } }).plan.steps[0]!.extra.account).toBe(ID);

    const graph = overTheWire(await ws.api('items.get', { id: ws.itemId('12345678901234567894') }));
    const node = (graph.payload as { nodes: { extra: Record<string, unknown>; tools: { inputs: { extra: Record<string, unknown> }[] }[] }[] }).nodes[0]!;
    expect(node.extra.max_amount).toBe(ID);
    expect(node.tools[0]!.inputs[0]!.extra.default).toBe(ID);
  });

  it('filters on a metadata value beyond 2^53 by its digits, and not by a neighbour', async () => {
    const ws = await workspace();
    const hit = await ws.api('items.list', { offset: 0, limit: 10, metadata: { account: ID } });
    expect(hit.rows.map((r) => r.externalId)).toEqual(['12345678901234567893']);
    const neighbour = await ws.api('items.list', { offset: 0, limit: 10, metadata: { account: '12345678901234567892' } });
    expect(neighbour.rows).toEqual([]);
  });
});

describe('integers beyond 2^53 in exports, packs and judge prompts', () => {
  async function labelled() {
    const ws = await workspace();
    await ws.api('tasks.create', { name: 'validity', schema: { preset: 'conversation-validity' }, datasets: ['conversations', 'roles'], annotators: ['ana', 'ben'] });
    for (const rater of ['ana', 'ben']) {
      await ws.api('labels.save', { task: 'validity', itemId: ws.itemId(ID), unit: '', question: 'validity', value: 'valid', rationale: `order ${ID} was looked up` }, rater);
      await ws.api('labels.submit', { task: 'validity', itemId: ws.itemId(ID) }, rater);
    }
    return ws;
  }

  it('labels and gold exports (CSV and JSONL) name the item by its digits', async () => {
    const ws = await labelled();
    for (const format of ['csv', 'jsonl'] as const) {
      const labels = await ws.api('labels.export', { task: 'validity', format });
      expect(labels.content).toContain(ID);
      expect(labels.content).not.toContain(ROUNDED);
    }
    const jsonl = (await ws.api('labels.export', { task: 'validity', format: 'jsonl' })).content.trim().split('\n').map((l) => JSON.parse(l) as { item: string; rationale: string });
    expect(jsonl.map((l) => [l.item, l.rationale])).toEqual([
      [ID, `order ${ID} was looked up`],
      [ID, `order ${ID} was looked up`],
    ]);
    expect(await ws.api('adjudication.acceptUnanimous', { task: 'validity' })).toMatchObject({ accepted: 1 });
    for (const format of ['csv', 'jsonl'] as const) {
      const gold = await ws.api('gold.export', { task: 'validity', format });
      expect(gold.rows).toBe(1);
      expect(gold.content).toContain(ID);
      expect(gold.content).not.toContain(ROUNDED);
    }
  });

  it('a label pack carries the item to another workspace, where it lands on the same item', async () => {
    const ws = await labelled();
    const pack = await ws.api('packs.export', { task: 'validity', annotator: 'ana' });
    expect(pack.content).toContain(`"item": "${ID}"`);
    const elsewhere = await workspace();
    await elsewhere.api('tasks.create', { name: 'validity', schema: { preset: 'conversation-validity' }, datasets: ['conversations', 'roles'], annotators: ['ana', 'ben'] });
    const report = await elsewhere.api('packs.import', { source: { path: tempFile('ana.pack.json', pack.content) } });
    expect(report).toMatchObject({ applied: 1, refused: [] });
    const labels = await elsewhere.api('labels.list', { task: 'validity', itemId: elsewhere.itemId(ID) }, 'ana');
    expect(labels.own.map((l) => [l.question, l.value, l.rationale])).toEqual([['validity', 'valid', `order ${ID} was looked up`]]);
  });

  it('a pack or labels file that writes the item id as a bare number reaches that item, not its rounded neighbour', async () => {
    const ws = await labelled();
    const pack = (await ws.api('packs.export', { task: 'validity', annotator: 'ana' })).content.replace(`"item": "${ID}"`, `"item": ${ID}`);
    expect(pack).toContain(`"item": ${ID},`);
    const elsewhere = await workspace();
    await elsewhere.api('tasks.create', { name: 'validity', schema: { preset: 'conversation-validity' }, datasets: ['conversations', 'roles'], annotators: ['ana', 'ben'] });
    expect(await elsewhere.api('packs.import', { source: { path: tempFile('numeric.pack.json', pack) } })).toMatchObject({ applied: 1, refused: [] });

    const line = `{"dataset": "conversations", "item": ${ID}, "question": "validity", "rater": "cy", "value": "invalid"}\n`;
    const imported = await elsewhere.api('labels.import', { task: 'validity', source: { path: tempFile('labels.jsonl', line) }, format: 'jsonl' });
    expect(imported).toMatchObject({ status: 'imported', added: 1 });
    const labels = await elsewhere.api('labels.export', { task: 'validity', format: 'jsonl' });
    expect(labels.content).toContain(`"item":"${ID}","unit":"","question":"validity","rater":"cy"`);
  });

  it("the judge's prompt holds the digits of the call's arguments and the tool's output", async () => {
    const ws = await labelled();
    for (const id of [ID, `roles-${ID}`]) {
      const preview = await ws.api('judges.preview', { task: 'validity', judge: { preset: 'conversation-validity' }, itemId: ws.itemId(id) });
      expect(preview.error).toBeNull();
      const prompt = JSON.stringify(preview.request);
      expect(prompt).toContain(ID);
      expect(prompt).not.toContain(ROUNDED);
    }
    // As the file wrote them: bare numbers, not strings.
    const chat = await ws.api('judges.preview', { task: 'validity', judge: { preset: 'conversation-validity' }, itemId: ws.itemId(ID) });
    const content = chat.request!.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
    expect(content).toContain(`Agent calls Lookup Order({"orderId":${ID}})`);
    expect(content).toContain(`Tool output: {"orderId":${ID},"parcel":90071992547409931}`);
  });
});
