import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asCell, TableDigest, type Cell, type ColumnKind } from './canonical';

const digestOf = (kinds: ColumnKind[], rows: Cell[][]) => {
  const digest = new TableDigest(kinds);
  for (const row of rows) digest.add(row);
  return digest.digest();
};
const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

describe('the canonical row encoding of a workspace copy', () => {
  it('is the documented byte string: n, i<decimal>;, r<binary64 bits>, t<bytes>:<utf-8>, b<bytes>:<bytes>', () => {
    const row: Cell[] = [null, 9223372036854775807n, 0.1, 'é', Buffer.from([0, 255])];
    const expected = Buffer.concat([Buffer.from('ni9223372036854775807;r3fb999999999999at2:'), Buffer.from('é'), Buffer.from('b2:'), Buffer.from([0, 255])]);
    expect(digestOf(['text', 'int', 'real', 'text', 'blob'], [row])).toBe(sha(expected));
  });

  it('tells apart what a looser encoding would merge', () => {
    const one = (kind: ColumnKind, value: Cell) => digestOf([kind], [[value]]);
    expect(one('text', null)).not.toBe(one('text', ''));
    expect(one('real', 0)).not.toBe(one('real', -0));
    expect(one('real', 0.1)).not.toBe(one('real', 0.1 + Number.EPSILON / 8));
    expect(one('int', 2n ** 53n)).not.toBe(one('int', 2n ** 53n + 1n));
    expect(one('text', 'ab')).not.toBe(one('blob', Buffer.from('ab')));
    // Values are self-delimiting: ["a", "bc"] is not ["ab", "c"].
    expect(digestOf(['text', 'text'], [['a', 'bc']])).not.toBe(digestOf(['text', 'text'], [['ab', 'c']]));
  });

  it('reads each value by its column kind, and names a value that does not fit', () => {
    expect(asCell('int', 7, 'n')).toBe(7n);
    expect(asCell('real', 3n, 'x')).toBe(3);
    expect(asCell('text', undefined, 't')).toBeNull();
    expect(() => asCell('int', 1.5, 'seed')).toThrow(/column seed is declared INTEGER but holds number 1.5/);
    expect(() => asCell('text', 12n, 'name')).toThrow(/column name is declared TEXT but holds bigint 12/);
  });
});
