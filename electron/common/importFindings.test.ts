import { describe, expect, it } from 'vitest';
import { importFindingCounts } from './importFindings';

describe('importFindingCounts', () => {
  it('names errors, then warnings, leaving out a kind with none', () => {
    expect(importFindingCounts({ errors: 2, warnings: 1 })).toBe('2 errors, 1 warning');
    expect(importFindingCounts({ errors: 0, warnings: 3 })).toBe('3 warnings');
    expect(importFindingCounts({ errors: 1, warnings: 0 })).toBe('1 error');
  });
});
