import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A fake endpoint running in a child process (see `fakeServerProcess.ts`). */
export interface RemoteFakeServer {
  baseUrl: string;
  /** Requests the server has received so far. */
  requestCount(): Promise<number>;
  close(): Promise<void>;
}

/** Starts the fake plan-quality endpoint in a child process on 127.0.0.1. */
export async function startRemoteFakeServer(latencyMs: number): Promise<RemoteFakeServer> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'fakeServerProcess.ts'), [String(latencyMs)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`the fake server process exited with code ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next('ready');
  return {
    baseUrl: ready.baseUrl as string,
    async requestCount() {
      const reply = next('count');
      child.send({ type: 'count' });
      return (await reply).requests as number;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}
