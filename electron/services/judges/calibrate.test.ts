import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalibrationReport, InputOf, MethodName, ResultOf } from '../../api/contract';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeRequest } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, itemMarker, seedPlanTask } from '../../testing/judgeFixtures';

let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;

/** Step tags the fake judge gives: step 1 is fine, step 2 uses the wrong tool on odd items. */
function answerStepTags(request: FakeRequest) {
  const n = Number(itemMarker(request)!.slice(2));
  return {
    steps: [
      { step: '1', rationale: 'fine', tags: ['no_change'] },
      { step: '2', rationale: n % 2 === 1 ? 'RAG cannot count' : 'fine', tags: n % 2 === 1 ? ['incorrect_tool'] : ['no_change'] },
    ],
  };
}

beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({
    respond: (r) => ((r.body.response_format as { json_schema?: { name?: string } })?.json_schema?.name === 'plan_step_tags' ? answerStepTags(r) : answerPlanQuality(r)),
  });
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

async function ok<M extends MethodName>(method: M, args: InputOf<M>, as?: string): Promise<ResultOf<M>> {
  const reply = await dispatch(session.ctx, method, args, as === undefined ? { owner: true } : { name: as });
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.value as ResultOf<M>;
}

describe('judges.calibrate on a workspace', () => {
  it('puts a run beside two annotators and gold, with the rationales, while blind mode hides the judge until the lead opens discussion', async () => {
    const { itemIds } = await seedPlanTask(session.ctx, 4, { annotators: ['ana', 'ben'] });
    await ok('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    const run = await ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' });
    // The fake judge answers item n with level n mod 7: Very Bad, Bad, Acceptable, Good.
    expect(run.ok).toBe(4);

    const before = await ok('labels.list', { task: 'judged', itemId: itemIds[0] }, 'ana');
    expect(before).toMatchObject({ others: [], hiddenRaters: 1 });

    const human: Record<string, string[]> = {
      ana: ['Very Bad', 'Good', 'Acceptable', 'Good'],
      ben: ['Bad', 'Bad', 'Acceptable', 'Very Good'],
    };
    for (const [annotator, levels] of Object.entries(human)) {
      for (const [i, value] of levels.entries()) {
        await ok('labels.save', { task: 'judged', itemId: itemIds[i], question: 'overall_quality', value, rationale: `${annotator} says ${value}` }, annotator);
        await ok('labels.submit', { task: 'judged', itemId: itemIds[i] }, annotator);
      }
    }
    // Submitted, still blind (issue 13); once the lead opens discussion, the judge shows too.
    expect(await ok('labels.list', { task: 'judged', itemId: itemIds[0] }, 'ana')).toMatchObject({ others: [], hiddenRaters: 2 });
    await ok('tasks.setDiscussion', { task: 'judged', open: true });
    const after = await ok('labels.list', { task: 'judged', itemId: itemIds[0] }, 'ana');
    expect(after.others.map((l) => l.rater).sort()).toEqual(['ben', run.rater]);
    await ok('adjudication.setGold', { task: 'judged', itemId: itemIds[0], question: 'overall_quality', value: 'Very Bad' }, 'ada');
    await ok('adjudication.setGold', { task: 'judged', itemId: itemIds[1], question: 'overall_quality', value: 'Good', rationale: 'the RAG step is right' }, 'ada');

    const report: CalibrationReport = await ok('judges.calibrate', { task: 'judged', run: run.id });
    expect(report.questions).toHaveLength(1);
    const q = report.questions[0];
    expect(q).toMatchObject({ question: 'overall_quality', type: 'ordinal', units: 4, annotators: ['ana', 'ben'], reference: 'gold' });
    // Judge: Very Bad, Bad, Acceptable, Good. Against ana 3 of 4 agree, against ben 2 of 4, against gold 1 of 2.
    expect(q.vsAnnotators.map((p) => [p.raters[1], p.units, p.percentAgreement.value])).toEqual([
      ['ana', 4, 0.75],
      ['ben', 4, 0.5],
    ]);
    expect([q.vsGold!.units, q.vsGold!.percentAgreement.value]).toEqual([2, 0.5]);
    expect(q.humanHuman.map((p) => [p.raters, p.units, p.percentAgreement.value])).toEqual([[['ana', 'ben'], 4, 0.25]]);
    expect(q.vsAnnotators[0].statistic).toBe('weightedKappa.quadratic');
    // Against gold: q-0001 agrees, q-0002 the judge says Bad where gold says Good (two levels lower).
    expect(q.ordinal).toEqual({ pairs: 2, meanSignedDifference: -1, withinOneLevel: 0.5, exact: 0.5 });
    expect(q.disagreements).toEqual([
      {
        unit: 'q-0002|',
        judge: { value: 'Bad', rationale: 'Judged q-0002.' },
        gold: { value: 'Good', rationale: 'the RAG step is right' },
        humans: [
          { rater: 'ana', value: 'Good', rationale: 'ana says Good' },
          { rater: 'ben', value: 'Bad', rationale: 'ben says Bad' },
        ],
      },
    ]);
    expect(q.confusion.counts[2][4]).toBe(1);
  });

  it('analyses a tag question tag by tag', async () => {
    const { itemIds } = await seedPlanTask(session.ctx, 4, { annotators: ['ana', 'ben'], preset: 'plan-step-tags', task: 'tags' });
    const run = await ok('judges.run', { task: 'tags', judge: { preset: 'plan-step-tags' }, baseUrl: server.baseUrl, model: 'm' });
    expect(run).toMatchObject({ ok: 4, total: 4 });
    for (const annotator of ['ana', 'ben']) {
      for (const itemId of itemIds) {
        await ok('labels.save', { task: 'tags', itemId, unit: 'step:1', question: 'step_tags', value: ['no_change'] }, annotator);
        await ok('labels.save', { task: 'tags', itemId, unit: 'step:2', question: 'step_tags', value: annotator === 'ana' ? ['incorrect_tool'] : ['no_change'] }, annotator);
        await ok('labels.submit', { task: 'tags', itemId }, annotator);
      }
    }
    const report = await ok('judges.calibrate', { task: 'tags', run: run.id });
    expect(report.questions.map((q) => q.tag)).toEqual(['incorrect_tool', 'incorrect_prompt', 'complex_prompt', 'repeated_detail', 'multi_tool_prompt', 'no_change']);
    const tool = report.questions[0];
    // 8 units (2 steps × 4 plans). ana tags incorrect_tool on every step 2; the judge on steps 2 of odd items.
    expect(tool).toMatchObject({ units: 8, type: 'binary' });
    expect(tool.vsAnnotators.map((p) => [p.raters[1], p.percentAgreement.value])).toEqual([
      ['ana', 6 / 8],
      ['ben', 6 / 8],
    ]);
    expect(tool.confusion.levels).toEqual(['present', 'absent']);
  });

  it('refuses a run of another task and a question the judge does not answer', async () => {
    await seedPlanTask(session.ctx, 1);
    const run = await ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' });
    const missing = await dispatch(session.ctx, 'judges.calibrate', { task: 'judged', run: run.id, question: 'nope' }, { owner: true });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found', message: 'no question "nope" in task "judged" (questions: overall_quality)' } });
    const unknownRun = await dispatch(session.ctx, 'judges.calibrate', { task: 'judged', run: 99 }, { owner: true });
    expect(unknownRun).toMatchObject({ ok: false, error: { code: 'not-found', message: 'no judge run 99' } });
  });
});
