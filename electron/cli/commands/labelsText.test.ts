import { describe, expect, it } from 'vitest';
import type { LabelImportReport } from '../../api/contract';
import { describeImport } from './labels';

const report = (newRaters: string[]): LabelImportReport => ({ file: 'crowd.csv', format: 'csv', task: 'validity', status: 'imported', added: 260, changed: 0, unchanged: 0, newRaters, submissions: 2, errors: [] });

describe("labels import's summary line", () => {
  it('names a few new raters, and a crowd by its first three and how many more, all of them in --json', () => {
    expect(describeImport(report(['ana', 'ben']))).toBe('crowd.csv: 260 new, 0 changed, 0 unchanged labels in task "validity"; 2 submissions; new raters: ana, ben\n');
    const crowd = Array.from({ length: 130 }, (_, i) => `crowd_${String(i + 1).padStart(3, '0')}`);
    expect(describeImport(report(crowd))).toBe(
      'crowd.csv: 260 new, 0 changed, 0 unchanged labels in task "validity"; 2 submissions; new raters: crowd_001, crowd_002, crowd_003 and 127 more — all 130 named in the --json report\n',
    );
  });
});
