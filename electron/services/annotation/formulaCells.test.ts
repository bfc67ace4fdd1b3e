import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LABELS_CSV_SCHEMA, annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { dumpWorkspace } from '../../testing/tempWorkspace';

// Issue 15 part 8: CSV exports neutralise formula injection (shared/csvCell.ts), and what they
// write imports back exactly.
let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace();
  await ws.api('tasks.create', { name: 'shared', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'], seed: 1 });
});
afterEach(() => ws.dispose());

const HOSTILE = ['=HYPERLINK("http://evil.example","click")', '+cmd|calc', '-2+3', '@SUM(A1:A9)', "'=quoted already"];

describe('formula cells in CSV exports', () => {
  it('guards every cell a spreadsheet would run, and the export imports back unchanged', async () => {
    const rows = HOSTILE.map((rationale, i) => `${i % 2 ? 'conv-0001' : 'conv-0002'},,validity,rater${i},valid,"${rationale.replace(/"/g, '""')}"`);
    const file = ws.file('hostile.csv', `item,unit,question,rater,value,rationale\n${rows.join('\n')}\n`);
    expect(await ws.api('labels.import', { task: 'shared', source: { path: file } })).toMatchObject({ status: 'imported', added: 5 });

    const exported = (await ws.api('labels.export', { task: 'shared', format: 'csv' })).content;
    const cells = exported.split('\n').slice(1, -1).map((line) => line.slice(line.indexOf(',valid,') + 7));
    // Each rationale cell starts with the guard (inside the quotes where the cell is quoted).
    for (const cell of cells) expect(cell).toMatch(/^"?'/);
    expect(exported).not.toMatch(/(^|,)"?[=+\-@]/m);

    const before = dumpWorkspace(ws.db);
    const again = ws.file('again.csv', exported);
    expect(await ws.api('labels.import', { task: 'shared', source: { path: again } })).toMatchObject({ status: 'unchanged', unchanged: 5 });
    expect(dumpWorkspace(ws.db)).toEqual(before);
    const stored = ws.db.prepare('SELECT rationale FROM labels ORDER BY rationale').pluck().all();
    // A leading ' before a formula character is the text mark a spreadsheet shows as nothing:
    // read as such from any labels CSV, so the hand-written "'=quoted already" is "=quoted already".
    expect(stored).toEqual(HOSTILE.map((r) => r.replace(/^'/, '')).sort());
  });
});

describe('formula cells in the agreement CSV report', () => {
  it('guards a task name a spreadsheet would run, and leaves the figures numbers', async () => {
    await ws.api('tasks.create', { name: '=1+1', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'], seed: 1 });
    const labels = ws.file('l.csv', 'item,unit,question,rater,value,rationale\nconv-0001,,validity,ana,valid,\nconv-0001,,validity,ben,invalid,\nconv-0002,,validity,ana,invalid,\nconv-0002,,validity,ben,invalid,\n');
    await ws.api('labels.import', { task: '=1+1', source: { path: labels } });
    const csv = (await ws.api('agreement.export', { task: '=1+1', format: 'csv' })).content;
    const [header, first] = csv.split('\r\n');
    expect(first.startsWith("'=1+1,")).toBe(true);
    const percent = first.split(',')[header.split(',').indexOf('percent_agreement')];
    expect(Number(percent)).toBe(0.5);
  });
});
