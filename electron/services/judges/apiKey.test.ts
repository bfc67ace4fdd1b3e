import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../dispatch';
import { tempSession } from '../../testing/tempWorkspace';
import { API_KEY_ENV, setApiKeySource } from './apiKey';
import { startFakeOpenAiServer, status, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, planId, seedPlanTask } from '../../testing/judgeFixtures';

const KEY = 'sk-test-THIS-KEY-MUST-NEVER-BE-STORED-1234567890';
const HEADER_SECRET = 'azure-deployment-secret-0987654321';

let session: ReturnType<typeof tempSession>;
let server: FakeOpenAiServer;
let saved: string | undefined;
beforeEach(async () => {
  saved = process.env[API_KEY_ENV];
  process.env[API_KEY_ENV] = KEY;
  session = tempSession();
  server = await startFakeOpenAiServer({ respond: answerPlanQuality });
});
afterEach(async () => {
  if (saved === undefined) delete process.env[API_KEY_ENV];
  else process.env[API_KEY_ENV] = saved;
  setApiKeySource(null);
  session.dispose();
  await server.close();
});

describe('the API key', () => {
  it('is sent to the endpoint but never written to the workspace, exports, reports or errors', async () => {
    await seedPlanTask(session.ctx, 4, { annotators: ['ana'] });
    // An error body that echoes the key back must not carry it into the workspace either.
    server.addRule({ match: `[${planId(2)}]`, replies: [status(400, {}, JSON.stringify({ error: { message: `bad key ${KEY} and ${HEADER_SECRET}` } }))] });
    const reply = await dispatch(session.ctx, 'judges.run', {
      task: 'judged',
      judge: { preset: 'plan-quality' },
      baseUrl: server.baseUrl,
      model: 'fake-model',
      headers: { 'api-key': HEADER_SECRET },
    }, { owner: true });
    expect(reply.ok).toBe(true);
    const run = reply.ok ? (reply.value as { id: number; settings: { headerNames: string[] }; failed: number }) : null;
    expect(run!.failed).toBe(1);
    expect(run!.settings.headerNames).toEqual(['api-key']);
    // The key did reach the server (so the test would notice a key that was never used).
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[0].headers['api-key']).toBe(HEADER_SECRET);

    const outputs = await Promise.all([
      dispatch(session.ctx, 'judges.runs', {}, { owner: true }),
      dispatch(session.ctx, 'judges.calls', { run: run!.id }, { owner: true }),
      dispatch(session.ctx, 'judges.export', { judge: { run: run!.id } }, { owner: true }),
      dispatch(session.ctx, 'judges.calibrate', { task: 'judged', run: run!.id }, { owner: true }),
      dispatch(session.ctx, 'labels.export', { task: 'judged', format: 'jsonl' }, { owner: true }),
      dispatch(session.ctx, 'labels.export', { task: 'judged', format: 'csv' }, { owner: true }),
    ]);
    for (const output of outputs) {
      expect(output.ok).toBe(true);
      const text = JSON.stringify(output);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(HEADER_SECRET);
    }
    expect(JSON.stringify(outputs[1])).toContain('[redacted]');

    const file = session.ctx.workspacePath;
    session.close();
    for (const name of [file, `${file}-wal`]) {
      if (!fs.existsSync(name)) continue;
      const bytes = fs.readFileSync(name);
      expect(bytes.includes(Buffer.from(KEY)), name).toBe(false);
      expect(bytes.includes(Buffer.from(HEADER_SECRET)), name).toBe(false);
    }
  });

  it('comes from the installed source (the desktop keychain) when one is set', async () => {
    await seedPlanTask(session.ctx, 1);
    setApiKeySource((baseUrl) => (baseUrl === server.baseUrl ? 'sk-from-keychain' : null));
    const reply = await dispatch(session.ctx, 'judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' }, { owner: true });
    expect(reply.ok).toBe(true);
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-from-keychain');
  });
});
