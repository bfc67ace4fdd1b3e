import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SqlWrite } from '../../../db/sql/pgWritePath';
import { ENGINES, useEngines } from '../../testing/engines';
import { importFiles } from './importFiles';

// A record the database itself refuses mid-import (on PostgreSQL a COPY the server refuses while
// the import has already sent its next rows): the chunk's write fails, nothing of the import
// stays, and the report names the file's line, as for any bad input.

const engines = useEngines({ beforeAll, afterAll, afterEach });
let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-refused-record-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const RECORDS = 3000;
const REFUSED = 2500;
/** Plans of ~1 KB each: 3,000 of them are a few chunks (CHUNK_CHARS, 1 MB). */
const plan = (n: number) => JSON.stringify({ query_id: `p-${n}`, query: `question ${n} ${'x'.repeat(1000)}`, plan: { 1: { query: "T2S([], 'x')", depends_on: [] } } });

/** A refusal of the test's own: the database rejects the item with external id p-REFUSED. */
const REFUSE = {
  sqlite: `CREATE TRIGGER refuse_one BEFORE INSERT ON items WHEN NEW.external_id = 'p-${REFUSED}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
  postgres: `ALTER TABLE items ADD CONSTRAINT refuse_one CHECK (external_id <> 'p-${REFUSED}') NOT VALID`,
};

describe.each(ENGINES)('on %s', (engine) => {
  it('fails the import when the database refuses a record after earlier chunks committed: nothing stays, the report names file and line', async () => {
    const ws = await engines.open(engine, []);
    await ws.ctx.sqlWrite((db) => db.run(sql.raw(REFUSE[engine])));
    const file = path.join(scratch, `${engine}-plans.jsonl`);
    fs.writeFileSync(file, Array.from({ length: RECORDS }, (_, i) => plan(i + 1)).join('\n') + '\n');
    let committed = 0;
    const counting: SqlWrite = async (fn, options) => {
      const result = await ws.ctx.sqlWrite(fn, options);
      if (options?.label === 'import chunk') committed++;
      return result;
    };
    const report = await importFiles({ ...ws.ctx, sqlWrite: counting }, [{ path: file, displayName: 'plans.jsonl' }]);
    expect(committed).toBeGreaterThan(0);
    expect(report.files).toEqual([
      expect.objectContaining({ file: 'plans.jsonl', status: 'rejected', imported: 0, errors: [expect.objectContaining({ line: REFUSED, message: expect.stringMatching(/database refused this record.*(refused by the test|refuse_one)/) })] }),
    ]);
    const count = (table: string) => ws.ctx.sql.one(sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`)?.n;
    expect([count('datasets'), count('items'), count('findings'), count('import_staging')]).toEqual([0, 0, 0, 0]);
  });
});
