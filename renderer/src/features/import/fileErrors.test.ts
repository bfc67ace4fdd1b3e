import { describe, expect, it } from 'vitest';
import type { ImportFileReport } from '../../../../electron/api/contract';
import { baseName, fileOutcome, formatFileError, wasCancelled } from './fileErrors';

const report = (over: Partial<ImportFileReport>): ImportFileReport => ({
  file: 'plans.jsonl',
  format: 'plans-jsonl',
  kind: 'plan',
  dataset: 'plans',
  status: 'imported',
  imported: 0,
  skipped: 0,
  errors: [],
  ...over,
});

describe('import results', () => {
  it('points at file:line:column like a compiler', () => {
    expect(formatFileError('plans.jsonl', { line: 3, column: 17, message: 'expected ","' })).toBe('plans.jsonl:3:17 — expected ","');
    expect(formatFileError('a.csv', { line: 4, column: null, message: 'x' })).toBe('a.csv:4 — x');
    expect(formatFileError('a.bin', { line: null, column: null, message: 'not UTF-8' })).toBe('a.bin — not UTF-8');
  });

  it('sums up each outcome', () => {
    expect(fileOutcome(report({ imported: 1 }))).toBe('1 item imported');
    expect(fileOutcome(report({ imported: 5, skipped: 2 }))).toBe('5 items imported, 2 skipped');
    expect(fileOutcome(report({ imported: 10000 }))).toBe('10,000 items imported');
    expect(fileOutcome(report({ status: 'unchanged' }))).toContain('Already imported');
    expect(fileOutcome(report({ status: 'rejected', errors: [{ line: 1, column: 1, message: 'a' }] }))).toBe('Nothing imported from this file');
  });

  it('takes the base name of desktop paths', () => {
    expect(baseName('/home/a/plans.jsonl')).toBe('plans.jsonl');
    expect(baseName('C:\\data\\plans.jsonl')).toBe('plans.jsonl');
  });

  it('recognises a file stopped by cancelling', () => {
    expect(wasCancelled(report({ status: 'rejected', errors: [{ line: null, column: null, message: 'cancelled' }] }))).toBe(true);
    expect(wasCancelled(report({ status: 'rejected', errors: [{ line: 2, column: 1, message: 'bad' }] }))).toBe(false);
  });
});
