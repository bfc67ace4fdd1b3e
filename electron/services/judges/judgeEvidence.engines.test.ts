import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, useEngines, type EngineWorkspace } from '../../testing/engines';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, LEVELS, planId, seedPlanTask } from '../../testing/judgeFixtures';

// A judge's evidence on the query layer (issue 16): calibration, comparison, the alternative
// annotator test, probes, previews and imported runs answer the same on a workspace file and on
// PostgreSQL filled from the same file — computed on both and compared, and pinned where the
// numbers are checked elsewhere (calibrate.test.ts).

const engines = useEngines({ beforeAll, afterAll, afterEach });
let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
});
afterEach(async () => {
  await server.close();
});

/** Ana's and ben's labels on the four plans (submitted), gold on the first two: as in calibrate.test.ts. */
const HUMAN: Record<string, string[]> = {
  ana: ['Very Bad', 'Good', 'Acceptable', 'Good'],
  ben: ['Bad', 'Bad', 'Acceptable', 'Very Good'],
};

/** A workspace on `engine` with the task "judged", human labels and gold, and the adjudicator ada. */
const labelledTask = (engine: (typeof ENGINES)[number]) =>
  engines.open(engine, [], async (local) => {
    const { itemIds } = await seedPlanTask(local.ctx, 4, { annotators: ['ana', 'ben'] });
    await local.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    for (const [annotator, levels] of Object.entries(HUMAN)) {
      for (const [i, value] of levels.entries()) {
        await local.api('labels.save', { task: 'judged', itemId: itemIds[i], question: 'overall_quality', value, rationale: `${annotator} says ${value}` }, annotator);
        await local.api('labels.submit', { task: 'judged', itemId: itemIds[i] }, annotator);
      }
    }
    await local.api('adjudication.setGold', { task: 'judged', itemId: itemIds[0], question: 'overall_quality', value: 'Very Bad' }, 'ada');
    await local.api('adjudication.setGold', { task: 'judged', itemId: itemIds[1], question: 'overall_quality', value: 'Good', rationale: 'the RAG step is right' }, 'ada');
  });

/** Every evidence view of a run and an imported run, as `ws` answers them (times left out). */
async function evidence(ws: EngineWorkspace) {
  const run = await ws.api('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' });
  const csv = `unit,value,rationale\n${[1, 2, 3, 4].map((n) => `${planId(n)},${LEVELS[(n + 1) % 7]},shifted`).join('\n')}\n`;
  const imported = await ws.api('judges.importLabels', { task: 'judged', name: 'outside', text: csv, fileName: 'outside.csv' });
  const calibration = await ws.api('judges.calibrate', { task: 'judged', run: run.id }, 'ada');
  const comparison = await ws.api('judges.compare', { runA: run.id, runB: imported.id }, 'ada');
  const altTest = await ws.api('judges.altTest', { task: 'judged', run: run.id, question: 'overall_quality', epsilon: 0.2, minItemsPerRater: 2 }, 'ada');
  const probes = await ws.api('judges.probes', { task: 'judged', runs: [run.id, imported.id], question: 'overall_quality', resamples: 50 }, 'ada');
  const preview = await ws.api('judges.preview', { task: 'judged', judge: { preset: 'plan-quality' }, itemId: ws.itemId(planId(2)) }, 'ada');
  const untimed = <T extends { startedAt: string; finishedAt: string | null }>(r: T) => ({ ...r, startedAt: '', finishedAt: '' });
  return { run: untimed(run), imported: untimed(imported), calibration: { ...calibration, generatedAt: '' }, comparison, altTest, probes, preview };
}

describe('judge evidence on both engines', () => {
  it('is the same on a workspace file and on PostgreSQL', async () => {
    const found = [];
    for (const engine of ENGINES) found.push(await evidence(await labelledTask(engine)));
    const [onFile, onPostgres] = found;
    // The pinned figures (calibrate.test.ts): the judge says Very Bad, Bad, Acceptable, Good.
    const q = onFile.calibration.questions[0];
    expect(q.vsAnnotators.map((p) => [p.raters[1], p.units, p.percentAgreement.value])).toEqual([
      ['ana', 4, 0.75],
      ['ben', 4, 0.5],
    ]);
    expect([q.vsGold!.units, q.vsGold!.percentAgreement.value]).toEqual([2, 0.5]);
    expect(onFile.imported).toMatchObject({ status: 'finished', ok: 4, total: 4, model: 'imported', rater: expect.stringMatching(/^judge:outside@imported#/) });
    expect(onPostgres).toEqual(onFile);
  });
});

describe.each(ENGINES)('judge evidence on %s', (engine) => {
  it('refuses an annotator, an unknown run, and an imported file with bad lines, writing nothing', async () => {
    const ws = await labelledTask(engine);
    const run = await ws.api('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' });
    await expect(ws.api('judges.calibrate', { task: 'judged', run: run.id }, 'ana')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(ws.api('judges.calibrate', { task: 'judged', run: 99 })).rejects.toMatchObject({ code: 'not-found', message: 'no judge run 99' });
    await expect(ws.api('judges.compare', { runA: run.id, runB: 99 })).rejects.toMatchObject({ code: 'not-found' });
    await expect(ws.api('judges.importLabels', { task: 'judged', name: 'bad', text: 'unit,value\nq-0001,Superb\nq-0099,Bad\n', fileName: 'bad.csv' })).rejects.toMatchObject({
      message: expect.stringMatching(/bad\.csv:2: .*Superb[\s\S]*bad\.csv:3: item "q-0099" is not in task "judged"/),
    });
    expect((await ws.api('judges.runs', {})).map((r) => r.id)).toEqual([run.id]);
  });
});
