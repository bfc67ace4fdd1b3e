import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS, RELEASES } from '../../testing/fixtures';
import { tempSession } from '../../testing/tempWorkspace';
import { importFiles, type ImportOptions } from './importFiles';

// τ-bench numbers each domain's tasks from 0: its airline and its retail runs both hold task 0.
// Imported into one dataset in one run, the retail file's task 0 used to replace the airline
// file's silently (both files said "imported"). A later file of one run giving an id an earlier
// file of the run gave the same dataset is now an error naming both; a file imported again in
// another run still updates its items by id.
const AIRLINE = path.join(RELEASES, 'tau-bench-airline-run.json');
const RETAIL = path.join(RELEASES, 'tau-bench-retail-run.json');

let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
});
afterEach(() => ws.dispose());

const source = (file: string) => ({ path: file, displayName: file });
const run = async (files: string[], options: ImportOptions = {}) => (await importFiles(ws.ctx, files.map(source), options)).files;
/** Each item of a dataset: its id, its line in its file, and the first user turn (what tells airline from retail). */
const items = (dataset: string) =>
  (
    ws.db
      .prepare('SELECT i.external_id AS id, i.source_line AS line, i.payload FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.name = ? ORDER BY i.id')
      .all(dataset) as { id: string; line: number; payload: string }[]
  ).map(({ id, line, payload }) => ({ id, line, user: firstUserTurn(payload) }));
const firstUserTurn = (payload: string) => (JSON.parse(payload) as { turns: { role: string; text: unknown }[] }).turns.find((t) => t.role === 'user')?.text;
const message = (id: string, dataset: string) =>
  `duplicate id "${id}": ${AIRLINE} (line 2), an earlier file of this import into dataset "${dataset}", gives it too; import the files into different datasets to keep both`;

describe('files of one import into one dataset giving the same id', () => {
  it('rejects the later file, naming both files, both lines and the id, and keeps the earlier file’s items', async () => {
    const report = await run([AIRLINE, RETAIL], { dataset: 'tau' });
    // The airline run's two records (tasks 0 and 1), each on its own line of the array: lines 2 and 3.
    const airline = items('tau');
    expect(airline).toEqual([
      { id: airline[0].id, line: 2, user: 'Please cancel reservation NO6JO3, my plans changed.' },
      { id: airline[1].id, line: 3, user: 'How many bags can I check on JG7FMM?' },
    ]);
    // The retail run's task 0 (its line 2) gives the id of the airline run's task 0.
    expect(report.map((f) => [f.file, f.status, f.dataset, f.imported, f.skipped])).toEqual([
      [AIRLINE, 'imported', 'tau', 2, 0],
      [RETAIL, 'rejected', 'tau', 0, 0],
    ]);
    expect(report[1].errors).toEqual([{ line: 2, column: 1, message: message(airline[0].id, 'tau') }]);
    // Nothing of the rejected file stays: no import row, no staged record.
    expect(ws.db.prepare('SELECT file_name FROM imports').all()).toEqual([{ file_name: path.basename(AIRLINE) }]);
    expect(ws.db.prepare('SELECT count(*) AS n FROM import_staging').get()).toEqual({ n: 0 });
  });

  it('with skipInvalid, skips and lists that record and imports the later file’s others', async () => {
    const report = await run([AIRLINE, RETAIL], { dataset: 'tau', skipInvalid: true });
    const stored = items('tau');
    expect(report.map((f) => [f.status, f.imported, f.skipped])).toEqual([
      ['imported', 2, 0],
      ['imported', 1, 1],
    ]);
    expect(report[1].errors).toEqual([{ line: 2, column: 1, message: message(stored[0].id, 'tau') }]);
    // Airline's tasks 0 and 1 as they were, and retail's task 7 (its line 3); retail's task 0 is not stored.
    expect(stored.map((i) => [i.line, i.user])).toEqual([
      [2, 'Please cancel reservation NO6JO3, my plans changed.'],
      [3, 'How many bags can I check on JG7FMM?'],
      [3, 'Where is my order #W8860223?'],
    ]);
  });

  it('counts the ids of an earlier file the run finds unchanged: running the command again does not replace them', async () => {
    await run([AIRLINE, RETAIL], { dataset: 'tau' });
    const again = await run([AIRLINE, RETAIL], { dataset: 'tau', skipInvalid: true });
    const stored = items('tau');
    expect(again.map((f) => [f.status, f.imported, f.skipped])).toEqual([
      ['unchanged', 0, 0],
      ['imported', 1, 1],
    ]);
    // Where the unchanged file gave the id comes from the workspace (the item's source line).
    expect(again[1].errors).toEqual([{ line: 2, column: 1, message: message(stored[0].id, 'tau') }]);
    expect(stored.map((i) => i.user)).toEqual(['Please cancel reservation NO6JO3, my plans changed.', 'How many bags can I check on JG7FMM?', 'Where is my order #W8860223?']);
  });

  it('applies to two files whose names make them one dataset, and not to files going to different datasets', async () => {
    // Without --dataset each file goes to the dataset named after it: no clash.
    const apart = await run([AIRLINE, RETAIL]);
    expect(apart.map((f) => [f.status, f.dataset, f.imported])).toEqual([
      ['imported', 'tau-bench-airline-run', 2],
      ['imported', 'tau-bench-retail-run', 2],
    ]);
    // Two files called plans.jsonl in two folders both go to dataset "plans".
    const other = path.join(ws.dir, 'other');
    fs.mkdirSync(other);
    const plans = path.join(FORMATS, 'plans.jsonl');
    const copy = path.join(other, 'plans.jsonl');
    fs.writeFileSync(copy, fs.readFileSync(plans, 'utf8').replace('"q-001"', '"q-001" '));
    const same = await run([plans, copy]);
    expect(same.map((f) => [f.status, f.dataset])).toEqual([
      ['imported', 'plans'],
      ['rejected', 'plans'],
    ]);
    expect(same[1].errors[0].message).toMatch(new RegExp(`^duplicate id "q-001": ${plans.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(line 1\\), an earlier file of this import into dataset "plans"`));
  });

  it('leaves importing a changed file again, in another run, updating its items by id', async () => {
    await run([AIRLINE], { dataset: 'tau' });
    const changed = path.join(ws.dir, 'tau-bench-airline-run.json');
    fs.writeFileSync(changed, fs.readFileSync(AIRLINE, 'utf8').replace('How many bags can I check on JG7FMM?', 'How many bags may I check on JG7FMM?'));
    const report = await run([changed], { dataset: 'tau' });
    expect(report.map((f) => [f.status, f.imported, f.errors])).toEqual([['imported', 2, []]]);
    expect(items('tau').map((i) => i.user)).toEqual(['Please cancel reservation NO6JO3, my plans changed.', 'How many bags may I check on JG7FMM?']);
  });
});
