import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationWorkspace } from '../testing/annotationWorkspace';
import { runAccord } from '../testing/cliRun';
import { ENGINES, useEngines } from '../testing/engines';

// A lead's commands for people and invites with -w FILE and -w postgres://… (issue 16): the same
// output from a workspace file and from a PostgreSQL workspace.

const engines = useEngines({ beforeAll, afterAll, afterEach });

async function people(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 1 });
  await local.api('tasks.assign', { task: 'quality', annotators: ['Ana'], force: true });
  await local.api('labels.save', { task: 'quality', itemId: local.itemId('q-002'), question: 'overall_quality', value: 'Bad' }, 'Ana');
}

describe.each(ENGINES)('on %s', (engine) => {
  it('accord invite create, list and revoke', async () => {
    const ws = await engines.open(engine, ['plans.jsonl'], people);
    const accord = (...args: string[]) => runAccord([...args, '-w', ws.ctx.workspacePath]);
    const created = await accord('invite', 'create', '--person', 'ben', '--expires', '3d', '--url-base', 'https://accord.example.org/');
    expect([created.code, created.stderr]).toEqual([0, '']);
    expect(created.stdout).toMatch(/^Invite 1 for ben \(annotator\), until \S+\n {2}https:\/\/accord\.example\.org\/#invite=[0-9a-f]{64}&route=\/tasks\n/);
    expect((await accord('invite', 'list')).stdout).toMatch(/^1 {2}ben {2}annotator {2}active {2}expires \S+\n$/);
    expect((await accord('invite', 'revoke', '1')).stdout).toBe('Revoked invite 1 (ben): the link no longer works. Their labels stay.\n');
    expect((await accord('invite', 'revoke', '7')).stderr).toContain('no invite 7');
    expect((await accord('--as', 'ana', 'invite', 'list')).stderr).toContain('invites.list is for leads');
  });

  it('accord annotators rename, deactivate and merge', async () => {
    const ws = await engines.open(engine, ['plans.jsonl'], people);
    const accord = (...args: string[]) => runAccord([...args, '-w', ws.ctx.workspacePath]);
    expect((await accord('annotators', 'rename', 'ben', 'Ben Ito')).stdout).toBe('Renamed "ben" to "Ben Ito".\n');
    expect((await accord('annotators', 'deactivate', 'Ben Ito')).stdout).toBe('Deactivated "Ben Ito": their labels stay; they can no longer act or be assigned.\n');
    const dry = await accord('annotators', 'merge', 'Ana', 'ana', '--dry-run', '--json');
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, plan: { from: 'Ana', into: 'ana', moving: 1, identical: 0, conflicts: [], tasks: ['quality'] } });
    expect((await accord('annotators', 'merge', 'Ana', 'ana')).stderr).toContain('pass --yes to merge');
    const merged = await accord('annotators', 'merge', 'Ana', 'ana', '--yes', '--json');
    expect(JSON.parse(merged.stdout)).toMatchObject({ from: 'Ana', into: 'ana', moving: 1, rule: null, tookFrom: 0 });
    const listed = JSON.parse((await accord('annotators', 'list', '--json')).stdout) as { name: string; active: boolean }[];
    expect(listed.map((a) => [a.name, a.active])).toEqual([
      ['Ana', false],
      ['Ben Ito', false],
      ['ana', true],
    ]);
  });
});
