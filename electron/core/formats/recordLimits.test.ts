import { describe, expect, it } from 'vitest';
import { DEFAULT_RECORD_LIMITS, parseSize, recordLimits, sizeText } from './recordLimits';

describe('record limits', () => {
  it('reads sizes as written on the command line', () => {
    expect(parseSize('64M')).toBe(64 * 1024 ** 2);
    expect(parseSize('512KB')).toBe(512 * 1024);
    expect(parseSize('1GiB')).toBe(1024 ** 3);
    expect(parseSize('1000')).toBe(1000);
    expect(parseSize('1.5k')).toBe(1536);
    expect(parseSize('0')).toBeNull();
    expect(parseSize('12X')).toBeNull();
    expect(parseSize('-5M')).toBeNull();
  });

  it('writes sizes for messages', () => {
    expect(sizeText(32 * 1024 ** 2)).toBe('32 MB');
    expect(sizeText(4000)).toBe('3.9 KB');
    expect(sizeText(900)).toBe('900 bytes');
  });

  it('fills in the defaults', () => {
    expect(recordLimits({ maxColumns: 5 })).toEqual({ ...DEFAULT_RECORD_LIMITS, maxColumns: 5 });
  });
});
