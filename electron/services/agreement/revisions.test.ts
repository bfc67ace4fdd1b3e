import { afterEach, describe, expect, it } from 'vitest';
import { csvRecords } from '../../core/stats/csvRecords';
import { SAS_PROC_FREQ_TABLE } from '../../core/stats/testdata/published';
import { agreementWorkspace, labelsFromTable } from '../../testing/agreementWorkspace';

const SCHEMA = {
  id: 'revision-test',
  title: 'Revision test',
  kinds: ['plan'],
  questions: [{ id: 'grade', type: 'nominal', title: 'Grade', options: ['low', 'mid', 'high'], required: false }],
};

let ws: Awaited<ReturnType<typeof agreementWorkspace>> | undefined;
afterEach(() => ws?.dispose());
const args = { task: 't', bootstrap: 0 } as const;

/**
 * ana and ben answer as in SAS PROC FREQ's worked example (simple κ 0.4842 over 19 units, 13
 * agreeing); after the lead opens the task for discussion, ben changes each of the 6 answers
 * where he differs from ana to hers. On the revised labels every unit agrees: κ = 1, 100%.
 */
async function revisedAfterDiscussion() {
  const w = (ws = await agreementWorkspace(SCHEMA));
  const rows = labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']);
  await w.labels(rows);
  await w.api('tasks.setDiscussion', { task: 't', open: true });
  const anas = new Map(rows.filter((r) => r[3] === 'ana').map((r) => [r[0], r[4]]));
  const changed = rows.filter((r) => r[3] === 'ben' && r[4] !== anas.get(r[0]));
  expect(changed).toHaveLength(6);
  for (const [item] of changed) await w.api('labels.save', { task: 't', itemId: w.itemId(item), question: 'grade', value: anas.get(item)! }, 'ben');
  return w;
}

describe('agreement where labels were revised after discussion', () => {
  it('is computed on the originals by default, with the revised figure beside it', async () => {
    const w = await revisedAfterDiscussion();
    const summary = await w.api('agreement.summary', args);
    expect(summary.selection).toMatchObject({ labels: 'original', revisedLabels: 6 });
    const grade = summary.questions[0];
    expect(grade.headline.value).toBeCloseTo(0.4842, 4);
    expect(grade.percentAgreement).toBeCloseTo(13 / 19, 12);
    // κ = 1 on 19 units: no variation, so no interval (SE 0) and so no band to claim.
    expect(grade.beside).toEqual({
      labels: 'revised',
      revisedLabels: 6,
      percentAgreement: 1,
      value: 1,
      judgement: { kind: 'insufficient', n: 19, reason: 'not estimable: the standard error is 0 (no variation across units, e.g. perfect agreement)', fewUnits: false },
    });
    expect(summary.methods.statements).toContainEqual(
      "These figures are on the original labels, as each annotator gave them before seeing the others: 6 labels were changed after the lead opened the task for discussion, when the annotators could see each other's answers. On the revised labels: grade Cohen's κ 1.000, 100.0% agreement.",
    );
  });

  it('is computed on the revised labels when asked, with the originals beside', async () => {
    const w = await revisedAfterDiscussion();
    const summary = await w.api('agreement.summary', { ...args, labels: 'revised' });
    expect(summary.questions[0].headline.value).toBe(1);
    expect(summary.questions[0].beside).toMatchObject({ labels: 'original', percentAgreement: 13 / 19 });
    expect(summary.questions[0].beside!.value).toBeCloseTo(0.4842, 4);
  });

  it('says which in the reports', async () => {
    const w = await revisedAfterDiscussion();
    for (const format of ['md', 'html'] as const) {
      expect((await w.api('agreement.export', { ...args, format })).content).toContain('These figures are on the original labels, as each annotator gave them before seeing the others');
    }
    const [head, first] = csvRecords((await w.api('agreement.export', { ...args, format: 'csv' })).content);
    const header = head.fields;
    const cells = first.fields;
    expect(cells[header.indexOf('labels')]).toBe('original');
    expect(cells[header.indexOf('revised_labels')]).toBe('6');
    expect(cells[header.indexOf('beside_labels')]).toBe('revised');
    expect(cells[header.indexOf('beside_value')]).toBe('1');
  });

  it('says nothing of revisions where there were none', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']));
    const summary = await w.api('agreement.summary', args);
    expect(summary.selection.revisedLabels).toBe(0);
    expect(summary.questions[0].beside).toBeUndefined();
    expect(summary.methods.statements.join(' ')).not.toMatch(/discussion/);
  });
});
