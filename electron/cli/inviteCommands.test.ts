import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../testing/fixtures';
import { startServeProcess } from '../testing/serveProcess';
import { runAccord } from '../testing/cliRun';

// Team mode at the command line (issue 16, part 2): `accord invite create|list|revoke` (leads),
// and `accord serve --team`: the real server started as a user does, saying how to invite and
// how to put it behind TLS; --database answers "not yet"; team flags without --team are refused.
let dir: string;
let workspace: string;

function accord(...args: string[]) {
  return runAccord([...args, '-w', workspace]);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-invites-'));
  workspace = path.join(dir, 'team.accord');
  process.env.ACCORD_BACKUPS = path.join(dir, 'backups');
  expect((await accord('import', path.join(FORMATS, 'plans.jsonl'))).code).toBe(0);
  expect((await accord('task', 'create', '--name', 'quality', '--schema', 'plan-quality', '--dataset', 'plans', '--annotators', 'ana,ben', '--seed', '1')).code).toBe(0);
});
afterAll(() => {
  delete process.env.ACCORD_BACKUPS;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('accord invite', () => {
  it('creates a link shown once, lists invites without their tokens, and revokes', async () => {
    const created = await accord('invite', 'create', '--person', 'ana', '--expires', '2w', '--url-base', 'https://accord.example.org/');
    expect(created.code, created.stderr).toBe(0);
    const token = /#invite=([0-9a-f]{64})/.exec(created.stdout)![1];
    expect(created.stdout).toContain('Invite 1 for ana (annotator), until ');
    // An annotator's link opens her tasks.
    expect(created.stdout).toContain(`  https://accord.example.org/#invite=${token}&route=/tasks\n`);
    expect(created.stdout).toContain('This is the only time the link is shown');

    const listed = await accord('invite', 'list');
    expect(listed.stdout).toMatch(/^1 {2}ana {2}annotator {2}active {2}expires \S+\n$/);
    const json = await accord('invite', 'list', '--json');
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ id: 1, person: 'ana', status: 'active' })]);
    expect(listed.stdout + json.stdout).not.toContain(token);
    // The workspace holds no token in clear either.
    const db = new Database(workspace, { readonly: true });
    expect(JSON.stringify(db.prepare('SELECT * FROM invites').all())).not.toContain(token);
    db.close();

    const revoked = await accord('invite', 'revoke', '1');
    expect(revoked.stdout).toBe('Revoked invite 1 (ana): the link no longer works. Their labels stay.\n');
    expect((await accord('invite', 'list')).stdout).toMatch(/^1 {2}ana {2}annotator {2}revoked {2}revoked \S+\n$/);
  });

  it('says what is wrong: an unknown person, a bad duration, an unknown id, an annotator asking', async () => {
    // Nobody named so: the refusal says how to add the person, with their role, first.
    expect((await accord('invite', 'create', '--person', 'zoe')).stderr).toContain('nobody named "zoe" in this workspace (people: ana, ben); add them with their role first: accord annotators add zoe --role annotator|adjudicator|lead');
    expect((await accord('invite', 'create', '--person', 'ana', '--expires', '5y')).stderr).toContain('expires must be a number of hours, days or weeks such as 12h, 7d or 2w, not "5y"');
    expect((await accord('invite', 'create', '--person', 'ana', '--expires', '400d')).stderr).toContain('an invite lasts at most a year');
    expect((await accord('invite', 'revoke', '99')).stderr).toContain('no invite 99');
    expect((await accord('invite', 'revoke', 'one')).stderr).toContain('invite id must be a whole number');
    const refused = await accord('--as', 'ana', 'invite', 'list');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('invites decide who may enter the team server, so invites.list is for leads');
  });

  it('opens each person where their work is: an adjudicator at adjudication, a lead at the start page', async () => {
    expect((await accord('annotators', 'add', 'ada', '--role', 'adjudicator')).code).toBe(0);
    expect((await accord('invite', 'create', '--person', 'ada', '--url-base', 'https://accord.example.org/')).stdout).toMatch(/ {2}https:\/\/accord\.example\.org\/#invite=[0-9a-f]{64}&route=\/adjudication\n/);
    expect((await accord('annotators', 'add', 'lee', '--role', 'lead')).code).toBe(0);
    expect((await accord('invite', 'create', '--person', 'lee', '--url-base', 'https://accord.example.org/')).stdout).toMatch(/ {2}https:\/\/accord\.example\.org\/#invite=[0-9a-f]{64}\n/);
  });
});

describe('accord serve --team', () => {
  it('serves with invites only, says how to invite and how to put it behind TLS, and its invite links start with its address', async () => {
    const served = await startServeProcess(workspace, { args: ['--team'], env: { ...process.env, ACCORD_BACKUPS: path.join(dir, 'backups') } });
    try {
      expect(served.token).toBe('');
      expect(served.url).toBe(served.base);
      const refused = await fetch(`${served.base}api/call/datasets.list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(refused.status).toBe(401);
      // `accord invite create` finds the running team server of the workspace for the link.
      const created = await accord('invite', 'create', '--person', 'ben');
      const link = /(http:\S+#invite=[0-9a-f]{64})/.exec(created.stdout)![1];
      expect(link.startsWith(served.base)).toBe(true);
      const token = link.split('#invite=')[1].slice(0, 64);
      const allowed = await fetch(`${served.base}api/call/datasets.list`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
      expect(allowed.status).toBe(200);
    } finally {
      served.child.kill('SIGTERM');
    }
  });

  it('prints the invite and reverse-proxy notes', async () => {
    const served = await startServeProcess(workspace, { args: ['--team'], env: { ...process.env, ACCORD_BACKUPS: path.join(dir, 'backups') } });
    await expect.poll(() => served.output()).toContain('(Ctrl+C to stop)');
    served.child.kill('SIGTERM');
    expect(served.output()).toContain('as a team server');
    // A team server has no "Who are you?": people are added with their role before their invite.
    expect(served.output()).toContain(`accord annotators add NAME --role lead|adjudicator|annotator -w ${JSON.stringify(workspace)}`);
    expect(served.output()).toContain('accord invite create -w');
    expect(served.output()).toContain('reverse_proxy 127.0.0.1:');
    expect(served.output()).toContain('--public-url https://accord.example.org/ --trust-proxy');
  });

  it('answers team flags without --team with a usage error', async () => {
    // --database itself is tested on a real PostgreSQL in postgresWorkspace.test.ts.
    const host = await accord('serve', '--host', '0.0.0.0');
    expect(host.code).not.toBe(0);
    expect(host.stderr).toContain('--host is for team mode; add --team');
    expect((await accord('serve', '--team', '--public-url', 'ftp://x')).stderr).toContain('--public-url must start with https://');
  });
});
