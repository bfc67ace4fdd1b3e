import { afterEach, describe, expect, it } from 'vitest';
import { raterByName } from '../../../db/queries/annotators';
import { labelQueries, type LabelKey } from '../../../db/queries/labels';
import type { SqlDb } from '../../../db/sql/sqlDb';
import { annotationWorkspace, LABELS_CSV_SCHEMA, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { loadTask } from './taskContext';
import { applyLabelChanges, type LabelChange } from './labelWriter';

let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

/** The write connection's SqlDb, counting the statements it runs (a round trip each on PostgreSQL). */
function counted(db: SqlDb): { db: SqlDb; statements: () => number } {
  let statements = 0;
  const wrapped: SqlDb = {
    engine: db.engine,
    q: db.q,
    all: (query) => (statements++, db.all(query)),
    one: (query) => (statements++, db.one(query)),
    run: (query) => (statements++, db.run(query)),
    savepoint: (fn) => db.savepoint(fn),
    copyRows: (...args) => (statements++, db.copyRows(...args)),
  };
  return { db: wrapped, statements: () => statements };
}

describe('many label changes at once', () => {
  it('applies each as one change would, in a few statements rather than four per label', async () => {
    ws = await annotationWorkspace(['plans.jsonl']);
    await ws.api('tasks.create', { name: 'crowd', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['plans'] });
    const raters = Array.from({ length: 400 }, (_, r) => `rater ${r + 1}`);
    // Each rater's first label on q-001 exists already: 'Good'.
    const seed = raters.map((rater) => `q-001,,overall_quality,${rater},Good,`);
    await ws.api('labels.import', { task: 'crowd', source: { path: ws.file('seed.csv', `item,unit,question,rater,value,rationale\n${seed.join('\n')}\n`) } });
    const task = loadTask(ws.ctx.sql, 'crowd');
    const item = (id: string) => ws.itemId(id);
    const key = (rater: string, itemId: number): LabelKey => ({ taskId: task.record.id, itemId, unit: '', question: 'overall_quality', raterId: raterByName(ws.ctx.sql, rater)!.id });
    const change = (k: LabelKey, value: string): LabelChange => ({ key: k, answer: { value: JSON.stringify(value), na: false, rationale: null }, action: 'set', source: 'csv', visibleRaters: null, secondsSpent: 2 });
    // Per rater: q-001 the same (unchanged), q-002 new (added), q-003 new; 1,200 changes.
    const changes = raters.flatMap((rater) => [change(key(rater, item('q-001')), 'Good'), change(key(rater, item('q-002')), 'Bad'), change(key(rater, item('q-003')), 'Good')]);
    const { results, statements } = await ws.ctx.sqlWrite((db) => {
      const probe = counted(db);
      return { results: applyLabelChanges(labelQueries(probe.db), changes), statements: probe.statements() };
    });
    expect(results.filter((r) => !r.changed)).toHaveLength(400);
    expect(results.filter((r) => r.changed && r.before === undefined)).toHaveLength(800);
    expect(results[0]).toMatchObject({ changed: false, eventId: null, before: { rater: 'rater 1', value: JSON.stringify('Good') } });
    expect(new Set(results.map((r) => r.eventId).filter((id) => id !== null)).size).toBe(800);
    // 400 rows a statement: the labels read (3), per 400 events their items' versions, the rows and
    // their ids (6), per 400 labels their items' versions and the rows (4); it was 4 per change, 4,400 in all.
    expect(statements).toBeLessThanOrEqual(13);
    const q002 = await ws.api('labels.export', { task: 'crowd', format: 'csv' });
    expect(q002.content.split('\n').filter((line) => line.startsWith('q-002,')).length).toBe(400);
    // One change (a save): its label read, its event and the label, one statement each.
    const save = await ws.ctx.sqlWrite((db) => {
      const probe = counted(db);
      const [result] = applyLabelChanges(labelQueries(probe.db), [change(key('rater 1', item('q-002')), 'Good')]);
      return { result, statements: probe.statements() };
    });
    expect(save.result).toMatchObject({ changed: true, before: { value: JSON.stringify('Bad') } });
    expect(save.statements).toBe(3);
    // A label twice in one call is refused: which of the two wins would be up to the engine.
    await expect(ws.ctx.sqlWrite((db) => applyLabelChanges(labelQueries(db), [changes[1], changes[1]]))).rejects.toThrow('a label changes at most once per call');
  });
});
