import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RELEASES } from '../testing/fixtures';
import { runAccord } from '../testing/cliRun';

// `accord import` with presets and mappings, in process through the real program.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-presets-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args, '-w', path.join(dir, 'w.accord')]);
}

describe('accord import with presets and mappings', () => {
  it('lists the presets, prints one as a mapping to copy, and refuses an unknown one', async () => {
    const list = await accord('import', '--preset', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').map((l) => l.split(/\s+/)[0]).filter(Boolean)).toEqual(['tau-bench', 'worfbench', 'judge-bench', 'otlp-genai', 'agent-s', 'sharegpt']);
    const show = await accord('import', '--preset', 'tau-bench', '--show');
    expect(JSON.parse(show.stdout)).toMatchObject({ format: 'accord.mapping', name: 'tau-bench', expectedTrace: { path: 'info.task.actions' } });
    const unknown = await accord('import', path.join(RELEASES, 'sharegpt-chats.json'), '--preset', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toContain('no preset named "nope" (have: tau-bench, worfbench, judge-bench, otlp-genai, agent-s, sharegpt)');
  });

  it('says what the JUDGE-BENCH import made, and refuses a mapping file with problems, naming them', async () => {
    const judged = await accord('import', path.join(RELEASES, 'judge-bench-support.json'));
    expect(judged.stdout).toContain('6 conversations (preset:judge-bench) into "judge-bench-support"');
    expect(judged.stdout).toContain('task "judge-bench-support": 2 questions, 3 raters (anonymous slots), 34 labels');
    const bad = path.join(dir, 'bad.mapping.json');
    fs.writeFileSync(bad, JSON.stringify({ name: 'x', kind: 'conversation', id: 'id' }));
    const refused = await accord('import', path.join(RELEASES, 'support-log.jsonl'), '--mapping', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.mapping.json: not a valid mapping: messages: must say where the messages are');
  });
});
