import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { main } from '../../cli/main';

// Issue 13, rule 1: items a re-import changes keep their labels, flagged as made on an earlier
// version until their rater checks and saves them again; the import, the screens, the exports,
// agreement and label packs all say so.
let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 4 });
});
afterEach(() => ws.dispose());

const save = (rater: string, externalId: string, value: string) =>
  ws.api('labels.save', { task: 'quality', itemId: ws.itemId(externalId), question: 'overall_quality', value, secondsSpent: 3 }, rater);
/** plans.jsonl with q-002's query reworded: the same item, new content. */
const changedPlans = () => fs.readFileSync(path.join(FORMATS, 'plans.jsonl'), 'utf8').replace('"query_id": "q-002", "query": "Why', '"query_id": "q-002", "query": "Really, why');
const reimport = () => ws.api('datasets.import', { sources: [{ path: ws.file('plans.jsonl', changedPlans()) }], dataset: 'plans' });
async function accord(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'accord', ...args], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), stderrIsTTY: false });
  return { code, stdout, stderr };
}
const flags = (rater: string, externalId: string) =>
  ws.api('labels.list', { task: 'quality', itemId: ws.itemId(externalId) }, rater).then((l) => l.own.map((label) => ({ value: label.value, earlierVersion: label.earlierVersion })));

describe('labels on an item a re-import changed', () => {
  it('are kept and counted in the import report, per rater', async () => {
    await save('ana', 'q-001', 'Good');
    await save('ana', 'q-002', 'Bad');
    await save('ben', 'q-002', 'Good');
    const report = await reimport();
    expect(report.files[0]).toMatchObject({ status: 'imported', changedLabelled: { items: 1, labels: 2, byRater: [{ rater: 'ana', kind: 'human', labels: 1 }, { rater: 'ben', kind: 'human', labels: 1 }] } });
    expect(await flags('ana', 'q-002')).toEqual([{ value: 'Bad', earlierVersion: true }]);
    expect(await flags('ben', 'q-002')).toEqual([{ value: 'Good', earlierVersion: true }]);
    expect(await flags('ana', 'q-001')).toEqual([{ value: 'Good', earlierVersion: undefined }]);
  });

  it('lose the flag when their rater saves them again, unchanged, with an event that says on which version', async () => {
    await save('ana', 'q-002', 'Bad');
    await reimport();
    const saved = await save('ana', 'q-002', 'Bad');
    expect(saved.changed).toBe(true);
    expect(await flags('ana', 'q-002')).toEqual([{ value: 'Bad', earlierVersion: undefined }]);
    const hashes = ws.db
      .prepare("SELECT e.item_hash = i.content_hash AS current FROM label_events e JOIN items i ON i.id = e.item_id WHERE i.external_id = 'q-002' ORDER BY e.id")
      .all();
    expect(hashes).toEqual([{ current: 0 }, { current: 1 }]);
    // Saving it once more changes nothing: it is on this version now.
    expect((await save('ana', 'q-002', 'Bad')).changed).toBe(false);
  });

  it('keep the flag when a labels file says the same answer again (a file does not say which version its rater saw)', async () => {
    await save('ana', 'q-002', 'Bad');
    await reimport();
    const csv = 'item,question,rater,value\nq-002,overall_quality,ana,Bad\n';
    const imported = await ws.api('labels.import', { task: 'quality', source: { path: ws.file('again.csv', csv) } });
    expect(imported).toMatchObject({ unchanged: 1 });
    expect(await flags('ana', 'q-002')).toEqual([{ value: 'Bad', earlierVersion: true }]);
  });

  it('are marked in CSV and JSONL exports, and counted in agreement, not left out', async () => {
    await save('ana', 'q-001', 'Good');
    await save('ben', 'q-001', 'Good');
    await save('ana', 'q-002', 'Bad');
    await save('ben', 'q-002', 'Good');
    for (const rater of ['ana', 'ben']) for (const item of ['q-001', 'q-002']) await ws.api('labels.submit', { task: 'quality', itemId: ws.itemId(item) }, rater);
    await reimport();
    const csv = await ws.api('labels.export', { task: 'quality', format: 'csv' });
    expect(csv.earlierVersion).toBe(2);
    expect(csv.content.split('\n').slice(0, 5)).toEqual([
      // (Then what was visible when each label was made, issue 13: nothing of the others, no scores.)
      'item,unit,question,rater,value,rationale,earlier_version,original_value,revised_after_discussion,visible',
      'q-001,,overall_quality,ana,Good,,,,,others=no;scores=no;discussion=no',
      'q-001,,overall_quality,ben,Good,,,,,others=no;scores=no;discussion=no',
      'q-002,,overall_quality,ana,Bad,,yes,,,others=no;scores=no;discussion=no',
      'q-002,,overall_quality,ben,Good,,yes,,,others=no;scores=no;discussion=no',
    ]);
    const jsonl = (await ws.api('labels.export', { task: 'quality', format: 'jsonl' })).content.trim().split('\n').map((line) => JSON.parse(line));
    // Said on the labels it concerns only: the others are as before.
    expect(jsonl.map((l: { item: string; rater: string; earlierVersion?: boolean }) => [l.item, l.rater, l.earlierVersion])).toEqual([
      ['q-001', 'ana', undefined],
      ['q-001', 'ben', undefined],
      ['q-002', 'ana', true],
      ['q-002', 'ben', true],
    ]);
    // The exported CSV reads back (its earlier_version column is ignored), changing nothing.
    expect(await ws.api('labels.import', { task: 'quality', source: { path: ws.file('back.csv', csv.content) } })).toMatchObject({ unchanged: 4 });

    const agreement = await ws.api('agreement.summary', { task: 'quality' });
    expect(agreement.selection.earlierVersionLabels).toBe(2);
    expect(agreement.questions.find((q) => q.question === 'overall_quality')!.pairableUnits).toBe(2);
    expect(agreement.methods.statements).toContain(
      '2 labels were made on an earlier version of their item (a re-import changed it since, and their raters have not checked and saved them again): they are counted as given, not left out.',
    );
  });

  it('are refused from a label pack, naming the item', async () => {
    await save('ana', 'q-002', 'Bad');
    await reimport();
    const pack = await ws.api('packs.export', { task: 'quality', annotator: 'ana' });
    expect(JSON.parse(pack.content).labels[0]).toMatchObject({ item: 'q-002', earlierVersion: true });
    const other = await annotationWorkspace([]);
    try {
      await other.api('datasets.import', { sources: [{ path: other.file('plans.jsonl', changedPlans()) }], dataset: 'plans' });
      await other.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 4 });
      const report = await other.api('packs.import', { source: { path: other.file('ana.pack.json', pack.content) } });
      expect(report.refused).toEqual([{ dataset: 'plans', item: 'q-002', unit: '', question: 'overall_quality', reason: expect.stringMatching(/^item q-002 changed since this label was made/) }]);
    } finally {
      other.dispose();
    }
  });

  it('are reported by accord import, in text and JSON', async () => {
    await save('ana', 'q-002', 'Bad');
    await save('ben', 'q-002', 'Good');
    const file = ws.file('plans.jsonl', changedPlans());
    const text = await accord('import', file, '--dataset', 'plans', '-w', path.join(ws.dir, 'test.accord'));
    expect(text.stdout).toContain('1 item that had labels changed: 2 labels (ana 1, ben 1) now sit on an earlier version — kept, and flagged until checked and saved again');
    const again = changedPlans().replace('"query_id": "q-002", "query": "Really, why', '"query_id": "q-002", "query": "So, why');
    const json = JSON.parse((await accord('import', ws.file('plans2.jsonl', again), '--dataset', 'plans', '--json', '-w', path.join(ws.dir, 'test.accord'))).stdout);
    expect(json.files[0].changedLabelled).toEqual({ items: 1, labels: 2, byRater: [{ rater: 'ana', kind: 'human', labels: 1 }, { rater: 'ben', kind: 'human', labels: 1 }] });
  });
});
