import { afterEach, beforeEach } from 'vitest';
import type { InputOf, MethodName, ResultOf } from '../api/contract';
import { dispatch } from '../services/dispatch';
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeServerOptions } from './fakeOpenAiServer';
import { tempSession } from './tempWorkspace';

/** What a judges service test works with: a fresh workspace, the scripted endpoint, and calls through dispatch. */
export interface JudgeServiceSession {
  readonly session: ReturnType<typeof tempSession>;
  readonly server: FakeOpenAiServer;
  /** Calls `method` through dispatch as the owner, or as the person named `as`; throws its refusal. */
  ok<M extends MethodName>(method: M, args: InputOf<M>, as?: string): Promise<ResultOf<M>>;
}

/**
 * Registers, for the tests of the calling file, a new workspace and a scripted OpenAI-compatible
 * endpoint on 127.0.0.1 before each test, and their disposal after it.
 */
export function judgeServiceSession(server: FakeServerOptions): JudgeServiceSession {
  let current: { session: ReturnType<typeof tempSession>; server: FakeOpenAiServer } | null = null;
  beforeEach(async () => {
    current = { session: tempSession(), server: await startFakeOpenAiServer(server) };
  });
  afterEach(async () => {
    current?.session.dispose();
    await current?.server.close();
    current = null;
  });
  const now = () => {
    if (current === null) throw new Error('judgeServiceSession: used outside a test');
    return current;
  };
  return {
    get session() {
      return now().session;
    },
    get server() {
      return now().server;
    },
    async ok(method, args, as) {
      const reply = await dispatch(now().session.ctx, method, args, as === undefined ? { owner: true } : { name: as });
      if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
      return reply.value as ResultOf<typeof method>;
    },
  };
}
