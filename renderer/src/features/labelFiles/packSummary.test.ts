import { describe, expect, it } from 'vitest';
import type { PackImportReport } from '../../../../electron/api/contract';
import { summary } from './PackImportReportView';

const report = (over: Partial<PackImportReport>): PackImportReport => ({ file: 'p.json', task: 'packs', annotator: 'ana', status: 'imported', applied: 0, kept: 0, unchanged: 0, submissions: 0, refused: [], ...over });
const refusal = { dataset: 'd', item: 'pq-002', unit: '', question: 'q', reason: 'changed' };

describe('pack import summary', () => {
  it('never says "nothing new" when labels were refused', () => {
    expect(summary(report({ applied: 3 }))).toBe('Merged ana\'s pack for “packs”.');
    expect(summary(report({ applied: 2, refused: [refusal] }))).toBe('Merged ana\'s pack for “packs”; 1 label was refused (see below).');
    expect(summary(report({ status: 'unchanged', unchanged: 3 }))).toBe('Nothing new: every label of ana\'s pack for “packs” was already here.');
    expect(summary(report({ status: 'unchanged', unchanged: 2, refused: [refusal] }))).toBe('Nothing merged from ana\'s pack for “packs”: 2 labels were already here and 1 was refused (see below).');
  });
});
