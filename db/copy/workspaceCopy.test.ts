import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filledWorkspace } from '../../electron/testing/filledWorkspace';
import { usePostgres } from '../../electron/testing/postgres';
import { openSession } from '../../electron/services/session';
import { dispatch } from '../../electron/services/dispatch';
import { copyWorkspace, hashWorkspace, type CopyProgress } from './workspaceCopy';
import { copyPlan, splitPlan } from './tablePlan';

// `accord workspace copy` on a real PostgreSQL (issue 16, part 4): SQLite → PostgreSQL → SQLite
// arrives identical, and a copy that fails — a bad row, a killed connection — or meets a
// non-empty target leaves the target as it was.
const server = usePostgres({ beforeAll, afterAll });
let fixture: { file: string; dir: string };
beforeAll(async () => {
  fixture = await filledWorkspace();
}, 120_000);
afterAll(() => fs.rmSync(fixture.dir, { recursive: true, force: true }));

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}
const tablesIn = async (url: string) => (await query<{ n: number }>(url, "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'"))[0].n;

/** Every row of every table as SQLite returns it (integers exact), sorted: a check independent of the copy's hashing. */
function everyRow(file: string): Record<string, string[]> {
  const db = new Database(file, { readonly: true });
  db.defaultSafeIntegers(true);
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    const json = (row: unknown) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
    return Object.fromEntries(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}"`).all().map(json).sort()]));
  } finally {
    db.close();
  }
}

/** The fixture's folder, but for the workspaces' own WAL files (a reader of a WAL workspace may leave them); a copy's temporary files start with a dot. */
const listing = () => fs.readdirSync(fixture.dir).filter((name) => !/^[^.].*-(wal|shm)$/.test(name)).sort();

/** A copy of the fixture file to spoil. */
function fixtureCopy(name: string): string {
  const file = path.join(fixture.dir, name);
  const db = new Database(fixture.file, { readonly: true });
  db.prepare('VACUUM INTO ?').run(file);
  db.close();
  return file;
}

describe('accord workspace copy, SQLite → PostgreSQL → SQLite', () => {
  it('arrives identical: every table, row for row, by counts and content hashes', async () => {
    const url = await server.current.createDatabase();
    const back = path.join(fixture.dir, 'back.accord');
    const progress: CopyProgress[] = [];
    const up = await copyWorkspace(fixture.file, url, { batchRows: 7, onProgress: (p) => void progress.push(p) });
    const down = await copyWorkspace(url, back, { batchRows: 5 });

    // Every table of the schema, with what a team makes: nothing the fixture leaves empty goes unchecked.
    const rows = Object.fromEntries(up.tables.map((t) => [t.table, t.rows]));
    expect(up.tables.map((t) => t.table).sort()).toEqual(splitPlan(copyPlan()).copied.map((t) => t.name).sort());
    for (const table of ['datasets', 'imports', 'items', 'findings', 'tasks', 'task_items', 'assignments', 'annotators', 'raters', 'labels', 'label_events', 'submissions', 'gold', 'gold_events', 'label_originals', 'judges', 'judge_runs', 'judge_calls', 'judge_cache', 'annotator_merges', 'import_mappings']) {
      expect(rows[table], table).toBeGreaterThan(0);
    }
    expect(up.rows).toBe(up.tables.reduce((sum, t) => sum + t.rows, 0));
    expect(down.tables).toEqual(up.tables);

    // Three independent reads agree: the source file, the PostgreSQL database, the file copied back.
    const [a, b, c] = await Promise.all([hashWorkspace(fixture.file), hashWorkspace(url), hashWorkspace(back)]);
    expect(b.tables).toEqual(a.tables);
    expect(c.tables).toEqual(a.tables);
    expect(a.tables).toEqual(up.tables);
    // And not only by this module's own hashing: every row of every table, as SQLite returns them.
    expect(everyRow(back)).toEqual(everyRow(fixture.file));
    // A 64-bit integer past 2^53 came back exact.
    expect(await query(url, "SELECT prompt_tokens::text AS p, completion_tokens::text AS c FROM judge_cache WHERE request_hash = 'big'")).toEqual([{ p: '9007199254740993', c: '-9223372036854775808' }]);

    // Progress was reported table by table, copying and then checking, ending at the total.
    expect(progress.at(-1)).toMatchObject({ phase: 'checking', allDone: up.rows, allTotal: up.rows });
    expect(progress.some((p) => p.phase === 'copying' && p.table === 'items' && p.done > 0 && p.done < p.total)).toBe(true);
  });

  it("leaves the team's sign-ins behind, saying so, and carries the invites", async () => {
    const signedIn = fixtureCopy('signed-in.accord');
    const db = new Database(signedIn);
    const annotator = (db.prepare("SELECT id FROM annotators WHERE name = 'ana'").get() as { id: number }).id;
    const invite = db
      .prepare(`INSERT INTO invites (token_sha256, annotator_id, role, created_by, created_at, expires_at) VALUES ('${'a'.repeat(64)}', ?, 'annotator', 'lea', '2026-11-01T00:00:00Z', '2099-01-01T00:00:00Z')`)
      .run(annotator).lastInsertRowid;
    db.prepare(`INSERT INTO team_sessions (token_sha256, invite_id, created_at) VALUES ('${'b'.repeat(64)}', ?, '2026-11-02T00:00:00Z')`).run(invite);
    db.close();

    const url = await server.current.createDatabase();
    const up = await copyWorkspace(signedIn, url);
    expect(up.leftOut).toEqual([{ table: 'team_sessions', rows: 1, why: "sign-ins to the team's servers stay with them: people sign in to a copy again with their invite links" }]);
    expect(await query(url, 'SELECT count(*)::int AS n FROM team_sessions')).toEqual([{ n: 0 }]);
    expect(await query(url, 'SELECT token_sha256 FROM invites')).toEqual([{ token_sha256: 'a'.repeat(64) }]);
    // The same taking a snapshot home from PostgreSQL: a session there stays there.
    await query(url, `INSERT INTO team_sessions (token_sha256, invite_id, created_at) VALUES ('${'b'.repeat(64)}', ${Number(invite)}, '2026-11-02T00:00:00Z')`);
    const home = path.join(fixture.dir, 'home.accord');
    expect((await copyWorkspace(url, home)).leftOut).toMatchObject([{ table: 'team_sessions', rows: 1 }]);
    const copy = new Database(home, { readonly: true });
    expect(copy.prepare('SELECT count(*) AS n FROM team_sessions').get()).toEqual({ n: 0 });
    expect(copy.prepare('SELECT count(*) AS n FROM invites').get()).toEqual({ n: 1 });
    copy.close();
  });

  it('leaves PostgreSQL ready to go on: identities continue after the copied ids', async () => {
    const url = await server.current.createDatabase();
    await copyWorkspace(fixture.file, url);
    const [{ most }] = await query<{ most: string }>(url, 'SELECT max(id)::text AS most FROM annotators');
    const [{ next }] = await query<{ next: string }>(url, "INSERT INTO annotators (name, role, created_at) VALUES ('newcomer', 'annotator', 'now') RETURNING id::text AS next");
    expect(BigInt(next)).toBe(BigInt(most) + 1n);
  });

  it('keeps batches within their byte budget, on either engine', async () => {
    const url = await server.current.createDatabase();
    const batchesOf = (events: CopyProgress[], table: string) => events.filter((p) => p.phase === 'copying' && p.table === table && p.done > 0).length;
    const up: CopyProgress[] = [];
    const summary = await copyWorkspace(fixture.file, url, { batchRows: 1000, batchBytes: 1, onProgress: (p) => void up.push(p) });
    const items = summary.tables.find((t) => t.table === 'items')!.rows;
    expect(items).toBeGreaterThan(5);
    // From SQLite: each row is over one byte, so each is a batch of its own.
    expect(batchesOf(up, 'items')).toBe(items);
    // From PostgreSQL: the first FETCH takes batchRows, the next ones are scaled down to one row.
    const down: CopyProgress[] = [];
    await copyWorkspace(url, path.join(fixture.dir, 'budget.accord'), { batchRows: 4, batchBytes: 1, onProgress: (p) => void down.push(p) });
    expect(batchesOf(down, 'items')).toBe(1 + (items - 4));
  });

  it('copies one moment of a workspace in use: a label saved during the copy is not half there', async () => {
    const live = fixtureCopy('live.accord');
    const session = openSession({ workspacePath: live });
    try {
      const itemId = (session.db.prepare('SELECT item_id FROM task_items ORDER BY item_id LIMIT 1').get() as { item_id: number }).item_id;
      const before = await hashWorkspace(live);
      let saved = false;
      const summary = await copyWorkspace(live, path.join(fixture.dir, 'moment.accord'), {
        batchRows: 3,
        onProgress: async () => {
          if (saved) return;
          saved = true;
          const reply = await dispatch(session.ctx, 'labels.save', { task: 'judged', itemId, question: 'overall_quality', value: 'Extremely Good', rationale: 'saved mid-copy' }, { name: 'ana' });
          expect(reply.ok).toBe(true);
        },
      });
      expect(saved).toBe(true);
      // The copy is the workspace as it was when the copy began; the workspace has moved on since.
      expect(summary.tables).toEqual(before.tables);
      const after = await hashWorkspace(live);
      const events = (h: typeof before) => h.tables.find((t) => t.table === 'label_events')!.rows;
      expect(events(after)).toBe(events(before) + 1);
    } finally {
      session.close();
    }
  });

  it('copies one moment of a PostgreSQL workspace too: a row committed during the copy is not in it', async () => {
    const url = await server.current.createDatabase();
    const up = await copyWorkspace(fixture.file, url);
    let added = false;
    const down = await copyWorkspace(url, path.join(fixture.dir, 'pg-moment.accord'), {
      batchRows: 3,
      onProgress: async () => {
        if (added) return;
        added = true;
        await query(url, "INSERT INTO import_mappings (name, kind, mapping_json, created_at, updated_at) VALUES ('mid-copy', 'plan', '{}', 'now', 'now')");
      },
    });
    expect(added).toBe(true);
    expect(down.tables).toEqual(up.tables);
    expect(await query(url, "SELECT count(*)::int AS n FROM import_mappings WHERE name = 'mid-copy'")).toEqual([{ n: 1 }]);
  });

  it('gives a file copy that the services open and read as the original', async () => {
    const back = path.join(fixture.dir, 'services.accord');
    await copyWorkspace(fixture.file, back);
    const exports = [];
    for (const file of [fixture.file, back]) {
      const session = openSession({ workspacePath: file });
      try {
        const reply = await dispatch(session.ctx, 'labels.export', { task: 'judged', format: 'jsonl' }, { owner: true });
        expect(reply.ok).toBe(true);
        exports.push(JSON.stringify(reply));
      } finally {
        session.close();
      }
    }
    expect(exports[1]).toBe(exports[0]);
  });
});

describe('a copy that fails leaves the target untouched', () => {
  it('a row PostgreSQL refuses, late in the copy: the database stays empty and the error names the table', async () => {
    const spoiled = fixtureCopy('nul.accord');
    const db = new Database(spoiled);
    db.prepare("INSERT INTO import_mappings (name, kind, mapping_json, created_at, updated_at) VALUES ('nul', 'plan', ?, 'now', 'now')").run('{"a":"\u0000"}');
    db.close();
    const url = await server.current.createDatabase();
    await expect(copyWorkspace(spoiled, url)).rejects.toThrow(/PostgreSQL refused row 2 of import_mappings \(id \d+\): invalid byte sequence for encoding "UTF8": 0x00/);
    expect(await tablesIn(url)).toBe(0);
  });

  it('a value that does not fit its column: no file appears, and no temporary file is left', async () => {
    const spoiled = fixtureCopy('kind.accord');
    const db = new Database(spoiled);
    // SQLite keeps text in an INTEGER column it cannot convert; PostgreSQL's bigint could not hold it.
    db.prepare("UPDATE judge_runs SET prompt_tokens = 'lots' WHERE id = (SELECT min(id) FROM judge_runs)").run();
    db.close();
    const target = path.join(fixture.dir, 'never.accord');
    const before = listing();
    await expect(copyWorkspace(spoiled, target)).rejects.toThrow(/row 1 of judge_runs \(id \d+\) cannot be copied: column prompt_tokens is declared INTEGER but holds text "lots"/);
    expect(listing()).toEqual(before);
    const url = await server.current.createDatabase();
    await expect(copyWorkspace(spoiled, url)).rejects.toThrow(/judge_runs/);
    expect(await tablesIn(url)).toBe(0);
  });

  it('a connection killed midway: PostgreSQL rolls back, the database stays empty', async () => {
    const url = await server.current.createDatabase();
    let killed = false;
    const copy = copyWorkspace(fixture.file, url, {
      batchRows: 2,
      onProgress: async (p) => {
        if (killed || p.table !== 'items' || p.done < 2) return;
        killed = true;
        // This copy's connection only: the test run's other files copy workspaces on the same cluster.
        await query(server.current.url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'accord workspace copy' AND datname = '${new URL(url).pathname.slice(1)}'`);
      },
    });
    await expect(copy).rejects.toThrow(/terminat|Connection terminated|not queryable/i);
    expect(killed).toBe(true);
    expect(await tablesIn(url)).toBe(0);
  });
  it('rows the server changed on the way in: the hashes differ, nothing is kept', async () => {
    const url = await server.current.createDatabase();
    // An event trigger (no table: the database still counts as empty) that, once the copy creates
    // datasets, makes the server alter every dataset name inserted — as a stray server-side rule would.
    await query(
      url,
      `CREATE FUNCTION tamper() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.name := NEW.name || ' (changed)'; RETURN NEW; END $$;
       CREATE FUNCTION add_tamper() RETURNS event_trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF EXISTS (SELECT 1 FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE TABLE' AND object_identity = 'public.datasets') THEN
           EXECUTE 'CREATE TRIGGER tamper BEFORE INSERT ON public.datasets FOR EACH ROW EXECUTE FUNCTION tamper()';
         END IF;
       END $$;
       CREATE EVENT TRIGGER add_tamper ON ddl_command_end EXECUTE FUNCTION add_tamper();`,
    );
    await expect(copyWorkspace(fixture.file, url)).rejects.toThrow(/the copy does not match its source in datasets \((\d+) rows read, \1 written; hashes [0-9a-f]{12}… and [0-9a-f]{12}…\); nothing was kept/);
    expect(await tablesIn(url)).toBe(0);
  });

  it('a copy cancelled midway (Ctrl-C): PostgreSQL rolls back, and a file target never appears', async () => {
    const url = await server.current.createDatabase();
    const target = path.join(fixture.dir, 'cancelled.accord');
    const before = listing();
    for (const to of [url, target]) {
      const cancel = new AbortController();
      const copy = copyWorkspace(fixture.file, to, { batchRows: 2, signal: cancel.signal, onProgress: (p) => void (p.table === 'items' && p.done > 0 && cancel.abort()) });
      await expect(copy).rejects.toThrow(/the copy was cancelled/);
    }
    expect(await tablesIn(url)).toBe(0);
    expect(listing()).toEqual(before);
  });

  it('a source connection killed midway: no file appears, and no temporary file is left', async () => {
    const url = await server.current.createDatabase();
    await copyWorkspace(fixture.file, url);
    const target = path.join(fixture.dir, 'cut.accord');
    const before = listing();
    let killed = false;
    const copy = copyWorkspace(url, target, {
      batchRows: 2,
      onProgress: async (p) => {
        if (killed || p.table !== 'items' || p.done < 2) return;
        killed = true;
        // This copy's connection only: the test run's other files copy workspaces on the same cluster.
        await query(server.current.url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'accord workspace copy' AND datname = '${new URL(url).pathname.slice(1)}'`);
      },
    });
    await expect(copy).rejects.toThrow(/terminat|Connection terminated|not queryable/i);
    expect(killed).toBe(true);
    expect(listing()).toEqual(before);
  });
});

describe('a target that is not empty is refused', () => {
  it('a PostgreSQL database with tables: refused with what is there, nothing changed', async () => {
    const url = await server.current.createDatabase();
    await query(url, "CREATE TABLE notes (body text); INSERT INTO notes VALUES ('keep me')");
    await expect(copyWorkspace(fixture.file, url)).rejects.toThrow(/is not empty \(1 table\(s\) in schema public: notes\)\. A copy goes into an empty database only/);
    expect(await query(url, 'SELECT body FROM notes')).toEqual([{ body: 'keep me' }]);
    expect(await tablesIn(url)).toBe(1);
  });

  it('an existing file: refused, the file unchanged', async () => {
    const existing = path.join(fixture.dir, 'existing.accord');
    fs.writeFileSync(existing, 'not mine to overwrite');
    await expect(copyWorkspace(fixture.file, existing)).rejects.toThrow(/existing\.accord already exists: a copy never overwrites a workspace/);
    expect(fs.readFileSync(existing, 'utf8')).toBe('not mine to overwrite');
  });
});
