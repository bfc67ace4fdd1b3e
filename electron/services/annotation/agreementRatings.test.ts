import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { ratingsForAgreement } from './agreementRatings';
import { LABELS_CSV_SCHEMA, annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace();
  await ws.api('tasks.create', { name: 'shared', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['conversations-chat', 'plans'] });
  await ws.api('labels.import', { task: 'shared', source: { path: path.join(FORMATS, 'labels.csv') } });
});
afterEach(() => ws.dispose());

// Expected rows are those of fixtures/formats/labels.csv.
describe('ratingsForAgreement', () => {
  it('gives long-format ratings with <item>|<unit> units and the schema’s categories', () => {
    const quality = ratingsForAgreement(ws.db, 'shared', 'overall_quality');
    expect(quality.ratings.map(({ unit, rater, value }) => ({ unit, rater, value }))).toEqual([
      { unit: 'q-003|', rater: 'ana', value: 'Bad' },
      { unit: 'q-003|', rater: 'ben', value: 'Acceptable' },
    ]);
    expect(quality.categories.map((c) => [c.name, c.value])).toEqual([
      ['Extremely Bad', 1],
      ['Very Bad', 2],
      ['Bad', 3],
      ['Acceptable', 4],
      ['Good', 5],
      ['Very Good', 6],
      ['Extremely Good', 7],
    ]);
    const validity = ratingsForAgreement(ws.db, 'shared', 'validity');
    expect(validity.ratings.map((r) => `${r.unit} ${r.rater} ${r.value}`)).toEqual(['conv-0001| ana valid', 'conv-0001| ben valid', 'conv-0002| ana invalid', 'conv-0002| ben invalid']);
  });

  it('splits a multilabel question into one present/absent question per tag', () => {
    const tags = ratingsForAgreement(ws.db, 'shared', 'step_tags');
    expect(tags.ratings.map((r) => [r.unit, r.rater, r.value])).toEqual([
      ['q-003|step:2', 'ana', 'incorrect_tool'],
      ['q-003|step:2', 'ben', 'incorrect_tool;complex_prompt'],
    ]);
    expect(tags.perTag.map((t) => [t.tag, t.ratings.map((r) => r.value)])).toEqual([
      ['incorrect_tool', ['present', 'present']],
      ['incorrect_prompt', ['absent', 'absent']],
      ['complex_prompt', ['absent', 'present']],
      ['repeated_detail', ['absent', 'absent']],
      ['multi_tool_prompt', ['absent', 'absent']],
      ['no_change', ['absent', 'absent']],
    ]);
  });

  it('filters by rater and item, and leaves out work that is not submitted', async () => {
    expect(ratingsForAgreement(ws.db, 'shared', 'validity', { raters: ['ana'] }).ratings).toHaveLength(2);
    expect(ratingsForAgreement(ws.db, 'shared', 'validity', { itemIds: [ws.itemId('conv-0002')] }).ratings).toHaveLength(2);
    await ws.api('labels.save', { task: 'shared', itemId: ws.itemId('q-001'), question: 'overall_quality', value: 'Good' }, 'ana');
    expect(ratingsForAgreement(ws.db, 'shared', 'overall_quality').ratings).toHaveLength(2);
    expect(ratingsForAgreement(ws.db, 'shared', 'overall_quality', { submittedOnly: false }).ratings).toHaveLength(3);
    expect(() => ratingsForAgreement(ws.db, 'shared', 'nope')).toThrow(/no question "nope"/);
  });
});
