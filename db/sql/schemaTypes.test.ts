import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_TYPES_FILE, schemaTypesSource } from './schemaTypes';

describe('the query layer knows the schema', () => {
  it('db/sql/schema.ts is what the migrations build (run `npm run schema:types` after adding one)', () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../..', SCHEMA_TYPES_FILE), 'utf8');
    expect(committed).toBe(schemaTypesSource());
  });
});
