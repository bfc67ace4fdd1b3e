import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useEngines } from '../../testing/engines';
import { RELEASES } from '../../testing/fixtures';

// importRunIds.test.ts on both engines: the ids of an earlier file of the run, imported now or
// found unchanged (read back from the workspace: db/queries/imports.ts importedIds), are not
// replaced by a later file of the run into the same dataset.
const engines = useEngines({ beforeAll, afterAll, afterEach });
const AIRLINE = path.join(RELEASES, 'tau-bench-airline-run.json');
const RETAIL = path.join(RELEASES, 'tau-bench-retail-run.json');

describe.each(ENGINES)('on %s', (engine) => {
  it('a later file of one import giving an earlier file’s id is rejected, or that record skipped, also when the earlier file is unchanged', async () => {
    const ws = await engines.open(engine, []);
    const run = (skipInvalid: boolean) => ws.api('datasets.import', { sources: [{ path: AIRLINE }, { path: RETAIL }], dataset: 'tau', skipInvalid }).then((r) => r.files);
    const first = await run(false);
    expect(first.map((f) => [f.status, f.imported])).toEqual([
      ['imported', 2],
      ['rejected', 0],
    ]);
    const again = await run(true);
    expect(again.map((f) => [f.status, f.imported, f.skipped])).toEqual([
      ['unchanged', 0, 0],
      ['imported', 1, 1],
    ]);
    // Airline's tasks 0 and 1 (its lines 2 and 3), then retail's task 7 (its line 3); its task 0 (line 2) skipped.
    const stored = ws.ctx.sql.all(sql<{ file: string; line: number }>`SELECT m.file_name AS file, i.source_line AS line FROM items i JOIN imports m ON m.id = i.import_id ORDER BY i.id`);
    expect(stored.map((i) => [i.file, Number(i.line)])).toEqual([
      ['tau-bench-airline-run.json', 2],
      ['tau-bench-airline-run.json', 3],
      ['tau-bench-retail-run.json', 3],
    ]);
    expect(again[1].errors).toEqual([{ line: 2, column: 1, message: expect.stringContaining(`${AIRLINE} (line 2), an earlier file of this import into dataset "tau"`) }]);
  });
});
