import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../db/migrations';
import { runAccord } from '../testing/cliRun';
import { usePostgres } from '../testing/postgres';
import { startBrowserMode } from '../transports/http/server';

// The CLI and the team server on a PostgreSQL workspace (issue 16): commands whose services run
// on the query layer take a postgres:// URL as --workspace; the others say so and touch nothing.

const server = usePostgres({ beforeAll, afterAll });

describe('a PostgreSQL workspace at the command line', () => {
  it('is migrated on first use and answers the commands that run on it', async () => {
    const url = await server.current.createDatabase();
    const listed = await runAccord(['annotators', 'list', '-w', url, '--json']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
    const items = await runAccord(['items', '-w', url, '--json']);
    expect(items.stderr).toBe('');
    expect(JSON.parse(items.stdout)).toEqual([]);
    // The report runs there too: an unknown task is refused as on a file, not as a PostgreSQL workspace.
    const report = await runAccord(['sop-review', 'report', '--task', 'steps', '-w', url]);
    expect(report.code).not.toBe(0);
    expect(report.stderr).toMatch(/no task/);
    expect(report.stderr).not.toMatch(/PostgreSQL/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: number }>('SELECT max(version)::int AS version FROM accord_migrations');
      expect(rows[0].version).toBe(loadMigrations().at(-1)!.version);
    } finally {
      await client.end();
    }
  });

  it('is refused by a command that does not run on it yet, naming the way out', async () => {
    const url = await server.current.createDatabase();
    // Imports run there now (electron/services/import/imports.engines.test.ts); writing a preset
    // judge out opens a workspace file only (it needs none).
    const run = await runAccord(['judge', 'export', '--judge', 'plan-quality', '-w', url]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/does not run on a PostgreSQL workspace .* yet/);
    expect(run.stderr).toMatch(/accord workspace copy --from URL --to FILE/);
  });

  it('never shows the password of the URL', async () => {
    const run = await runAccord(['import', 'plans.jsonl', '-w', 'postgres://accord:s3cret@127.0.0.1:1/nowhere']);
    expect(run.stderr).toMatch(/postgres:\/\/accord:\*\*\*@127\.0\.0\.1:1\/nowhere/);
    expect(run.stderr).not.toMatch(/s3cret/);
  });
});

describe('accord serve --team --database', () => {
  it('refuses what does not make sense, saying why', async () => {
    expect((await runAccord(['serve', '--database', 'postgres://127.0.0.1/x'])).stderr).toMatch(/--database is for team mode; add --team/);
    expect((await runAccord(['serve', '--team', '--database', 'mysql://127.0.0.1/x'])).stderr).toMatch(/--database must be a PostgreSQL URL/);
    expect((await runAccord(['serve', '--team', '--database', 'postgres://127.0.0.1/x', '-w', 'a.accord'])).stderr).toMatch(/either --workspace .* or --database/);
  });

  it('serves a PostgreSQL workspace: people come in by invite only', async () => {
    const url = await server.current.createDatabase();
    const served = await startBrowserMode({ workspacePath: url, port: 0, team: {}, staticDir: import.meta.dirname });
    try {
      expect(served.ctx.workspacePath).toBe(url);
      const reply = await fetch(`${served.baseUrl}api/call/annotators.list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(reply.status).toBe(401);
    } finally {
      await served.close();
    }
  });
});
