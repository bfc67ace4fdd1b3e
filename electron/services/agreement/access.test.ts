import { afterEach, describe, expect, it } from 'vitest';
import { SAS_PROC_FREQ_TABLE } from '../../core/stats/testdata/published';
import { agreementWorkspace, labelsFromTable } from '../../testing/agreementWorkspace';

const SCHEMA = {
  id: 'access-test',
  title: 'Access test',
  kinds: ['plan'],
  questions: [{ id: 'grade', type: 'nominal', title: 'Grade', options: ['low', 'mid', 'high'], required: false }],
};

let ws: Awaited<ReturnType<typeof agreementWorkspace>> | undefined;
afterEach(() => ws?.dispose());

/** ana and ben labelled (importing their labels makes them annotators); ada adjudicates, lea leads. */
async function labelled() {
  const w = (ws = await agreementWorkspace(SCHEMA));
  await w.labels(labelsFromTable(SAS_PROC_FREQ_TABLE, ['low', 'mid', 'high'], 'grade', ['ana', 'ben']));
  await w.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  await w.api('annotators.upsert', { name: 'lea', role: 'lead' });
  return w;
}
const args = { task: 't', bootstrap: 0 } as const;

describe('who may see agreement (blind annotation)', () => {
  it('refuses an annotator every agreement method, since each reveals the other raters’ labels', async () => {
    const w = await labelled();
    const refused = { code: 'forbidden', message: expect.stringMatching(/^agreement shows every rater's labels, so agreement\.\w+ is for adjudicators and leads; ana is an annotator$/) };
    await expect(w.api('agreement.summary', { ...args }, 'ana')).rejects.toMatchObject(refused);
    await expect(w.api('agreement.question', { ...args, question: 'grade' }, 'ana')).rejects.toMatchObject(refused);
    await expect(w.api('agreement.export', { ...args, format: 'csv' }, 'ana')).rejects.toMatchObject(refused);
  });

  it('shows it to adjudicators and leads', async () => {
    const w = await labelled();
    for (const adjudicator of ['ada', 'lea']) {
      // SAS PROC FREQ's worked example: simple κ 0.4842.
      expect((await w.api('agreement.summary', { ...args }, adjudicator)).questions[0].headline.value).toBeCloseTo(0.4842, 4);
      expect((await w.api('agreement.question', { ...args, question: 'grade' }, adjudicator)).disagreements.length).toBeGreaterThan(0);
      expect((await w.api('agreement.export', { ...args, format: 'md' }, adjudicator)).content).toContain('**0.484**');
    }
  });

  it('follows a change of role, and refuses a name the workspace does not know', async () => {
    const w = await labelled();
    await w.api('annotators.upsert', { name: 'ana', role: 'adjudicator' });
    await expect(w.api('agreement.summary', { ...args }, 'ana')).resolves.toMatchObject({ raters: ['ana', 'ben'] });
    await expect(w.api('agreement.summary', { ...args }, 'zoe')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/"zoe" is not a person of this workspace yet/) });
  });

  it('asks nobody when nobody is named (the CLI, which holds the workspace file)', async () => {
    const w = await labelled();
    await expect(w.api('agreement.summary', args)).resolves.toMatchObject({ raters: ['ana', 'ben'] });
  });
});
