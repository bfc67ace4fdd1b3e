import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';

// ana and ben annotate (blind), ada adjudicates, lea leads. q-002 is where they disagree.
let ws: AnnotationWorkspace;
beforeEach(async () => {
  ws = await annotationWorkspace(['plans.jsonl']);
  await ws.api('tasks.create', { name: 'quality', schema: { preset: 'plan-quality' }, datasets: ['plans'], annotators: ['ana', 'ben'], seed: 3 });
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  await ws.api('annotators.upsert', { name: 'lea', role: 'lead' });
  const answers: [string, string, string][] = [
    ['ana', 'q-001', 'Good'],
    ['ben', 'q-001', 'Good'],
    ['ana', 'q-002', 'Good'],
    ['ben', 'q-002', 'Bad'],
  ];
  for (const [annotator, externalId, value] of answers) {
    const itemId = ws.itemId(externalId);
    await ws.api('labels.save', { task: 'quality', itemId, question: 'overall_quality', value }, annotator);
    await ws.api('labels.submit', { task: 'quality', itemId }, annotator);
  }
  await ws.api('adjudication.acceptUnanimous', { task: 'quality' }, 'ada');
});
afterEach(() => ws.dispose());

const PRIVILEGED = ['ada', 'lea'];
/** ben's answer on q-002, as it would leak. */
const BENS_ANSWER = 'q-002,,overall_quality,ben,Bad';
const currentLabels = () => ws.db.prepare('SELECT rater_id, item_id, value FROM labels ORDER BY id').all();

describe('the all-raters labels export (blind annotation)', () => {
  it('refuses an annotator, saying why and what they may export instead', async () => {
    for (const format of ['csv', 'jsonl'] as const) {
      await expect(ws.api('labels.export', { task: 'quality', format }, 'ana')).rejects.toMatchObject({
        code: 'forbidden',
        message: "the labels export holds every rater's labels (export your own labels as a label pack), so labels.export is for adjudicators and leads; ana is an annotator",
      });
    }
  });

  it('gives every rater’s labels to adjudicators and leads, and to the CLI, which names nobody', async () => {
    for (const viewer of [...PRIVILEGED, undefined]) {
      const exported = await ws.api('labels.export', { task: 'quality', format: 'csv' }, viewer);
      expect(exported.rows).toBe(4);
      expect(exported.content).toContain(BENS_ANSWER);
    }
  });

  it('does not know someone it has never met', async () => {
    await expect(ws.api('labels.export', { task: 'quality', format: 'csv' }, 'zoe')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"zoe" is not a person of this workspace yet/) });
  });
});

describe('label pack export', () => {
  it('lets an annotator export their own pack, and no one else’s', async () => {
    const own = await ws.api('packs.export', { task: 'quality', annotator: 'ana' }, 'ana');
    expect(own).toMatchObject({ annotator: 'ana', labels: 2 });
    await expect(ws.api('packs.export', { task: 'quality', annotator: 'ben' }, 'ana')).rejects.toMatchObject({
      code: 'forbidden',
      message: "ana is an annotator; ben's label pack holds ben's labels, so only adjudicators and leads can export it (ana may export their own pack)",
    });
  });

  it('lets adjudicators, leads and the CLI export anyone’s pack', async () => {
    for (const viewer of [...PRIVILEGED, undefined]) {
      const pack = await ws.api('packs.export', { task: 'quality', annotator: 'ben' }, viewer);
      expect(pack).toMatchObject({ annotator: 'ben', labels: 2 });
      expect(pack.content).toContain('"value": "Bad"');
    }
  });

  it('follows a change of role', async () => {
    await ws.api('annotators.upsert', { name: 'ana', role: 'adjudicator' });
    await expect(ws.api('packs.export', { task: 'quality', annotator: 'ben' }, 'ana')).resolves.toMatchObject({ annotator: 'ben' });
  });
});

describe('labels import by an annotator', () => {
  const csv = (rows: string[]) => ws.file('labels.csv', `item,unit,question,rater,value,rationale\n${rows.join('\n')}\n`);

  it('takes a file of their own labels', async () => {
    const report = await ws.api('labels.import', { task: 'quality', source: { path: csv(['q-003,,overall_quality,ana,Bad,']) } }, 'ana');
    expect(report).toMatchObject({ status: 'imported', added: 1, errors: [] });
  });

  it('refuses a file with another rater’s labels before comparing anything, so it neither overwrites nor reveals their answer', async () => {
    const before = currentLabels();
    // Were it compared, "unchanged: 1" would tell ana that ben answered Bad.
    const file = csv(['q-003,,overall_quality,ana,Bad,', BENS_ANSWER + ',', 'q-001,,overall_quality,judge:x,Good,']);
    await expect(ws.api('labels.import', { task: 'quality', source: { path: file } }, 'ana')).rejects.toMatchObject({
      code: 'forbidden',
      message:
        'ana is an annotator and may import only their own labels; the file has labels of "ben" (line 3), "judge:x" (line 4). Only adjudicators and leads can import other raters\' labels',
    });
    expect(currentLabels()).toEqual(before);
  });

  it('lets adjudicators, leads and the CLI import any rater’s labels', async () => {
    for (const importer of [...PRIVILEGED, undefined]) {
      const report = await ws.api('labels.import', { task: 'quality', source: { path: csv([BENS_ANSWER + ',']) } }, importer);
      expect(report).toMatchObject({ status: 'unchanged', unchanged: 1 });
    }
  });
});

describe('label pack import', () => {
  it('stays open to annotators: its report counts, it never shows an answer', async () => {
    const pack = await ws.api('packs.export', { task: 'quality', annotator: 'ben' });
    const report = await ws.api('packs.import', { source: { path: ws.file('ben.pack.json', pack.content) } });
    expect(report).toMatchObject({ status: 'unchanged', applied: 0, unchanged: 2, refused: [] });
    expect(JSON.stringify(report)).not.toContain('Bad');
  });
});

describe('adjudication queue and gold', () => {
  it('refuse an annotator, since the queue lists the answers given and gold is the settled answer', async () => {
    await expect(ws.api('adjudication.queue', { task: 'quality' }, 'ana')).rejects.toMatchObject({
      code: 'forbidden',
      message: 'the adjudication queue shows the answers raters disagree on, so adjudication.queue is for adjudicators and leads; ana is an annotator',
    });
    await expect(ws.api('gold.list', { task: 'quality' }, 'ben')).rejects.toMatchObject({
      code: 'forbidden',
      message: 'gold labels are the settled answers of every rater, so gold.list is for adjudicators and leads; ben is an annotator',
    });
  });

  it('show adjudicators, leads and the CLI the disagreement and the gold', async () => {
    for (const adjudicator of [...PRIVILEGED, undefined]) {
      const queue = await ws.api('adjudication.queue', { task: 'quality' }, adjudicator);
      expect(queue.entries.map((e) => [e.externalId, e.disagreements[0].answers])).toEqual([['q-002', ['Good', 'Bad']]]);
      // q-001 was unanimous (Good), accepted as gold.
      expect((await ws.api('gold.list', { task: 'quality' }, adjudicator)).map((g) => g.value)).toEqual(['Good']);
    }
  });

  it('refuse an annotator the adjudication item, saying why', async () => {
    await expect(ws.api('adjudication.item', { task: 'quality', itemId: ws.itemId('q-002') }, 'ana')).rejects.toMatchObject({
      code: 'forbidden',
      message: "adjudication shows every rater's labels and rationales side by side, so adjudication.item is for adjudicators and leads; ana is an annotator",
    });
  });
});
