import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../electron/testing/postgres';
import { MIGRATION_FILES, migrationVersion } from '../../migrations';
import { loadPgMigrations, migratePostgres, pgSchemaVersion } from '../../pgMigrations';

// The PostgreSQL twins, each tested as its SQLite migration is (db/migrations/NNNN_*.test.ts):
// build the database at the previous version, insert rows, migrate, assert — on a real server.
const server = usePostgres({ beforeAll, afterAll });
const open: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.end()));
});

/** bigint comes back as a JS number here (the values are small), so rows compare as on SQLite. */
const INT8 = 20;
const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format ?? 'text'))) as typeof pg.types.getTypeParser };

/** A fresh database at `version`, and a way to move it to a later one. */
async function atVersion(version: number) {
  const client = new pg.Client({ connectionString: await server.current.createDatabase(), types });
  await client.connect();
  open.push(client);
  // Only the twins up to `to` are read: a later migration without its twin fails db/pgMigrations.test.ts, not these.
  const migrateTo = (to: number) => migratePostgres(client, { migrations: loadPgMigrations(MIGRATION_FILES.filter((name) => migrationVersion(name) <= to)) });
  await migrateTo(version);
  const rows = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows;
  return { client, migrateTo, rows, exec: (sql: string) => client.query(sql) };
}

describe('0010_init on PostgreSQL', () => {
  it('creates datasets, imports, items and findings with cascading deletes', async () => {
    const db = await atVersion(10);
    await db.exec("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'd', 'plan', 'now')");
    await db.exec("INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES (1, 1, 'q-1', 'plan', '{}', 'h', 'now', 'now')");
    await db.exec("INSERT INTO findings (item_id, validator, severity, message) VALUES (1, 'v', 'error', 'm')");
    await expect(db.exec("INSERT INTO findings (item_id, validator, severity, message) VALUES (1, 'v', 'fatal', 'm')")).rejects.toThrow(/check constraint/);
    await db.exec('DELETE FROM datasets WHERE id = 1');
    expect(await db.rows('SELECT count(*)::int AS n FROM findings')).toEqual([{ n: 0 }]);
    expect(await pgSchemaVersion(db.client)).toBe(10);
  });
});

describe('0020_annotation on PostgreSQL', () => {
  it('keeps the items, stores a labelled task, keeps events append-only and cascades a deleted dataset', async () => {
    const db = await atVersion(10);
    await db.exec("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', 'now')");
    await db.exec("INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES (1, 1, 'q-001', 'plan', '{}', 'h', 'now', 'now'), (2, 1, 'q-002', 'plan', '{}', 'h', 'now', 'now')");
    await db.migrateTo(20);
    expect(await db.rows('SELECT count(*)::int AS n FROM items')).toEqual([{ n: 2 }]);
    await db.exec("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 'now')");
    await expect(db.exec("INSERT INTO annotators (name, role, created_at) VALUES ('ben', 'boss', 'now')")).rejects.toThrow(/check constraint/);
    await db.exec("INSERT INTO raters (id, name, kind, annotator_id, created_at) VALUES (1, 'ana', 'human', 1, 'now')");
    await expect(db.exec("INSERT INTO raters (name, kind, created_at) VALUES ('nobody', 'human', 'now')")).rejects.toThrow(/check constraint/);
    await db.exec("INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 't', '{}', 'plan-quality', 1, 7, 'now')");
    expect(await db.rows('SELECT annotators_per_item, overlap_mode, blind, adjudication_policy FROM tasks')).toEqual([{ annotators_per_item: 2, overlap_mode: 'all', blind: 1, adjudication_policy: 'any' }]);
    await db.exec("INSERT INTO task_items (task_id, item_id, added_at) VALUES (1, 1, 'now'), (1, 2, 'now')");
    await db.exec("INSERT INTO task_annotators (task_id, annotator_id, added_at) VALUES (1, 1, 'now')");
    await db.exec('INSERT INTO assignments (task_id, annotator_id, item_id, position) VALUES (1, 1, 2, 0), (1, 1, 1, 1)');
    await expect(db.exec('INSERT INTO assignments (task_id, annotator_id, item_id, position) VALUES (1, 1, 1, 0)')).rejects.toThrow(/duplicate key/);
    await db.exec(`INSERT INTO label_events (id, uid, task_id, item_id, unit, question, rater_id, action, value, source, made_at, recorded_at)
      VALUES (1, 'u1', 1, 1, '', 'overall_quality', 1, 'set', '"Good"', 'ui', 'now', 'now')`);
    await expect(db.exec("UPDATE label_events SET value = '\"Bad\"'")).rejects.toThrow(/label_events is append-only/);
    await db.exec(`INSERT INTO labels (task_id, item_id, question, rater_id, value, event_id, created_at, updated_at) VALUES (1, 1, 'overall_quality', 1, '"Good"', 1, 'now', 'now')`);
    await expect(db.exec(`INSERT INTO labels (task_id, item_id, question, rater_id, na, value, event_id, created_at, updated_at) VALUES (1, 2, 'q', 1, 1, '"x"', 1, 'now', 'now')`)).rejects.toThrow(/check constraint/);
    await db.exec("INSERT INTO gold_events (task_id, item_id, unit, question, value, source, created_at) VALUES (1, 1, '', 'q', '1', 'adjudicated', 'now')");
    await expect(db.exec("UPDATE gold_events SET value = '2'")).rejects.toThrow(/gold_events is append-only/);
    // A label on an item outside the task is refused (the composite foreign key).
    await expect(db.exec(`INSERT INTO submissions (task_id, item_id, rater_id, submitted_at, source) VALUES (1, 99, 1, 'now', 'ui')`)).rejects.toThrow(/foreign key/);
    await db.exec('DELETE FROM datasets WHERE id = 1');
    expect(await db.rows('SELECT (SELECT count(*) FROM labels)::int AS labels, (SELECT count(*) FROM label_events)::int AS events, (SELECT count(*) FROM task_items)::int AS items')).toEqual([{ labels: 0, events: 0, items: 0 }]);
  });
});

describe('0030_judges on PostgreSQL', () => {
  it('clears dangling run ids, ties raters to runs by a foreign key, and deletes a run with its calls and rater', async () => {
    const db = await atVersion(20);
    await db.exec(`INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'd', 'plan', 'now');
      INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES (1, 1, 'q-1', 'plan', '{}', 'h', 'now', 'now');
      INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 't', '{}', 'plan-quality', 1, 7, 'now');
      INSERT INTO task_items (task_id, item_id, added_at) VALUES (1, 1, 'now');
      INSERT INTO raters (id, name, kind, judge_run_id, created_at) VALUES (1, 'old-judge', 'judge', 42, 'now');`);
    await db.migrateTo(30);
    expect(await db.rows('SELECT name, judge_run_id FROM raters')).toEqual([{ name: 'old-judge', judge_run_id: null }]);
    await db.exec(`INSERT INTO judges (id, name, version, title, schema_id, definition, created_at) VALUES (1, 'j', 'v1', 'J', 'plan-quality', '{}', 'now');
      INSERT INTO judge_runs (id, judge_id, task_id, model, base_url, settings, status, started_at) VALUES (1, 1, 1, 'm', 'http://x', '{}', 'running', 'now');`);
    await expect(db.exec("INSERT INTO raters (id, name, kind, judge_run_id, created_at) VALUES (3, 'ghost', 'judge', 99, 'now')")).rejects.toThrow(/foreign key/);
    await expect(db.exec('UPDATE raters SET judge_run_id = 99 WHERE id = 1')).rejects.toThrow(/foreign key/);
    await db.exec("INSERT INTO raters (id, name, kind, judge_run_id, created_at) VALUES (2, 'j#1', 'judge', 1, 'now')");
    await expect(db.exec("INSERT INTO raters (id, name, kind, judge_run_id, created_at) VALUES (4, 'j#1 again', 'judge', 1, 'now')")).rejects.toThrow(/duplicate key/);
    await db.exec("INSERT INTO judge_calls (run_id, item_id, unit, request_hash, status, created_at) VALUES (1, 1, '', 'h', 'ok', 'now')");
    await expect(db.exec("INSERT INTO judge_calls (run_id, item_id, unit, request_hash, status, created_at) VALUES (1, 1, '', 'h', 'ok', 'now')")).rejects.toThrow(/duplicate key/);
    await expect(db.exec("INSERT INTO judge_calls (run_id, item_id, status, created_at) VALUES (1, 1, 'maybe', 'now')")).rejects.toThrow(/check constraint/);
    const cache = "INSERT INTO judge_cache (request_hash, model, base_url, raw_response, content, created_at) VALUES ('h', $1, $2, '{}', 'c', 'now')";
    await db.client.query(cache, ['m', 'http://a']);
    await db.client.query(cache, ['m', 'http://b']);
    await expect(db.client.query(cache, ['m', 'http://a'])).rejects.toThrow(/duplicate key/);
    await db.exec('DELETE FROM judge_runs WHERE id = 1');
    expect(await db.rows('SELECT count(*)::int AS n FROM judge_calls')).toEqual([{ n: 0 }]);
    expect(await db.rows('SELECT name FROM raters')).toEqual([{ name: 'old-judge' }]);
  });
});

describe('0040_journey_coverage on PostgreSQL', () => {
  it('moves the per-graph scores out of each conversation into one row per graph, dropped with the dataset', async () => {
    const db = await atVersion(30);
    await db.exec("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'runs', 'conversation', 'now'), (2, 'plans', 'plan', 'now')");
    const old = (tca: number | null, score: number, n: number) => JSON.stringify({ toolCallAccuracy: tca, userJourneyCoverage: score, journeyConversations: n });
    const insert = "INSERT INTO items (dataset_id, external_id, kind, payload, content_hash, metadata, metrics, created_at, updated_at) VALUES ($1, $2, $3, '{}', 'h', $4, $5, 'now', 'now')";
    for (const row of [
      [1, 'c1', 'conversation', '{"graph":"Returns"}', old(1, 0.5, 2)],
      [1, 'c2', 'conversation', '{"graph":"Returns"}', old(0, 0.5, 2)],
      [1, 'c3', 'conversation', '{"graph":"Billing"}', old(0.25, 0.25, 1)],
      [1, 'c4', 'conversation', '{}', JSON.stringify({ toolCallAccuracy: 1 })],
      [1, 'c5', 'conversation', '{"graph":"Billing"}', JSON.stringify({ toolCallAccuracy: null })],
      [2, 'q-1', 'plan', '{}', JSON.stringify({ tier: 'Good' })],
    ]) await db.client.query(insert, row);
    await db.migrateTo(40);
    // The same figures as the SQLite migration's test: Returns mean(1, 0) over 2, Billing 0.25 over 1.
    expect(await db.rows('SELECT dataset_id, graph, score, conversations FROM journey_coverage ORDER BY graph')).toEqual([
      { dataset_id: 1, graph: 'Billing', score: 0.25, conversations: 1 },
      { dataset_id: 1, graph: 'Returns', score: 0.5, conversations: 2 },
    ]);
    const metrics = (await db.rows('SELECT external_id, metrics FROM items ORDER BY id')) as { external_id: string; metrics: string }[];
    expect(metrics.map((m) => [m.external_id, JSON.parse(m.metrics)])).toEqual([
      ['c1', { toolCallAccuracy: 1 }],
      ['c2', { toolCallAccuracy: 0 }],
      ['c3', { toolCallAccuracy: 0.25 }],
      ['c4', { toolCallAccuracy: 1 }],
      ['c5', { toolCallAccuracy: null }],
      ['q-1', { tier: 'Good' }],
    ]);
    await db.exec('DELETE FROM datasets WHERE id = 1');
    expect(await db.rows('SELECT count(*)::int AS n FROM journey_coverage')).toEqual([{ n: 0 }]);
  });
});

describe('0050_import_state on PostgreSQL', () => {
  it('keeps existing datasets and imports visible, refuses unknown states, and drops staged records with their import', async () => {
    const db = await atVersion(40);
    await db.exec(`INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', 'now');
      INSERT INTO imports (id, dataset_id, file_name, content_hash, format, item_count, skipped_count, imported_at) VALUES (1, 1, 'plans.jsonl', 'h1', 'plans-jsonl', 2, 0, 'now');
      INSERT INTO items (dataset_id, external_id, kind, payload, content_hash, import_id, created_at, updated_at) VALUES (1, 'q-1', 'plan', '{}', 'a', 1, 'now', 'now'), (1, 'q-2', 'plan', '{}', 'b', 1, 'now', 'now');`);
    await db.migrateTo(50);
    expect(await db.rows('SELECT id, name, state FROM datasets')).toEqual([{ id: 1, name: 'plans', state: 'ready' }]);
    expect(await db.rows('SELECT id, state, owner, heartbeat_at, item_count FROM imports')).toEqual([{ id: 1, state: 'done', owner: null, heartbeat_at: null, item_count: 2 }]);
    await expect(db.exec("UPDATE datasets SET state = 'half'")).rejects.toThrow(/check constraint/);
    await expect(db.exec("UPDATE imports SET state = 'half'")).rejects.toThrow(/check constraint/);
    expect(await db.rows("SELECT indexname FROM pg_indexes WHERE tablename = 'items' AND indexname = 'items_by_import'")).toEqual([{ indexname: 'items_by_import' }]);
    await db.exec(`INSERT INTO import_staging (import_id, external_id, item_id, kind, payload, content_hash, metadata, error_count, warning_count, info_count, findings)
      VALUES (1, 'q-3', NULL, 'plan', '{}', 'c', '{}', 0, 0, 0, '[]')`);
    await db.exec('DELETE FROM imports WHERE id = 1');
    expect(await db.rows('SELECT count(*)::int AS n FROM import_staging')).toEqual([{ n: 0 }]);
  });
});

describe('0060_dataset_trash on PostgreSQL', () => {
  it('adds who trashed a dataset and when, empty for the datasets there are', async () => {
    const db = await atVersion(50);
    await db.exec("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', 'now')");
    await db.migrateTo(60);
    expect(await db.rows('SELECT name, state, trashed_at, trashed_by FROM datasets')).toEqual([{ name: 'plans', state: 'ready', trashed_at: null, trashed_by: null }]);
    await db.exec("UPDATE datasets SET state = 'trashed', trashed_at = 'now', trashed_by = 'lea' WHERE id = 1");
    expect(await db.rows('SELECT state FROM datasets')).toEqual([{ state: 'trashed' }]);
  });
});

describe('0070_blind_discussion on PostgreSQL', () => {
  it('closes discussion and hides scores on the tasks there are; adds what was visible and the originals', async () => {
    const db = await atVersion(60);
    await db.exec("INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 't', '{}', 's', 1, 1, 'now')");
    await db.migrateTo(70);
    expect(await db.rows('SELECT discussion_opened_at, discussion_opened_by, hide_scores FROM tasks')).toEqual([{ discussion_opened_at: null, discussion_opened_by: null, hide_scores: 1 }]);
    await expect(db.exec('UPDATE tasks SET hide_scores = 2')).rejects.toThrow(/check constraint/);
    const columns = await db.rows("SELECT column_name FROM information_schema.columns WHERE table_name = 'label_originals' ORDER BY ordinal_position");
    expect(columns.map((c) => c.column_name)).toEqual(['task_id', 'item_id', 'unit', 'question', 'rater_id', 'answered', 'value', 'na', 'rationale', 'event_id', 'revised_at']);
  });
});

describe('0080_people_and_task_lifecycle on PostgreSQL', () => {
  it('gives the tasks there are the active state, the annotators there are active, and gold events a reason and what they replaced', async () => {
    const db = await atVersion(70);
    await db.exec("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 'now')");
    await db.exec("INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 'quality', '{}', 's', 1, 1, 'now')");
    await db.migrateTo(80);
    expect(await db.rows('SELECT state, archived_at, trashed_at FROM tasks')).toEqual([{ state: 'active', archived_at: null, trashed_at: null }]);
    expect(await db.rows('SELECT active, merged_into FROM annotators')).toEqual([{ active: 1, merged_into: null }]);
    await expect(db.exec("UPDATE tasks SET state = 'gone'")).rejects.toThrow(/check constraint/);
    const columns = await db.rows("SELECT column_name FROM information_schema.columns WHERE table_name = 'gold_events'");
    expect(columns.map((c) => c.column_name)).toEqual(expect.arrayContaining(['reason', 'previous']));
  });
});

describe('0090_label_versions_and_run_trash on PostgreSQL', () => {
  it('records the item version of the labels there are, keeps the history append-only, and gives judge runs a state', async () => {
    const db = await atVersion(80);
    await db.exec(`
      INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', 't0');
      INSERT INTO items (id, dataset_id, external_id, kind, payload, content_hash, created_at, updated_at) VALUES
        (1, 1, 'p1', 'plan', '{}', 'hash-1', 't1', 't1'),
        (2, 1, 'p2', 'plan', '{}', 'hash-2b', 't1', 't5');
      INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 't0'), (2, 'ben', 'annotator', 't0');
      INSERT INTO raters (id, name, kind, annotator_id, created_at) VALUES (1, 'ana', 'human', 1, 't0'), (2, 'ben', 'human', 2, 't0');
      INSERT INTO tasks (id, name, schema_json, schema_id, schema_version, seed, created_at) VALUES (1, 'quality', '{}', 's', 1, 1, 't0');
      INSERT INTO task_items (task_id, item_id, added_at) VALUES (1, 1, 't1'), (1, 2, 't1');
      INSERT INTO label_events (id, uid, task_id, item_id, unit, question, rater_id, action, value, source, made_at, recorded_at) VALUES
        (1, 'e1', 1, 1, '', 'q', 1, 'set', '"good"', 'ui', 't2', 't2'),
        (2, 'e2', 1, 2, '', 'q', 1, 'set', '"good"', 'ui', 't2', 't2'),
        (3, 'e3', 1, 2, '', 'q', 2, 'set', '"bad"', 'ui', 't6', 't6');
      INSERT INTO labels (task_id, item_id, unit, question, rater_id, value, event_id, created_at, updated_at) VALUES
        (1, 1, '', 'q', 1, '"good"', 1, 't2', 't2'),
        (1, 2, '', 'q', 1, '"good"', 2, 't2', 't2'),
        (1, 2, '', 'q', 2, '"bad"', 3, 't6', 't6');
      INSERT INTO judges (id, name, version, title, schema_id, definition, created_at) VALUES (1, 'j', 'v', 'J', 's', '{}', 't0');
      INSERT INTO judge_runs (id, judge_id, task_id, model, base_url, settings, status, started_at) VALUES (1, 1, 1, 'm', 'http://x', '{}', 'finished', 't3');
    `);
    await db.migrateTo(90);
    expect(await db.rows('SELECT item_id, rater_id, item_hash FROM labels ORDER BY id')).toEqual([
      { item_id: 1, rater_id: 1, item_hash: 'hash-1' },
      { item_id: 2, rater_id: 1, item_hash: null },
      { item_id: 2, rater_id: 2, item_hash: 'hash-2b' },
    ]);
    expect(await db.rows('SELECT id, item_hash FROM label_events ORDER BY id')).toEqual([
      { id: 1, item_hash: 'hash-1' },
      { id: 2, item_hash: null },
      { id: 3, item_hash: 'hash-2b' },
    ]);
    await expect(db.exec("UPDATE label_events SET item_hash = 'x'")).rejects.toThrow(/append-only/);
    expect(await db.rows('SELECT state, trashed_at, trashed_by FROM judge_runs')).toEqual([{ state: 'active', trashed_at: null, trashed_by: null }]);
    await expect(db.exec("UPDATE judge_runs SET state = 'gone'")).rejects.toThrow(/check constraint/);
  });
});

describe('0110_import_mappings on PostgreSQL', () => {
  it('adds saved import mappings, one per name, leaving the datasets there are', async () => {
    const db = await atVersion(90);
    await db.exec("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'plans', 'plan', 'now')");
    await db.migrateTo(110);
    expect(await db.rows('SELECT name FROM datasets')).toEqual([{ name: 'plans' }]);
    const insert = "INSERT INTO import_mappings (name, kind, mapping_json, saved_by, created_at, updated_at) VALUES ($1, 'conversation', '{}', 'lea', 'now', 'now')";
    await db.client.query(insert, ['support-log']);
    await expect(db.client.query(insert, ['support-log'])).rejects.toThrow(/duplicate key/);
    await expect(db.exec("INSERT INTO import_mappings (name, kind, mapping_json, created_at, updated_at) VALUES ('x', 'poem', '{}', 'now', 'now')")).rejects.toThrow(/check constraint/);
  });
});

describe('0140_team_invites on PostgreSQL', () => {
  it('adds invites and team sessions beside the people there are, holding hashes only', async () => {
    const HASH = 'a'.repeat(64);
    const db = await atVersion(110);
    await db.exec("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 'now')");
    await db.migrateTo(140);
    expect(await db.rows('SELECT name, active FROM annotators')).toEqual([{ name: 'ana', active: 1 }]);
    const invite = "INSERT INTO invites (token_sha256, annotator_id, role, created_by, created_at, expires_at) VALUES ($1, $2, 'annotator', 'lea', 'now', 'later')";
    await db.client.query(invite, [HASH, 1]);
    await expect(db.client.query(invite, [HASH, 1])).rejects.toThrow(/duplicate key/);
    await expect(db.client.query(invite, ['b'.repeat(64), 99])).rejects.toThrow(/foreign key/);
    await expect(db.client.query(invite, ['plain-token', 1])).rejects.toThrow(/check constraint/);
    await expect(db.client.query("INSERT INTO invites (token_sha256, annotator_id, role, created_at, expires_at) VALUES ($1, 1, 'boss', 'now', 'later')", ['c'.repeat(64)])).rejects.toThrow(/check constraint/);
    const session = "INSERT INTO team_sessions (token_sha256, invite_id, created_at) VALUES ($1, $2, 'now')";
    await db.client.query(session, ['d'.repeat(64), 1]);
    await expect(db.client.query(session, ['e'.repeat(64), 42])).rejects.toThrow(/foreign key/);
    expect(await db.rows('SELECT count(*)::int AS n FROM team_sessions')).toEqual([{ n: 1 }]);
  });
});

describe('0150_job_leases on PostgreSQL', () => {
  it('adds the jobs table beside what there is; a running job must have a lease, and only a running one', async () => {
    const db = await atVersion(140);
    await db.exec("INSERT INTO annotators (id, name, role, created_at) VALUES (1, 'ana', 'annotator', 'now')");
    await db.migrateTo(150);
    expect(await db.rows('SELECT name FROM annotators')).toEqual([{ name: 'ana' }]);
    await db.exec("INSERT INTO jobs (kind, args, created_at) VALUES ('judge.run', '{}', 'now')");
    expect(await db.rows('SELECT state, attempts::int AS attempts, leased_by FROM jobs')).toEqual([{ state: 'queued', attempts: 0, leased_by: null }]);
    await expect(db.exec("INSERT INTO jobs (kind, args, state, created_at) VALUES ('x', '{}', 'running', 'now')")).rejects.toThrow(/check constraint/);
    await expect(db.exec("INSERT INTO jobs (kind, args, state, leased_by, lease_until, created_at) VALUES ('x', '{}', 'queued', 's1', 'later', 'now')")).rejects.toThrow(/check constraint/);
    await db.exec("INSERT INTO jobs (kind, args, state, leased_by, lease_until, created_at) VALUES ('x', '{}', 'running', 's1', 'later', 'now')");
  });
});

describe('0151_job_results on PostgreSQL', () => {
  it('gives jobs a result, null for the jobs already there', async () => {
    const db = await atVersion(150);
    await db.exec("INSERT INTO jobs (kind, args, state, created_at, finished_at) VALUES ('import', '{}', 'done', 'then', 'now')");
    await db.migrateTo(151);
    expect(await db.rows('SELECT kind, state, result FROM jobs')).toEqual([{ kind: 'import', state: 'done', result: null }]);
  });
});
