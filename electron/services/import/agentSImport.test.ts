import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../core/formats/conversations/model';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

/** Agent-S sessions (fixtures/releases/agent-s-sessions.jsonl, written for Accord) import unchanged, recognised or forced. */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const FILE = path.join(RELEASES, 'agent-s-sessions.jsonl');
const importFile = async (file: string, extra: { preset?: string; dataset?: string } = {}) => (await ws.api('datasets.import', { sources: [{ path: file }], ...extra })).files[0]!;
const sessionOf = async (id: string) => {
  const detail = await ws.api('items.get', { id: ws.itemId(id) });
  return { detail, sop: (detail.payload as Conversation).sopExecution! };
};

describe('Agent-S sessions', () => {
  it('import with a plain import and with --preset agent-s: one conversation per session, SOP and model as metadata', async () => {
    ws = await annotationWorkspace([]);
    const plain = await importFile(FILE);
    expect([plain.status, plain.format, plain.kind, plain.imported]).toEqual(['imported', 'preset:agent-s', 'conversation', 6]);
    const forced = await importFile(FILE, { preset: 'agent-s', dataset: 'forced' });
    expect([forced.status, forced.format, forced.imported]).toEqual(['imported', 'preset:agent-s', 6]);
    const page = await ws.api('items.list', { offset: 0, limit: 20 });
    expect([...new Set(page.rows.map((r) => r.externalId))].sort()).toEqual(['s-101', 's-102', 's-103', 's-201', 's-202', 's-203']);
    const { detail } = await sessionOf('s-202');
    expect(detail.metadata).toMatchObject({ sop: 'listing-blocked', model: 'llama-3.1-70b', stepCount: 7, failedSteps: 1, continuedPastFailure: false });
  });

  it('reads the same sessions written as one JSON array', async () => {
    ws = await annotationWorkspace([]);
    const records = fs.readFileSync(FILE, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);
    const report = await importFile(ws.file('agent-s-sessions.json', JSON.stringify(records, null, 2)));
    expect([report.status, report.format, report.imported]).toEqual(['imported', 'preset:agent-s', 6]);
    expect((await sessionOf('s-103')).sop.rule.ruledSteps).toEqual([2, 3]);
  });

  it('keeps the SOP as an outline, each step with its type and status, and applies the continuation rule', async () => {
    ws = await annotationWorkspace([]);
    await importFile(FILE);
    const { detail, sop } = await sessionOf('s-103');
    expect(sop.outline.map((l) => `${'  '.repeat(l.depth)}${l.label ?? '·'}`)).toEqual(['·', '1', '2', '  2.1', '    2.1.a', '    2.1.b', '  2.2', '    2.2.a', '3']);
    expect(sop.steps.map((s) => [s.state, s.type, s.status, s.outlineLine])).toEqual([
      ['1', 'ask_user_input', 'success', 1],
      ['2', 'api_call', 'fail', 2],
      ['2.2.a', 'message_to_user', 'success', 7],
      ['3', 'message_to_user', 'success', 8],
    ]);
    expect(sop.rule).toMatchObject({ failedStep: 1, ruledSteps: [2, 3] });
    expect(detail.findings.map((f) => [f.validator, f.severity, f.location])).toEqual([['sop-continued-after-failure', 'warning', { turn: 1 }]]);
    // A retried failure (s-102) and one followed by external knowledge (s-202) are handled: no rule, no finding.
    for (const id of ['s-102', 's-202']) {
      const handled = await sessionOf(id);
      expect(handled.sop.rule.failedStep).toBeNull();
      expect(handled.detail.findings).toEqual([]);
    }
  });

  it('rejects a session it cannot read with the record number, the path and what was there, and imports nothing', async () => {
    ws = await annotationWorkspace([]);
    const lines = fs.readFileSync(FILE, 'utf8').trim().split('\n');
    const third = JSON.parse(lines[2]!) as { execution_memory: Record<string, unknown>[] };
    third.execution_memory[1]!.status = 'pending';
    const broken = ws.file('broken-sessions.jsonl', [lines[0], lines[1], JSON.stringify(third)].join('\n'));
    const report = await importFile(broken, { preset: 'agent-s' });
    expect(report.status).toBe('rejected');
    expect(report.errors[0]).toMatchObject({ line: 3, message: 'record 3: execution_memory[1].status: expected "success" or "fail", found "pending"' });
    expect((await ws.api('items.list', { offset: 0, limit: 5 })).rows).toEqual([]);
  });
});
