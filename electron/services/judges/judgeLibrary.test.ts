import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InputOf, JudgeDefinition, MethodName, ResultOf } from '../../api/contract';
import { judgeVersion } from '../../core/judges/judgeJson';
import { JUDGE_PRESET_IDS, judgePreset } from '../../core/judges/presets';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { API_KEY_ENV, setApiKeySource } from './apiKey';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';

let session: ReturnType<typeof tempSession>;
let savedKey: string | undefined;
beforeEach(() => {
  session = tempSession();
  savedKey = process.env[API_KEY_ENV];
});
afterEach(() => {
  if (savedKey === undefined) delete process.env[API_KEY_ENV];
  else process.env[API_KEY_ENV] = savedKey;
  setApiKeySource(null);
  session.dispose();
});

async function ok<M extends MethodName>(method: M, args: InputOf<M>, as?: string): Promise<ResultOf<M>> {
  const reply = await dispatch(session.ctx, method, args, as === undefined ? { owner: true } : { name: as });
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.value as ResultOf<M>;
}

/** The plan-quality preset with another temperature: a new version of the same judge. */
function edited(): JudgeDefinition {
  const judge = structuredClone(judgePreset('plan-quality')!);
  judge.sampling.temperature = 0.7;
  return judge;
}

describe('the judge library', () => {
  it('lists the presets first, each with its version, then nothing else in a fresh workspace', async () => {
    const list = await ok('judges.list', {});
    expect(list.map((j) => j.id)).toEqual(JUDGE_PRESET_IDS);
    expect(list.every((j) => j.origin === 'preset' && j.savedAt === null)).toBe(true);
    expect(list[0].version).toBe(judgeVersion(list[0].definition));
  });

  it('keeps a saved judge in the workspace, once per version, and lists it after the presets', async () => {
    const saved = await ok('judges.save', { judge: edited() });
    expect(saved).toMatchObject({ id: 'plan-quality-reference', origin: 'workspace', version: judgeVersion(edited()) });
    expect(saved.version).not.toBe(judgeVersion(judgePreset('plan-quality')!));
    await ok('judges.save', { judge: edited() });
    const list = await ok('judges.list', {});
    expect(list.filter((j) => j.origin === 'workspace').map((j) => [j.id, j.version])).toEqual([[saved.id, saved.version]]);
    expect(list.at(-1)?.definition.sampling.temperature).toBe(0.7);
  });

  it('lists a preset once even after a run stored its version', async () => {
    await ok('judges.save', { judge: judgePreset('plan-quality') });
    const list = await ok('judges.list', {});
    expect(list.filter((j) => j.id === 'plan-quality-reference')).toHaveLength(1);
    expect(list.find((j) => j.id === 'plan-quality-reference')?.origin).toBe('preset');
  });

  it('refuses invalid judge JSON with the path of each problem', async () => {
    const judge = { ...edited(), template: { system: '', user: 'Rate {{nonsense}}' } };
    const reply = await dispatch(session.ctx, 'judges.save', { judge }, { owner: true });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(!reply.ok && reply.error.message).toContain('template.user');
  });
});

describe('judges.keyStatus', () => {
  it('says whether a key is configured, from the environment or an installed source, and nothing more', async () => {
    delete process.env[API_KEY_ENV];
    expect(await ok('judges.keyStatus', {})).toEqual({ configured: false });
    process.env[API_KEY_ENV] = 'sk-from-the-environment';
    expect(await ok('judges.keyStatus', {})).toEqual({ configured: true });
    setApiKeySource((baseUrl) => (baseUrl.includes('example.org') ? 'sk-keychain' : null));
    expect(await ok('judges.keyStatus', { baseUrl: 'https://example.org/v1' })).toEqual({ configured: true });
    expect(await ok('judges.keyStatus', { baseUrl: 'http://127.0.0.1:8080/v1' })).toEqual({ configured: false });
  });
});

describe('item links in reports', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await startFakeOpenAiServer({ respond: answerPlanQuality });
  });
  afterEach(() => server.close());

  it('names the item id of every disagreement, fixed and regressed unit', async () => {
    const { itemIds } = await seedPlanTask(session.ctx, 3, { annotators: ['ana'] });
    const a = await ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'a' });
    await ok('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    // The fake judge says Very Bad for q-0001 and Bad for q-0002 (level n mod 7); gold disagrees on q-0002.
    await ok('adjudication.setGold', { task: 'judged', itemId: itemIds[0], question: 'overall_quality', value: 'Very Bad' }, 'ada');
    await ok('adjudication.setGold', { task: 'judged', itemId: itemIds[1], question: 'overall_quality', value: 'Good' }, 'ada');
    const report = await ok('judges.calibrate', { task: 'judged', run: a.id });
    expect(report.questions[0].disagreements.map((d) => d.unit)).toEqual(['q-0002|']);
    expect(report.itemIds).toEqual({ 'q-0002': itemIds[1] });

    const b = await ok('judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'b' });
    const comparison = await ok('judges.compare', { runA: a.id, runB: b.id });
    expect(comparison.itemIds).toEqual({});
  });
});
