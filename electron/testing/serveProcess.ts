import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseTokenFragment } from '../common/browserLink';

/** The `accord` command as a user runs it (bundle or sources, as electron/cli/bin.mjs decides). */
export const ACCORD_BIN = path.resolve(import.meta.dirname, '../cli/bin.mjs');

/** A running `accord serve` child and what its printed URL says. */
export interface ServedProcess {
  child: ChildProcess;
  /** The printed URL, the token in its fragment (none for a team server: `--team`). */
  url: string;
  /** `http://127.0.0.1:PORT/`. */
  base: string;
  port: number;
  /** '' for a team server. */
  token: string;
  /** Everything it printed so far (stdout and stderr), still collected after start. */
  output(): string;
}

/**
 * Starts the real `accord serve --workspace WORKSPACE --port 0` (it binds 127.0.0.1) in a child
 * process and resolves once it prints its URL; rejects with what it printed if it exits first or
 * prints no URL within `timeoutMs`. The caller stops the child.
 */
export async function startServeProcess(
  workspace: string,
  { args = [], env, timeoutMs = 45_000 }: { args?: string[]; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ServedProcess> {
  const child = spawn(process.execPath, [ACCORD_BIN, 'serve', '--workspace', workspace, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`accord serve printed no URL:\n${output}`)), timeoutMs);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Open: (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`accord serve exited (${code}):\n${output}`));
      });
    });
    const parsed = new URL(url);
    return { child, url, base: `${parsed.origin}/`, port: Number(parsed.port), token: parseTokenFragment(parsed.hash)?.token ?? '', output: () => output };
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  }
}
