import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const release = (name: string) => path.join(RELEASES, name);
const supportMapping = () => JSON.parse(fs.readFileSync(release('support-log.mapping.json'), 'utf8')) as Record<string, unknown>;

describe('saved import mappings', () => {
  it('saves a mapping by name, lists it beside the presets, and imports with it by name', async () => {
    ws = await annotationWorkspace([]);
    expect(await ws.api('mappings.save', { mapping: supportMapping() })).toEqual({ name: 'support-log', status: 'created' });
    expect(await ws.api('mappings.save', { mapping: { ...supportMapping(), description: 'v2' } })).toEqual({ name: 'support-log', status: 'replaced' });
    const list = await ws.api('mappings.list', {});
    expect(list.map((m) => [m.name, m.preset])).toEqual([
      ['support-log', false],
      ['tau-bench', true],
      ['worfbench', true],
      ['judge-bench', true],
      ['otlp-genai', true],
      ['agent-s', true],
      ['sharegpt', true],
    ]);
    expect((await ws.api('mappings.get', { name: 'support-log' })).mapping).toMatchObject({ name: 'support-log', description: 'v2', kind: 'conversation' });
    expect((await ws.api('mappings.get', { name: 'tau-bench' })).mapping).toMatchObject({ expectedTrace: { path: 'info.task.actions', name: 'name', arguments: 'kwargs' } });
    const report = await ws.api('datasets.import', { sources: [{ path: release('support-log.jsonl') }], mapping: 'support-log' });
    expect([report.files[0]!.status, report.files[0]!.imported]).toEqual(['imported', 3]);
  });

  it('refuses a preset name, a mapping that is not one, and an unknown saved name', async () => {
    ws = await annotationWorkspace([]);
    await expect(ws.api('mappings.save', { mapping: { ...supportMapping(), name: 'sharegpt' } })).rejects.toThrow(/is a preset's name/);
    await expect(ws.api('mappings.save', { mapping: { ...supportMapping(), kind: 'poem' } })).rejects.toThrow(/kind: must be "conversation" or "graph"/);
    await expect(ws.api('datasets.import', { sources: [{ path: release('support-log.jsonl') }], mapping: 'nope' })).rejects.toThrow(/no saved mapping named "nope"/);
    await expect(ws.api('mappings.save', { mapping: supportMapping() }, 'ana')).rejects.toThrow();
  });
});

describe('previewing a mapping on a file', () => {
  it('proposes the preset that recognises the file and shows what it makes of the first records', async () => {
    ws = await annotationWorkspace([]);
    const preview = await ws.api('mappings.preview', { source: { path: release('tau-bench-trajectories.json') }, records: 2 });
    expect(preview.recognised).toEqual({ as: 'preset', preset: 'tau-bench' });
    expect([preview.framing, preview.records.length, preview.moreRecords]).toEqual(['json-array', 2, true]);
    expect(preview.mapping?.name).toBe('tau-bench');
    expect(preview.items.map((i) => [i.record, i.externalId, i.summary, i.problem])).toEqual([
      [1, 'task-0-trial-0', '19 turns, 6 tool calls, 2 expected calls', null],
      [2, 'task-0-trial-1', '14 turns, 4 tool calls, 2 expected calls', null],
    ]);
  });

  it('says an unknown file is unknown, and shows a mapping that cannot read a record with the record, path and what was there', async () => {
    ws = await annotationWorkspace([]);
    const unknown = await ws.api('mappings.preview', { source: { path: release('support-log.jsonl') } });
    expect([unknown.recognised, unknown.mapping, unknown.items]).toEqual([{ as: 'unknown' }, null, []]);
    const mapping = { ...supportMapping(), id: 'session.ref' };
    const preview = await ws.api('mappings.preview', { source: { path: release('support-log.jsonl') }, mapping });
    expect(preview.items.map((i) => [i.record, i.externalId, i.problem])).toEqual([
      [1, 'S-100', null],
      [2, 'S-101', null],
      [3, null, 'record 3: session.ref: expected the conversation id, found session is an object with fields bot'],
    ]);
  });

  it('names the field once when what a mapping read is the wrong shape for a conversation', async () => {
    ws = await annotationWorkspace([]);
    const base = supportMapping();
    // Each turn's `who` (a string) read as its tool calls, which must be a list.
    const mapping = { ...base, messages: { ...(base.messages as object), toolCalls: 'who' } };
    const preview = await ws.api('mappings.preview', { source: { path: release('support-log.jsonl') }, mapping });
    expect(preview.items[0].problem).toBe('record 1: messages[1].tool_calls: expected an array, found "bot"');
  });
});
