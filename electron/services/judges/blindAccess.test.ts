import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiReply, CalibrationReport, CallPage, RunComparison, RunSummary } from '../../api/contract';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';

// ana and ben annotate the task (blind), ada adjudicates, lea leads. Two runs of the
// plan-quality judge (models m-1 and m-2) are on record, started by the CLI (the owner, as lead).
// Who calls travels beside the arguments (`as`), as every transport carries it.
let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
let runs: [RunSummary, RunSummary];

const reply = <T>(method: string, args: unknown, as?: string) => dispatch(session.ctx, method, args, as === undefined ? { owner: true } : { name: as }) as Promise<ApiReply<T>>;
async function ok<T>(method: string, args: unknown, as?: string): Promise<T> {
  const answer = await reply<T>(method, args, as);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}
const runArgs = (model: string) => ({ task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model });

beforeEach(async () => {
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
  const { itemIds } = await seedPlanTask(session.ctx, 3, { annotators: ['ana', 'ben'] });
  await ok('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  await ok('annotators.upsert', { name: 'lea', role: 'lead' });
  for (const annotator of ['ana', 'ben']) {
    await ok('labels.save', { task: 'judged', itemId: itemIds[0], question: 'overall_quality', value: 'Good', rationale: `${annotator}'s reason` }, annotator);
    await ok('labels.submit', { task: 'judged', itemId: itemIds[0] }, annotator);
  }
  await ok('adjudication.setGold', { task: 'judged', itemId: itemIds[0], question: 'overall_quality', value: 'Good' }, 'ada');
  runs = [await ok<RunSummary>('judges.run', runArgs('m-1')), await ok<RunSummary>('judges.run', runArgs('m-2'))];
});
afterEach(async () => {
  session.dispose();
  await server.close();
});

const PRIVILEGED = ['ada', 'lea', undefined] as const;

/** Each gated read: its arguments, the refusal it gives ana, and what it gives everyone else. */
const READS = [
  {
    method: 'judges.calls',
    args: () => ({ run: runs[0].id }),
    refusal: "a judge run's calls hold the judge's answer on each unit, a strong hint to anyone still labeling them, so judges.calls is for adjudicators and leads; ana is an annotator",
    // The fake judge answers q-0001 with level 1 mod 7 = Very Bad (judgeFixtures.planQualityAnswer).
    shows: (page: CallPage) => expect(page.rows.find((r) => r.externalId === 'q-0001')!.labels![0].value).toBe('Very Bad'),
  },
  {
    method: 'judges.calibrate',
    args: () => ({ task: 'judged', run: runs[0].id }),
    refusal: "judge calibration puts a judge beside every annotator's labels and gold, with their rationales, so judges.calibrate is for adjudicators and leads; ana is an annotator",
    shows: (report: CalibrationReport) => {
      expect(report.questions[0].annotators).toEqual(['ana', 'ben']);
      expect(report.questions[0].disagreements[0].humans).toContainEqual({ rater: 'ben', value: 'Good', rationale: "ben's reason" });
    },
  },
  {
    method: 'judges.compare',
    args: () => ({ runA: runs[0].id, runB: runs[1].id }),
    refusal: 'comparing judge runs scores each against gold, unit by unit, so judges.compare is for adjudicators and leads; ana is an annotator',
    // One plan has gold, and both runs (the same answers) miss it: Very Bad against Good.
    shows: (comparison: RunComparison) => expect(comparison.questions[0]).toMatchObject({ accuracyA: 0, accuracyB: 0, fixed: [], regressed: [] }),
  },
] as const;

describe.each(READS)('$method (blind annotation)', ({ method, args, refusal, shows }) => {
  it('refuses an annotator, saying why', async () => {
    expect(await reply(method, args(), 'ana')).toMatchObject({ ok: false, error: { code: 'forbidden', message: refusal } });
  });

  it('answers adjudicators, leads and the CLI, which acts as the lead', async () => {
    for (const viewer of PRIVILEGED) (shows as (value: unknown) => void)(await ok(method, args(), viewer));
  });

  it('refuses someone it has never met, and a window that has not said who it is', async () => {
    expect(await reply(method, args(), 'zoe')).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/"zoe" is not a person of this workspace yet/) } });
    expect(await dispatch(session.ctx, method, args(), null)).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/say who you are first/) } });
  });

  it('refuses an annotator before looking the run up, so a refusal tells nothing of which runs exist', async () => {
    const missing = { ...(args() as Record<string, unknown>), run: 999, runA: 999 };
    expect(await reply(method, missing, 'ana')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

const RUN_REFUSAL = (method: string) => `judge runs spend the workspace's API key and budget and add a judge's labels to the task, so ${method} is for adjudicators and leads; ana is an annotator`;

describe('starting, resuming and cancelling a run', () => {
  it('refuses an annotator before anything is sent or recorded', async () => {
    const sent = server.requests.length;
    expect(await reply('judges.run', { ...runArgs('m-3'), noCache: true }, 'ana')).toMatchObject({ ok: false, error: { code: 'forbidden', message: RUN_REFUSAL('judges.run') } });
    expect(await reply('judges.run', { task: 'judged', resume: runs[0].id }, 'ana')).toMatchObject({ ok: false, error: { code: 'forbidden', message: RUN_REFUSAL('judges.run') } });
    expect(await reply('judges.cancel', { run: runs[0].id }, 'ana')).toMatchObject({ ok: false, error: { code: 'forbidden', message: RUN_REFUSAL('judges.cancel') } });
    expect(server.requests.length).toBe(sent);
    expect(await ok<RunSummary[]>('judges.runs', {})).toHaveLength(2);
  });

  it('lets adjudicators, leads and the CLI start and cancel runs', async () => {
    for (const requester of PRIVILEGED) {
      const run = await ok<RunSummary>('judges.run', runArgs(`m-${requester ?? 'cli'}`), requester);
      expect(run).toMatchObject({ status: 'finished', ok: 3 });
      // Finished already: nothing to cancel, but the request is heard.
      expect(await ok('judges.cancel', { run: run.id }, requester)).toEqual({ cancelled: false });
    }
  });

  it('follows a change of role', async () => {
    await ok('annotators.upsert', { name: 'ana', role: 'lead' });
    expect(await ok<RunSummary>('judges.run', runArgs('m-ana'), 'ana')).toMatchObject({ status: 'finished' });
    expect(await ok<CalibrationReport>('judges.calibrate', { task: 'judged', run: runs[0].id }, 'ana')).toHaveProperty('questions');
  });
});

describe('what stays open', () => {
  it('lists runs and their figures to anyone: counts, cost and settings hold no label', async () => {
    const listed = await ok<RunSummary[]>('judges.runs', { task: 'judged' }, 'ana');
    expect(listed.map((r) => r.id)).toEqual(runs.map((r) => r.id));
    expect(await ok<RunSummary>('judges.runGet', { run: runs[0].id }, 'ana')).toMatchObject({ ok: 3, total: 3 });
  });
});
