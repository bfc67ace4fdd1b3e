import { describe, expect, it } from 'vitest';
import type { ImportFileReport } from '../../api/contract';
import { summarizeImport } from './importSummary';

const file = (overrides: Partial<ImportFileReport>): ImportFileReport => ({
  file: '/data/plans.jsonl',
  format: 'plans-jsonl',
  kind: 'plan',
  dataset: 'plans',
  status: 'imported',
  imported: 30,
  skipped: 0,
  errors: [],
  ...overrides,
});

describe('summarizeImport', () => {
  it('reports a clean import as information, one line per file', () => {
    const summary = summarizeImport({ files: [file({}), file({ file: '/data/g.json', kind: 'graph', dataset: 'graphs', imported: 1, skipped: 2 })] });
    expect(summary).toEqual({
      type: 'info',
      message: 'Imported 2 files.',
      detail: '✓ plans.jsonl: 30 plans into "plans"\n✓ g.json: 1 graph into "graphs", 2 skipped',
    });
  });

  it('says which files changed nothing', () => {
    expect(summarizeImport({ files: [file({ status: 'unchanged', imported: 0 })] })).toMatchObject({
      type: 'info',
      message: 'Imported 0 files (1 unchanged).',
      detail: '= plans.jsonl: already imported, nothing changed',
    });
  });

  it('warns about rejected files with their first errors and where they are', () => {
    const errors = [
      { line: 3, column: 14, message: 'expected , or }' },
      { line: null, column: null, message: 'no plan field' },
      { line: 9, column: null, message: 'third' },
      { line: 10, column: null, message: 'fourth' },
    ];
    const summary = summarizeImport({ files: [file({}), file({ file: '/data/bad.jsonl', status: 'rejected', imported: 0, errors })] });
    expect(summary.type).toBe('warning');
    expect(summary.message).toBe('1 file of 2 could not be imported.');
    expect(summary.detail).toBe(
      ['✓ plans.jsonl: 30 plans into "plans"', '✗ bad.jsonl: rejected', '    line 3:14: expected , or }', '    no plan field', '    line 9: third', '    … and 1 more'].join('\n'),
    );
  });
});
