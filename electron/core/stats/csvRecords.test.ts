import { describe, expect, it } from 'vitest';
import { csvRecords } from './csvRecords';

describe('csvRecords column limit', () => {
  it('refuses a record of more columns than the limit, naming its line', () => {
    expect(() => csvRecords(`a,b\n${'x,'.repeat(30)}x\n`, 20)).toThrow('line 2: more than 20 columns, the limit');
    expect(csvRecords('a,b\n1,2\n', 2)).toHaveLength(2);
  });
});
