import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useEngines } from '../../testing/engines';
import { RELEASES } from '../../testing/fixtures';
import { everyWriteTwice } from '../../testing/writesTwice';
import { dispatch } from '../dispatch';

// Saved import mappings through the query layer: the same answers on a workspace file and on
// PostgreSQL (issue 16).

const engines = useEngines({ beforeAll, afterAll, afterEach });
const supportMapping = () => JSON.parse(fs.readFileSync(path.join(RELEASES, 'support-log.mapping.json'), 'utf8')) as Record<string, unknown>;

describe.each(ENGINES)('on %s', (engine) => {
  it('lists only the presets in a workspace without saved mappings, then saves, replaces and gets one', async () => {
    const ws = await engines.open(engine, []);
    const presets = (await ws.api('mappings.list', {})).map((m) => m.name);
    expect(presets).toEqual(['tau-bench', 'worfbench', 'judge-bench', 'otlp-genai', 'agent-s', 'sharegpt']);
    expect(await ws.api('mappings.save', { mapping: supportMapping() })).toEqual({ name: 'support-log', status: 'created' });
    expect(await ws.api('mappings.save', { mapping: { ...supportMapping(), name: 'a-first', description: 'sorted first' } })).toEqual({ name: 'a-first', status: 'created' });
    expect(await ws.api('mappings.save', { mapping: { ...supportMapping(), description: 'v2' } })).toEqual({ name: 'support-log', status: 'replaced' });
    const list = await ws.api('mappings.list', {});
    // Saved ones by name first, then the presets; the owner (acting as lead) saved them.
    expect(list.map((m) => [m.name, m.preset, m.savedBy, m.description])).toEqual([
      ['a-first', false, null, 'sorted first'],
      ['support-log', false, null, 'v2'],
      ...presets.map((name) => [name, true, null, expect.any(String)]),
    ]);
    expect((await ws.api('mappings.get', { name: 'support-log' })).mapping).toMatchObject({ name: 'support-log', description: 'v2', kind: 'conversation' });
  });

  it('refuses an unknown name, a preset name, and anyone but a lead', async () => {
    const ws = await engines.open(engine, []);
    await expect(ws.api('mappings.get', { name: 'nope' })).rejects.toMatchObject({ code: 'not-found', message: expect.stringMatching(/no mapping named "nope" \(saved: none; presets: tau-bench/) });
    await expect(ws.api('mappings.save', { mapping: { ...supportMapping(), name: 'sharegpt' } })).rejects.toMatchObject({ code: 'conflict' });
    await ws.api('annotators.upsert', { name: 'ana', role: 'annotator' });
    await expect(ws.api('mappings.save', { mapping: supportMapping() }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
    expect((await ws.api('mappings.list', {})).filter((m) => !m.preset)).toEqual([]);
  });

  it('previews a file through a saved mapping named by its name', async () => {
    const ws = await engines.open(engine, []);
    await ws.api('mappings.save', { mapping: supportMapping() });
    const preview = await ws.api('mappings.preview', { source: { path: path.join(RELEASES, 'support-log.jsonl') }, mapping: 'support-log', records: 5 });
    expect(preview.items.map((i) => [i.record, i.externalId, i.problem])).toEqual([
      [1, 'S-100', null],
      [2, 'S-101', null],
      [3, 'session-3', null],
    ]);
  });

  it('with every write run twice (as PostgreSQL runs one again after a serialization failure), a save is recorded once and says what it did', async () => {
    const ws = await engines.open(engine, []);
    const ctx = everyWriteTwice(ws.ctx);
    const save = async (mapping: unknown) => {
      const reply = await dispatch(ctx, 'mappings.save', { mapping }, { owner: true });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.value;
    };
    expect(await save(supportMapping())).toEqual({ name: 'support-log', status: 'created' });
    expect(await save(supportMapping())).toEqual({ name: 'support-log', status: 'replaced' });
    expect((await ws.api('mappings.list', {})).filter((m) => !m.preset).map((m) => m.name)).toEqual(['support-log']);
  });
});
