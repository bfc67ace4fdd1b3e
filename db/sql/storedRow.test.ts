import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AnnotatorRecord } from '../queries/annotators';
import type { StoredRow } from './storedRow';

// Type-level: `tsc -p tsconfig.node.json` (npm run typecheck) checks these lines; each expected
// error below fails the build if the mistake it shows stops being an error.
describe('StoredRow', () => {
  it('types a record from the generated schema, with narrowed columns', () => {
    expectTypeOf<AnnotatorRecord['role']>().toEqualTypeOf<'annotator' | 'adjudicator' | 'lead'>();
    expectTypeOf<AnnotatorRecord['deactivated_at']>().toEqualTypeOf<string | null>();
    // A column the migrations never made is no part of the record.
    expectTypeOf<AnnotatorRecord>().not.toHaveProperty('nickname');
    expect(true).toBe(true);
  });

  it('refuses a narrowing of a column the table lacks, or wider than its stored type', () => {
    // @ts-expect-error -- no such column in `annotators`
    type NoSuchColumn = StoredRow<'annotators', { nickname: string }>;
    // @ts-expect-error -- `role` is text: it cannot be narrowed to a number
    type Wider = StoredRow<'annotators', { role: number }>;
    expectTypeOf<NoSuchColumn | Wider>().not.toBeNever();
  });
});
