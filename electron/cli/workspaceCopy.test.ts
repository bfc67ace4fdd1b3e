import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../testing/fixtures';
import { runAccord } from '../testing/cliRun';

// `accord workspace copy` as a user runs it (the engine work is tested in db/copy/).
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-copy-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => runAccord(args);

describe('accord workspace copy', () => {
  it('copies a workspace file to a new one and says what arrived, checked', async () => {
    const source = path.join(dir, 'source.accord');
    expect((await run('import', path.join(FORMATS, 'plans.jsonl'), '-w', source)).code).toBe(0);
    const copied = await run('workspace', 'copy', '--from', source, '--to', path.join(dir, 'copy.accord'));
    expect(copied).toMatchObject({ code: 0, stderr: '' });
    expect(copied.stdout).toMatch(/^Copied .*source\.accord to .*copy\.accord \(schema \d+\): \d+ tables, 9 rows\.\n/);
    expect(copied.stdout).toMatch(/^ {2}items +3 rows {2}sha256 [0-9a-f]{16}…$/m);
    expect(copied.stdout).toMatch(/^ {2}datasets +1 row {3}sha256 /m);
    expect(copied.stdout).toMatch(/counts and content hashes match\.\n$/);

    const json = await run('workspace', 'copy', '-w', source, '--to', path.join(dir, 'json.accord'), '--json');
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout) as { rows: number; hashesMatch: boolean; tables: { table: string; rows: number; sha256: string }[] };
    expect(summary).toMatchObject({ rows: 9, hashesMatch: true });
    expect(summary.tables.find((t) => t.table === 'items')).toMatchObject({ rows: 3, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("says which sign-ins it left behind (a team server's sessions stay with it)", async () => {
    const source = path.join(dir, 'signed-in.accord');
    expect((await run('import', path.join(FORMATS, 'plans.jsonl'), '-w', source)).code).toBe(0);
    const db = new Database(source);
    const ana = db.prepare("INSERT INTO annotators (name, role, created_at) VALUES ('ana', 'annotator', 'now')").run().lastInsertRowid;
    const invite = db.prepare(`INSERT INTO invites (token_sha256, annotator_id, role, created_at, expires_at) VALUES ('${'a'.repeat(64)}', ?, 'annotator', 'now', '2099-01-01')`).run(ana).lastInsertRowid;
    for (const c of 'bc') db.prepare(`INSERT INTO team_sessions (token_sha256, invite_id, created_at) VALUES ('${c.repeat(64)}', ?, 'now')`).run(invite);
    db.close();
    const copied = await run('workspace', 'copy', '--from', source, '--to', path.join(dir, 'home.accord'));
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(/\nNot copied: team_sessions \(2 rows\): sign-ins to the team's servers stay with them: people sign in to a copy again with their invite links\.\n$/);
  });

  it('refuses what it cannot do, saying that nothing was written', async () => {
    const source = path.join(dir, 'source.accord');
    const existing = await run('workspace', 'copy', '--from', source, '--to', path.join(dir, 'copy.accord'));
    expect(existing.code).toBe(1);
    expect(existing.stderr).toMatch(/workspace copy failed: .*copy\.accord already exists: a copy never overwrites a workspace\. Choose a new file name, or move that one away first\. Nothing was written to .*copy\.accord\.\n$/);
    const unreachable = await run('workspace', 'copy', '--from', source, '--to', 'postgres://lea:s3cret@127.0.0.1:1/team');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/cannot connect to postgres:\/\/lea:\*\*\*@127\.0\.0\.1:1\/team/);
    expect(unreachable.stderr).not.toContain('s3cret');
    const two = await run('workspace', 'copy', '--from', source, '-w', path.join(dir, 'other.accord'), '--to', path.join(dir, 'x.accord'));
    expect(two.stderr).toMatch(/--from .*source\.accord and --workspace .*other\.accord name different workspaces/);
    const none = await run('workspace', 'copy', '--from', path.join(dir, 'missing.accord'), '--to', path.join(dir, 'y.accord'));
    expect(none.stderr).toMatch(/missing\.accord does not exist/);
    expect(fs.existsSync(path.join(dir, 'y.accord'))).toBe(false);
  });
});
