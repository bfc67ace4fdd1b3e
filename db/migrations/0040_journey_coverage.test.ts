import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { migrate } from '../workspace';

describe('0040_journey_coverage', () => {
  function atVersion30() {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 30));
    const now = '2025-01-01T00:00:00.000Z';
    db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'runs', 'conversation', ?), (2, 'plans', 'plan', ?)").run(now, now);
    const insert = db.prepare(
      `INSERT INTO items (dataset_id, external_id, kind, payload, content_hash, metadata, metrics, created_at, updated_at)
       VALUES (?, ?, ?, '{}', 'h', ?, ?, ?, ?)`,
    );
    // Before 0040 each conversation carried its graph's score in its own metrics.
    const old = (tca: number | null, score: number, n: number) =>
      JSON.stringify({ toolCallAccuracy: tca, userJourneyCoverage: score, journeyConversations: n });
    insert.run(1, 'c1', 'conversation', '{"graph":"Returns"}', old(1, 0.5, 2), now, now);
    insert.run(1, 'c2', 'conversation', '{"graph":"Returns"}', old(0, 0.5, 2), now, now);
    insert.run(1, 'c3', 'conversation', '{"graph":"Billing"}', old(0.25, 0.25, 1), now, now);
    insert.run(1, 'c4', 'conversation', '{}', JSON.stringify({ toolCallAccuracy: 1 }), now, now);
    insert.run(1, 'c5', 'conversation', '{"graph":"Billing"}', JSON.stringify({ toolCallAccuracy: null }), now, now);
    insert.run(2, 'q-1', 'plan', '{}', JSON.stringify({ tier: 'Good' }), now, now);
    return db;
  }

  it('moves the per-graph scores out of each conversation into one row per graph', () => {
    const db = atVersion30();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 40));
    // Returns: mean of (1, 0) = 0.5 over 2; Billing: only c3 has an accuracy = 0.25 over 1.
    expect(db.prepare('SELECT dataset_id, graph, score, conversations FROM journey_coverage ORDER BY graph').all()).toEqual([
      { dataset_id: 1, graph: 'Billing', score: 0.25, conversations: 1 },
      { dataset_id: 1, graph: 'Returns', score: 0.5, conversations: 2 },
    ]);
    const metrics = db.prepare('SELECT external_id, metrics FROM items ORDER BY id').all() as { external_id: string; metrics: string }[];
    expect(metrics.map((m) => [m.external_id, JSON.parse(m.metrics)])).toEqual([
      ['c1', { toolCallAccuracy: 1 }],
      ['c2', { toolCallAccuracy: 0 }],
      ['c3', { toolCallAccuracy: 0.25 }],
      ['c4', { toolCallAccuracy: 1 }],
      ['c5', { toolCallAccuracy: null }],
      ['q-1', { tier: 'Good' }],
    ]);
  });

  it('drops a dataset’s scores with the dataset', () => {
    const db = atVersion30();
    migrate(db, ':memory:', loadMigrations().filter((m) => m.version <= 40));
    db.prepare('DELETE FROM datasets WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM journey_coverage').get()).toEqual({ n: 0 });
  });
});
