import { main } from '../cli/main';

/** What a run of the accord program wrote, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real accord program in process, as `accord ARGS…` in a shell (stderr not a terminal),
 * and collects what it writes: the CLI tests' one way to call it.
 */
export async function runAccord(args: readonly string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'accord', ...args], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), stderrIsTTY: false });
  return { code, stdout, stderr };
}
