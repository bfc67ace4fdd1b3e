import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../testing/fixtures';
import { LABELS_CSV_SCHEMA } from '../testing/annotationWorkspace';
import { runAccord } from '../testing/cliRun';

// The annotation commands in-process (same program as the binary, output captured).
let dir: string;
let workspace: string;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-annotation-'));
  workspace = path.join(dir, 'w.accord');
  expect((await accord('import', example('plans.jsonl'), example('conversations-chat.jsonl'), '-w', workspace)).code).toBe(0);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const example = (name: string) => path.join(FORMATS, name);
function accord(...args: string[]) {
  return runAccord([...args]);
}
const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};
const sharedTask = () => accord('task', 'create', '--name', 'shared', '--schema', write('schema.json', JSON.stringify(LABELS_CSV_SCHEMA)), '--dataset', 'conversations-chat,plans', '-w', workspace);

describe('accord task create', () => {
  it('creates a task from a preset and prints it as JSON', async () => {
    const run = await accord('task', 'create', '--name', 'quality', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'ana,ben', '--seed', '3', '-w', workspace, '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      id: 1,
      name: 'quality',
      schema: { id: 'plan-quality', version: 1 },
      items: 3,
      annotators: ['ana', 'ben'],
      overlap: 'all',
      perItem: 2,
      seed: 3,
      blind: true,
      state: 'active',
      progress: [
        { annotator: 'ana', assigned: 3, submitted: 0 },
        { annotator: 'ben', assigned: 3, submitted: 0 },
      ],
    });
  });

  it('makes the overlap fixed when --per-item is given, and takes a schema file', async () => {
    const run = await accord('task', 'create', '--name', 'v', '--schema', 'conversation-validity', '--dataset', 'conversations-chat', '--annotators', 'ana,ben,cy', '--per-item', '2', '-w', workspace, '--json');
    expect(JSON.parse(run.stdout)).toMatchObject({ overlap: 'fixed', perItem: 2, items: 2 });
    expect((await sharedTask()).stdout).toMatch(/^Created task "shared": 5 items, schema shared-labels v1/);
    const list = await accord('task', 'list', '-w', workspace);
    expect(list.stdout).toContain('shared  shared-labels v1  5 items');
  });

  it('exits 1 with the presets listed for an unknown schema, and on bad numbers', async () => {
    const run = await accord('task', 'create', '--name', 't', '--schema', 'plan-qualty', '--dataset', 'plans', '-w', workspace);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'accord: unknown schema "plan-qualty": not a preset (sop-graph-review, plan-quality, plan-step-tags, plan-metrics, workflow-trim, conversation-quality, conversation-validity, agent-s-step-review) and no such file\n',
    );
    expect((await accord('task', 'create', '--name', 't', '--schema', 'plan-quality', '--dataset', 'plans', '--per-item', 'two', '-w', workspace)).stderr).toMatch(/--per-item must be a whole number/);
    expect((await accord('task', 'create', '--name', 't', '--schema', 'plan-quality', '--dataset', 'nope', '-w', workspace)).stderr).toMatch(/no dataset named "nope"/);
    expect((await accord('task', 'create', '--schema', 'plan-quality', '--dataset', 'plans', '-w', workspace)).code).toBe(1);
  });
});

describe('accord labels', () => {
  it('imports labels.csv and exports it back exactly, to stdout or --out', async () => {
    await sharedTask();
    const imported = await accord('labels', 'import', example('labels.csv'), '--task', 'shared', '-w', workspace, '--json');
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ status: 'imported', added: 8, newRaters: ['ana', 'ben'] });
    const exported = await accord('labels', 'export', '--task', 'shared', '--format', 'csv', '-w', workspace);
    expect(exported).toMatchObject({ code: 0, stdout: fs.readFileSync(example('labels.csv'), 'utf8') });
    const out = path.join(dir, 'out.jsonl');
    const toFile = await accord('labels', 'export', '--task', 'shared', '--format', 'jsonl', '--out', out, '-w', workspace, '--json');
    expect(JSON.parse(toFile.stdout)).toEqual({ task: 'shared', format: 'jsonl', rows: 8, out });
    expect(fs.readFileSync(out, 'utf8').split('\n')).toHaveLength(9);
    expect((await accord('labels', 'import', example('labels.csv'), '--task', 'shared', '-w', workspace)).stdout).toMatch(/nothing changed/);
  });

  it('exits 2 on a rejected file, naming file:line and what is wrong', async () => {
    await sharedTask();
    const bad = write('bad.csv', 'item,unit,question,rater,value,rationale\nq-999,,overall_quality,ana,Good,\nq-003,,overall_quality,ana,Great,\n');
    const run = await accord('labels', 'import', bad, '--task', 'shared', '-w', workspace);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`${bad}:2 — item "q-999" is not in task "shared"\n`);
    expect(run.stdout).toContain(`${bad}:3 — overall_quality: "Great" is not one of "Extremely Bad"`);
    expect(run.stdout).toContain('rejected, no labels imported');
  });

  it('exits 1 for an unknown task or a missing format', async () => {
    const run = await accord('labels', 'import', example('labels.csv'), '--task', 'nope', '-w', workspace);
    expect(run).toMatchObject({ code: 1, stderr: 'accord: no task named "nope" (tasks: none yet)\n' });
    expect((await accord('labels', 'export', '--task', 'nope', '-w', workspace)).stderr).toMatch(/--format is required/);
    expect((await accord('labels', 'export', '--task', 'x', '--format', 'xml', '-w', workspace)).stderr).toMatch(/--format must be csv or jsonl/);
  });
});

describe('accord pack', () => {
  it('exports one annotator’s labels and imports them into another workspace, idempotently', async () => {
    await sharedTask();
    await accord('labels', 'import', example('labels.csv'), '--task', 'shared', '-w', workspace);
    const pack = path.join(dir, 'ana.pack.json');
    const exported = await accord('pack', 'export', '--task', 'shared', '--annotator', 'ana', '--out', pack, '-w', workspace, '--json');
    expect(JSON.parse(exported.stdout)).toEqual({ task: 'shared', annotator: 'ana', labels: 4, out: pack });

    const other = path.join(dir, 'other.accord');
    await accord('import', example('plans.jsonl'), example('conversations-chat.jsonl'), '-w', other);
    await accord('task', 'create', '--name', 'shared', '--schema', path.join(dir, 'schema.json'), '--dataset', 'conversations-chat,plans', '-w', other);
    const first = await accord('pack', 'import', pack, '-w', other, '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: 'imported', applied: 4, refused: [] });
    const again = await accord('pack', 'import', pack, '-w', other);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toMatch(/nothing new from ana/);
    const anaOnly = (await accord('labels', 'export', '--task', 'shared', '--format', 'csv', '-w', other)).stdout;
    expect(anaOnly.split('\n').filter((l) => l.includes(',ana,'))).toHaveLength(4);
  });

  it('exits 2 when labels are refused because their item changed', async () => {
    await sharedTask();
    await accord('labels', 'import', example('labels.csv'), '--task', 'shared', '-w', workspace);
    const pack = path.join(dir, 'ana.pack.json');
    await accord('pack', 'export', '--task', 'shared', '--annotator', 'ana', '--out', pack, '-w', workspace);
    const other = path.join(dir, 'other.accord');
    const plans = write('plans.jsonl', fs.readFileSync(example('plans.jsonl'), 'utf8').replace('"query_id": "q-003", "query": "', '"query_id": "q-003", "query": "Edited: '));
    await accord('import', plans, example('conversations-chat.jsonl'), '-w', other);
    await accord('task', 'create', '--name', 'shared', '--schema', path.join(dir, 'schema.json'), '--dataset', 'conversations-chat,plans', '-w', other);
    const run = await accord('pack', 'import', pack, '-w', other);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/2 applied/);
    expect(run.stdout).toMatch(/refused q-003 overall_quality: item q-003 changed since these labels were made/);
    expect((await accord('pack', 'import', path.join(dir, 'missing.json'), '-w', other)).stderr).toMatch(/cannot read .*missing.json: no such file/);
  });
});

describe('--as: who the command acts for', () => {
  it('acts as the workspace lead by default, and as the named person with --as, under the same access rules', async () => {
    expect((await sharedTask()).code).toBe(0);
    expect((await accord('labels', 'import', example('labels.csv'), '--task', 'shared', '-w', workspace)).code).toBe(0);
    // The default (the owner, acting as lead) and a named lead both export every rater's labels.
    expect((await accord('labels', 'export', '--task', 'shared', '--format', 'csv', '-w', workspace)).code).toBe(0);
    // An annotator named with --as is refused, saying why and who they are.
    const refused = await accord('--as', 'ana', 'labels', 'export', '--task', 'shared', '--format', 'csv', '-w', workspace);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("the labels export holds every rater's labels");
    expect(refused.stderr).toContain('ana is an annotator');
    // Someone the workspace does not know gets nothing but the public commands.
    const stranger = await accord('--as', 'zoe', 'labels', 'export', '--task', 'shared', '--format', 'csv', '-w', workspace);
    expect(stranger.stderr).toContain('"zoe" is not a person of this workspace yet');
  });
});

describe('accord datasets', () => {
  it('deletes to the trash saying what goes (a dry run first), restores every label, and purges only with --yes', async () => {
    expect((await sharedTask()).code).toBe(0);
    expect((await accord('labels', 'import', example('labels.csv'), '--task', 'shared', '-w', workspace)).code).toBe(0);
    const exported = (await accord('labels', 'export', '--task', 'shared', '--format', 'csv', '-w', workspace)).stdout;

    const dry = await accord('datasets', 'delete', 'plans', '--dry-run', '-w', workspace);
    expect(dry).toMatchObject({ code: 0 });
    expect(dry.stdout).toMatch(/^Deleting "plans" would move to the trash:\n {2}3 items and \d+ findings\n {2}\d+ labels? by /);
    expect(dry.stdout).toContain('(dry run: nothing changed)');
    expect((await accord('datasets', 'list', '-w', workspace)).stdout).toContain('plans  plan  3 items');

    const deleted = await accord('datasets', 'delete', 'plans', '-w', workspace);
    expect(deleted.stdout).toContain('Moved "plans" to the trash, with:');
    expect((await accord('datasets', 'list', '-w', workspace)).stdout).not.toContain('plans');
    expect((await accord('datasets', 'trash', '-w', workspace)).stdout).toMatch(/^plans {2}deleted /);
    // An annotator cannot delete or restore.
    expect((await accord('--as', 'ana', 'datasets', 'restore', 'plans', '-w', workspace)).stderr).toContain('ana is an annotator');

    expect((await accord('datasets', 'restore', 'plans', '-w', workspace)).stdout).toBe('Restored "plans".\n');
    expect((await accord('labels', 'export', '--task', 'shared', '--format', 'csv', '-w', workspace)).stdout).toBe(exported);

    await accord('datasets', 'delete', 'plans', '-w', workspace);
    const refused = await accord('datasets', 'purge', 'plans', '-w', workspace);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/purging "plans" deletes for good:[\s\S]*pass --yes/);
    const purged = await accord('datasets', 'purge', 'plans', '--yes', '-w', workspace);
    expect(purged.stdout).toMatch(/^Deleted "plans" for good\. Backup taken just before: .*before-purge-dataset-plans\.accord\n$/);
    expect((await accord('datasets', 'trash', '-w', workspace)).stdout).toBe('the trash is empty\n');
  });
});
