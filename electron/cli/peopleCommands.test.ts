import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../testing/fixtures';
import { runAccord } from '../testing/cliRun';

// Gold and people, managed, at the command line (issue 13, part 6): `accord labels export
// --gold`, `accord task archive|unarchive|delete|trash|restore|purge`, `accord annotators
// list|rename|deactivate|activate|merge`; each lead action refused for an annotator (--as).
let dir: string;
let workspace: string;

function accord(...args: string[]) {
  return runAccord([...args, '-w', workspace]);
}
/** As someone other than the workspace's owner (who acts as its lead). */
const as = (name: string, ...args: string[]) => accord('--as', name, ...args);

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-people-'));
  workspace = path.join(dir, 'w.accord');
  process.env.ACCORD_BACKUPS = path.join(dir, 'backups');
  expect((await accord('import', path.join(FORMATS, 'plans.jsonl'))).code).toBe(0);
  expect((await accord('task', 'create', '--name', 'quality', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'ana,ben', '--seed', '1')).code).toBe(0);
  const csv = path.join(dir, 'labels.csv');
  fs.writeFileSync(csv, 'item,unit,question,rater,value,rationale\nq-001,,overall_quality,ana,Good,\nq-001,,overall_quality,ben,Bad,\nq-002,,overall_quality,ana,Good,\nq-002,,overall_quality,ben,Good,\n');
  expect((await accord('labels', 'import', csv, '--task', 'quality')).code).toBe(0);
});
afterEach(() => {
  delete process.env.ACCORD_BACKUPS;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('accord labels export --gold', () => {
  it('writes the gold labels as CSV by default, or JSONL, with source, adjudicator, note, time and edits', async () => {
    expect((await as('ana', 'labels', 'export', '--gold', '--task', 'quality')).code).toBe(1);
    const empty = await accord('labels', 'export', '--gold', '--task', 'quality');
    expect(empty).toMatchObject({ code: 0, stdout: 'item,dataset,unit,question,gold,source,adjudicator,note,time,edits,edit_log\n' });
    const out = path.join(dir, 'gold.jsonl');
    // Unanimous answers become gold through the API (no CLI command settles gold).
    const { dispatch } = await import('../services/dispatch');
    const { openSession } = await import('../services/session');
    const session = openSession({ workspacePath: workspace, claim: { owner: true } });
    try {
      const reply = await dispatch(session.ctx, 'adjudication.acceptUnanimous', { task: 'quality' }, { owner: true });
      expect(reply).toMatchObject({ ok: true, value: { accepted: 1 } });
    } finally {
      session.close();
    }
    const run = await accord('labels', 'export', '--gold', '--task', 'quality', '--format', 'jsonl', '--out', out);
    expect(run).toMatchObject({ code: 0, stderr: `1 gold label written to ${out}\n` });
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toMatchObject({ task: 'quality', item: 'q-002', question: 'overall_quality', value: 'Good', source: 'unanimous', edits: [{ value: 'Good' }] });
    expect((await accord('labels', 'export', '--gold', '--task', 'quality', '--format', 'xml')).stderr).toMatch(/--format must be csv or jsonl/);
  });
});

describe('accord task archive / delete / restore / purge', () => {
  it('archives and unarchives; an archived task refuses new labels', async () => {
    expect((await accord('task', 'archive', 'quality')).stdout).toMatch(/^Archived "quality": read-only/);
    expect((await accord('task', 'list')).stdout).toMatch(/^quality \(archived\)/);
    const csv = path.join(dir, 'more.csv');
    fs.writeFileSync(csv, 'item,unit,question,rater,value,rationale\nq-003,,overall_quality,ana,Bad,\n');
    expect((await accord('labels', 'import', csv, '--task', 'quality')).stderr).toMatch(/archived, so it is read-only/);
    expect((await accord('tasks', 'unarchive', 'quality')).stdout).toBe('"quality" is active again.\n');
  });

  it('says what would go with --dry-run, moves to the trash, restores, and purges only with --yes after a backup', async () => {
    const dry = await accord('task', 'delete', 'quality', '--dry-run');
    expect(dry.stdout).toBe(
      'Deleting "quality" would move to the trash:\n' +
        '  the queues of 2 annotators over 3 items (the items stay in their datasets)\n' +
        '  4 labels by ana (2), ben (2), with 4 recorded changes\n' +
        '  4 submitted items\n' +
        '(dry run: nothing changed)\n',
    );
    expect((await accord('task', 'delete', 'quality')).stdout).toMatch(/^Moved "quality" to the trash, with:\n[\s\S]*Nothing is lost: accord task restore "quality" brings it back\.\n$/);
    expect((await accord('task', 'list')).stdout).toMatch(/no tasks yet/);
    expect((await accord('task', 'trash')).stdout).toMatch(/^quality {2}deleted /);
    expect((await accord('task', 'restore', 'quality')).stdout).toBe('Restored "quality".\n');
    expect((await accord('labels', 'export', '--task', 'quality', '--format', 'csv')).stdout.trim().split('\n')).toHaveLength(5);
    await accord('task', 'delete', 'quality');
    const refused = await accord('task', 'purge', 'quality');
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/purging "quality" deletes for good:\n[\s\S]*pass --yes/) });
    const purged = await accord('task', 'purge', 'quality', '--yes');
    expect(purged.stdout).toMatch(/^Deleted "quality" for good\. Backup taken just before: .*before-purge-task-quality\.accord\n$/);
    expect((await accord('task', 'trash')).stdout).toBe('no task in the trash\n');
  });
});

describe('accord annotators', () => {
  it('lists, renames, deactivates and activates', async () => {
    expect((await accord('annotators', 'list')).stdout).toBe('ana  annotator  active\nben  annotator  active\n');
    expect((await accord('annotators', 'rename', 'ben', 'Ana')).stderr).toMatch(/"Ana" differs from the existing annotator "ana" only by case or spacing; use "ana", or pass force \(--force\)/);
    expect((await accord('annotators', 'rename', 'ben', 'benedict')).stdout).toBe('Renamed "ben" to "benedict".\n');
    expect((await accord('annotators', 'deactivate', 'benedict')).stdout).toMatch(/^Deactivated "benedict": their labels stay/);
    expect((await accord('annotators', 'list')).stdout).toBe('ana  annotator  active\nbenedict  annotator  inactive\n');
    expect((await as('benedict', 'pack', 'export', '--task', 'quality', '--annotator', 'benedict', '--out', path.join(dir, 'b.pack.json'))).stderr).toMatch(/"benedict" is deactivated/);
    await accord('annotators', 'activate', 'benedict');
    expect((await accord('annotators', 'list')).stdout).toContain('benedict  annotator  active');
  });

  // A team server has no "Who are you?": its adjudicators and further leads get their role here
  // (or in People) before their invite.
  it('adds a person with a role, changes a role, and refuses a role that is none', async () => {
    expect((await accord('annotators', 'add', 'ada', '--role', 'adjudicator')).stdout).toBe(`Added "ada" as adjudicator. Invite them: accord invite create --person ada -w ${JSON.stringify(workspace)}\n`);
    expect((await accord('annotators', 'add', 'ada', '--role', 'adjudicator')).stdout).toBe('"ada" is already adjudicator.\n');
    expect((await accord('annotators', 'add', 'ben', '--role', 'lead')).stdout).toBe('"ben" is now lead (was annotator).\n');
    expect((await accord('annotators', 'add', 'cy')).stdout).toBe(`Added "cy" as annotator. Invite them: accord invite create --person cy -w ${JSON.stringify(workspace)}\n`);
    const bad = await accord('annotators', 'add', 'dee', '--role', 'boss');
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('--role must be annotator, adjudicator, lead, not "boss"')]);
    expect((await accord('annotators', 'add', 'Ana')).stderr).toMatch(/"Ana" differs from the existing annotator "ana" only by case or spacing/);
    expect((await accord('annotators', 'list')).stdout).toBe('ada  adjudicator  active\nana  annotator  active\nben  lead  active\ncy  annotator  active\n');
  });

  it('refuses a lookalike new name at task creation unless --force', async () => {
    const run = await accord('task', 'create', '--name', 'second', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'Ana');
    expect(run).toMatchObject({ code: 1, stderr: expect.stringMatching(/"Ana" differs from the existing annotator "ana" only by case or spacing/) });
    expect((await accord('task', 'create', '--name', 'second', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'Ana', '--force')).code).toBe(0);
  });

  it('merges two records of one person: says what moves, needs --yes and a rule for differing labels', async () => {
    const csv = path.join(dir, 'ana2.csv');
    fs.writeFileSync(csv, 'item,unit,question,rater,value,rationale\nq-001,,overall_quality,ana2,Bad,\nq-003,,overall_quality,ana2,Acceptable,\n');
    await accord('labels', 'import', csv, '--task', 'quality');
    const dry = await accord('annotators', 'merge', 'ana2', 'ana', '--dry-run');
    expect(dry.stdout).toBe(
      'Merging "ana2" into "ana":\n' +
        '  1 label moves from "ana2" to "ana"\n' +
        '  0 labels both gave alike (the one of "ana" is kept)\n' +
        '  2 submissions; tasks: quality; 0 gold decisions credited to "ana"\n' +
        '  1 label differs:\n' +
        `    quality q-001 overall_quality: "ana2" Bad (${dry.stdout.match(/Bad \((\S+)\)/)![1]}) vs "ana" Good (${dry.stdout.match(/Good \((\S+)\)/)![1]})\n` +
        '(dry run: nothing changed)\n',
    );
    expect((await accord('annotators', 'merge', 'ana2', 'ana')).stderr).toMatch(/pass --yes to merge, with --conflicts keep-into\|keep-from\|keep-newest/);
    expect((await accord('annotators', 'merge', 'ana2', 'ana', '--yes')).stderr).toMatch(/say which to keep: keep-into, keep-from or keep-newest/);
    const merged = await accord('annotators', 'merge', 'ana2', 'ana', '--yes', '--conflicts', 'keep-into');
    expect(merged.stdout).toMatch(/^Merged "ana2" into "ana":[\s\S]*0 of the differing labels took the answer of "ana2" \(keep-into\)/);
    expect((await accord('annotators', 'list')).stdout).toBe('ana  annotator  active\nana2  annotator  merged into ana\nben  annotator  active\n');
  });

  it('every lead action is refused for an annotator', async () => {
    for (const args of [
      ['annotators', 'add', 'zed', '--role', 'lead'],
      ['annotators', 'rename', 'ben', 'benedict'],
      ['annotators', 'deactivate', 'ben'],
      ['annotators', 'activate', 'ben'],
      ['annotators', 'merge', 'ben', 'ana', '--yes', '--conflicts', 'keep-into'],
      ['task', 'archive', 'quality'],
      ['task', 'unarchive', 'quality'],
      ['task', 'delete', 'quality'],
      ['task', 'delete', 'quality', '--dry-run'],
      ['task', 'trash'],
      ['task', 'restore', 'quality'],
      ['task', 'purge', 'quality', '--yes'],
    ]) {
      const run = await as('ana', ...args);
      expect([args.join(' '), run.code, run.stderr]).toEqual([args.join(' '), 1, expect.stringMatching(/ is for leads; ana is an annotator/)]);
    }
    expect((await accord('annotators', 'list')).stdout).toBe('ana  annotator  active\nben  annotator  active\n');
    expect((await accord('task', 'list')).stdout).toMatch(/^quality {2}/);
  });
});
