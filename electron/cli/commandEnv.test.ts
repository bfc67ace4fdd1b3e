import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram } from './program';
import { opensNoWorkspace } from './commandEnv';

describe('opensNoWorkspace', () => {
  it('lets `accord agreement --ratings FILE` start without the workspace layer, and only it', async () => {
    const { program } = createProgram({ stdout: () => {}, stderr: () => {}, stderrIsTTY: false });
    const seen: boolean[] = [];
    program.hook('preAction', (_p, action: Command) => {
      seen.push(opensNoWorkspace(action));
      throw new Error('stop before the action');
    });
    for (const argv of [['agreement', '--ratings', 'r.csv'], ['agreement', '--task', 't'], ['items']]) {
      await program.parseAsync(['node', 'accord', ...argv]).catch(() => {});
    }
    expect(seen).toEqual([true, false, false]);
  });
});
