import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkspace } from '../../db/copy/workspaceCopy';
import { annotationWorkspace, LABELS_CSV_SCHEMA } from '../testing/annotationWorkspace';
import { runAccord } from '../testing/cliRun';
import { FORMATS } from '../testing/fixtures';
import { usePostgres } from '../testing/postgres';

// The annotation commands on a PostgreSQL workspace (issue 16): `-w postgres://…` creates and
// lists tasks, imports and exports labels and gold, and measures agreement, as on a file.

const postgres = usePostgres({ beforeAll, afterAll });
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-pg-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A PostgreSQL workspace holding the plans and chat conversations fixtures (copied up from a file). */
async function database(): Promise<string> {
  const local = await annotationWorkspace();
  try {
    const url = await postgres.current.createDatabase();
    await copyWorkspace(local.ctx.workspacePath, url);
    return url;
  } finally {
    local.dispose();
  }
}

describe('annotation commands with -w postgres://…', () => {
  it('create and list tasks, import and export labels and gold, and measure agreement', async () => {
    const url = await database();
    const schema = path.join(dir, 'schema.json');
    fs.writeFileSync(schema, JSON.stringify(LABELS_CSV_SCHEMA));
    const created = await runAccord(['task', 'create', '--name', 'shared', '--schema', schema, '--dataset', 'conversations-chat,plans', '--seed', '1', '-w', url, '--json']);
    expect(created.stderr).toBe('');
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'shared' });
    const listed = await runAccord(['task', 'list', '-w', url, '--json']);
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((t) => t.name)).toEqual(['shared']);

    const labels = path.join(FORMATS, 'labels.csv');
    const imported = await runAccord(['labels', 'import', labels, '--task', 'shared', '-w', url, '--json']);
    expect(JSON.parse(imported.stdout)).toMatchObject({ status: 'imported', added: 8, newRaters: ['ana', 'ben'] });
    const exported = await runAccord(['labels', 'export', '--task', 'shared', '--format', 'csv', '-w', url]);
    expect(exported.stdout).toBe(fs.readFileSync(labels, 'utf8'));
    expect((await runAccord(['labels', 'import', labels, '--task', 'shared', '-w', url])).stdout).toMatch(/nothing changed/);

    const gold = await runAccord(['labels', 'export', '--gold', '--task', 'shared', '-w', url]);
    expect(gold.code).toBe(0);
    expect(gold.stdout.split('\n')[0]).toBe('item,dataset,unit,question,gold,source,adjudicator,note,time,edits,edit_log');

    const agreement = await runAccord(['agreement', '--task', 'shared', '-w', url, '--json', '--bootstrap', '0']);
    expect(agreement.stderr).toBe('');
    expect(JSON.parse(agreement.stdout)).toMatchObject({ task: { name: 'shared' } });
  });

  it('refuse an annotator the labels export, as on a file', async () => {
    const url = await database();
    await runAccord(['task', 'create', '--name', 'q', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'ana', '-w', url]);
    const run = await runAccord(['--as', 'ana', 'labels', 'export', '--task', 'q', '--format', 'csv', '-w', url]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/labels\.export is for adjudicators/);
  });
});
