import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../services/dispatch';
import { resolveApiKey, setApiKeySource } from '../../services/judges/apiKey';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../testing/fakeOpenAiServer';
import { answerPlanQuality, seedPlanTask } from '../../testing/judgeFixtures';
import { tempSession } from '../../testing/tempWorkspace';
import { apiKeyStore, type ApiKeyStore } from './apiKeyStore';
import { keychainKeySource } from './keychainKeySource';

/** A reversible stand-in for safeStorage (base64 behind a marker). */
const safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`),
  decryptString: (encrypted: Buffer) => Buffer.from(encrypted.toString().slice(4), 'base64').toString(),
};

let dir: string;
let store: ApiKeyStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-keysource-'));
  store = apiKeyStore(path.join(dir, 'judge-api-key.bin'), safeStorage);
});
afterEach(() => {
  setApiKeySource(null);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('keychainKeySource', () => {
  it('prefers the stored key, falls back to OPENAI_API_KEY, else has none', () => {
    const source = keychainKeySource(store, { OPENAI_API_KEY: ' sk-env ' });
    expect(source('https://api.openai.com/v1')).toBe('sk-env');
    store.save('sk-keychain');
    expect(source('https://api.openai.com/v1')).toBe('sk-keychain');
    store.forget();
    expect(keychainKeySource(store, {})('http://127.0.0.1:8080/v1')).toBeNull();
  });

  describe('installed as the run key source', () => {
    let server: FakeOpenAiServer;
    let session: ReturnType<typeof tempSession>;
    beforeEach(async () => {
      server = await startFakeOpenAiServer({ respond: answerPlanQuality });
      session = tempSession();
    });
    afterEach(async () => {
      session.dispose();
      await server.close();
    });

    it('sends the keychain key to the endpoint and reports it configured, never returning it', async () => {
      store.save('sk-from-the-keychain-42');
      setApiKeySource(keychainKeySource(store, {}));
      expect(resolveApiKey(server.baseUrl)).toBe('sk-from-the-keychain-42');
      const status = await dispatch(session.ctx, 'judges.keyStatus', {}, { owner: true });
      expect(status).toEqual({ ok: true, value: { configured: true } });

      await seedPlanTask(session.ctx, 2);
      const run = await dispatch(session.ctx, 'judges.run', { task: 'judged', judge: { preset: 'plan-quality' }, baseUrl: server.baseUrl, model: 'm' }, { owner: true });
      expect(run).toMatchObject({ ok: true, value: { ok: 2 } });
      expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-from-the-keychain-42', 'Bearer sk-from-the-keychain-42']);
    });
  });
});
