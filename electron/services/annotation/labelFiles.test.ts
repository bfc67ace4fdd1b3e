import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { dumpWorkspace } from '../../testing/tempWorkspace';
import { LABELS_CSV_SCHEMA, annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

const LABELS_CSV = path.join(FORMATS, 'labels.csv');
let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace();
  await ws.api('tasks.create', { name: 'shared', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'], seed: 1 });
});
afterEach(() => ws.dispose());

const importFile = (file: string, task = 'shared') => ws.api('labels.import', { task, source: { path: file } });
const csv = (rows: string[]) => ws.file('labels.csv', `item,unit,question,rater,value,rationale\n${rows.join('\n')}\n`);

describe('labels CSV', () => {
  it('imports fixtures/formats/labels.csv and exports it back byte for byte', async () => {
    const report = await importFile(LABELS_CSV);
    expect(report).toMatchObject({ status: 'imported', format: 'csv', added: 8, changed: 0, unchanged: 0, newRaters: ['ana', 'ben'], submissions: 6, errors: [] });
    const exported = await ws.api('labels.export', { task: 'shared', format: 'csv' });
    expect(exported).toMatchObject({ fileName: 'shared.labels.csv', rows: 8 });
    expect(exported.content).toBe(fs.readFileSync(LABELS_CSV, 'utf8'));
    // The `2` of the file is step 2 of plan q-003; tags are stored as a list.
    const tags = ws.db.prepare("SELECT unit, value FROM labels WHERE question = 'step_tags' ORDER BY id").all();
    expect(tags).toEqual([
      { unit: 'step:2', value: '["incorrect_tool"]' },
      { unit: 'step:2', value: '["incorrect_tool","complex_prompt"]' },
    ]);
  });

  it('re-imports as a no-op, and records a changed answer as a new event', async () => {
    await importFile(LABELS_CSV);
    const before = dumpWorkspace(ws.db);
    expect(await importFile(LABELS_CSV)).toMatchObject({ status: 'unchanged', added: 0, changed: 0, unchanged: 8, submissions: 0 });
    expect(dumpWorkspace(ws.db)).toEqual(before);
    const edited = ws.file('edited.csv', fs.readFileSync(LABELS_CSV, 'utf8').replace('q-003,,overall_quality,ben,Acceptable,', 'q-003,,overall_quality,ben,Good,'));
    expect(await importFile(edited)).toMatchObject({ status: 'imported', changed: 1, unchanged: 7 });
    const history = ws.db
      .prepare("SELECT e.value FROM label_events e JOIN raters r ON r.id = e.rater_id WHERE r.name = 'ben' AND e.question = 'overall_quality' ORDER BY e.id")
      .all();
    expect(history).toEqual([{ value: '"Acceptable"' }, { value: '"Good"' }]);
  });

  it('rejects a file whole, naming the line of an unknown item and of a value outside the levels', async () => {
    const before = dumpWorkspace(ws.db);
    const report = await importFile(
      csv(['conv-0001,,validity,ana,valid,', 'q-999,,overall_quality,ana,Good,', 'q-003,,overall_quality,ana,Great,', 'q-003,7,step_tags,ana,no_change,', 'q-003,2,validity,ana,valid,', 'conv-0001,,validity,ana,invalid,']),
    );
    expect(report.status).toBe('rejected');
    expect(report.errors).toEqual([
      { line: 3, message: 'item "q-999" is not in task "shared"' },
      { line: 4, message: expect.stringMatching(/^overall_quality: "Great" is not one of "Extremely Bad", .*"Extremely Good"$/) },
      { line: 5, message: 'plan q-003 has no step 7' },
      { line: 6, message: 'validity: the question is about the whole item, so the unit must be empty (got "2")' },
      { line: 7, message: 'repeats the label of line 2 (same item, unit, question and rater)' },
    ]);
    expect(dumpWorkspace(ws.db)).toEqual(before);
  });

  it('reports a broken file with its line, and an unknown question with the questions there are', async () => {
    expect((await importFile(ws.file('bad.csv', 'item,question,rater\n'))).errors).toEqual([{ line: 1, message: 'missing column value (columns: item, unit, question, rater, value, rationale)' }]);
    expect((await importFile(csv(['q-003,,quality,ana,Good,']))).errors).toEqual([
      { line: 2, message: 'no question "quality" in schema shared-labels (questions: validity, overall_quality, step_tags)' },
    ]);
    expect((await importFile(path.join(ws.dir, 'missing.csv'))).errors).toEqual([{ line: null, message: 'cannot read the file: no such file' }]);
  });
});

describe('labels JSONL', () => {
  it('exports raters, rationales and timestamps, and imports into another workspace as the same labels', async () => {
    await importFile(LABELS_CSV);
    await ws.api('labels.save', { task: 'shared', itemId: ws.itemId('q-003'), question: 'overall_quality', value: 'Bad', rationale: 'Misses the RAG step for the tone change.', secondsSpent: 0 }, 'ana');
    const jsonl = await ws.api('labels.export', { task: 'shared', format: 'jsonl' });
    const lines = jsonl.content.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(8);
    expect(lines[6]).toMatchObject({ task: 'shared', dataset: 'plans', item: 'q-003', unit: 'step:2', question: 'step_tags', rater: 'ana', raterKind: 'human', value: ['incorrect_tool'], na: false, rationale: 'Tone change needs RAG.' });
    expect(lines[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const other = await annotationWorkspace();
    try {
      await other.api('tasks.create', { name: 'copy', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'] });
      const file = other.file('labels.jsonl', jsonl.content);
      expect(await other.api('labels.import', { task: 'copy', source: { path: file } })).toMatchObject({ status: 'imported', format: 'jsonl', added: 8 });
      expect((await other.api('labels.export', { task: 'copy', format: 'csv' })).content).toBe(fs.readFileSync(LABELS_CSV, 'utf8'));
      const again = await other.api('labels.export', { task: 'copy', format: 'jsonl' });
      expect(again.content).toBe(jsonl.content.replaceAll('"task":"shared"', '"task":"copy"'));
    } finally {
      other.dispose();
    }
  });

  it('names the line of a JSONL record that is not JSON or lacks a field', async () => {
    const file = ws.file('bad.jsonl', '{"item":"q-003","question":"overall_quality","rater":"ana","value":"Good"}\nnope\n{"item":"q-003","rater":"ben","value":"Good"}\n');
    const report = await importFile(file);
    expect(report.status).toBe('rejected');
    expect(report.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(report.errors[1].message).toMatch(/question/);
  });

  it('creates judge raters for judge lines and keeps N/A', async () => {
    await ws.api('tasks.create', { name: 'metrics', schema: { preset: 'plan-metrics' }, datasets: ['plans'] });
    const file = ws.file('judge.jsonl', '{"item":"q-001","question":"tool_usage_completeness","rater":"judge:x","raterKind":"judge","value":null,"na":true}\n');
    expect(await importFile(file, 'metrics')).toMatchObject({ status: 'imported', added: 1, newRaters: ['judge:x'] });
    expect((await ws.api('labels.export', { task: 'metrics', format: 'csv' })).content).toBe('item,unit,question,rater,value,rationale\nq-001,,tool_usage_completeness,judge:x,N/A,\n');
  });
});
