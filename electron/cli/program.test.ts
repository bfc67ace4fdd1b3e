import { describe, expect, it } from 'vitest';
import { runAccord } from '../testing/cliRun';
import { COMMAND_NAMES, commandNamed, createProgram } from './program';

const silent = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false };
const topLevel = (only?: string) => createProgram(silent, { only }).program.commands.map((c) => c.name());

describe('registering only the command a run names', () => {
  it('knows every top-level command by the name its registration gives it', () => {
    expect(topLevel()).toEqual(COMMAND_NAMES);
    for (const name of COMMAND_NAMES) expect(topLevel(name), name).toEqual([name]);
  });

  it('finds the command after the global --as NAME, and none for --help, help or a misspelt command', () => {
    const argv = (...args: string[]) => ['node', 'accord', ...args];
    expect(commandNamed(argv('agreement', '--ratings', 'r.csv'))).toBe('agreement');
    expect(commandNamed(argv('--as', 'ana', 'labels', 'export'))).toBe('labels');
    expect(commandNamed(argv('--as=ana', 'task', 'list'))).toBe('task');
    expect(commandNamed(argv('--help'))).toBeUndefined();
    expect(commandNamed(argv('help', 'agreement'))).toBeUndefined();
    expect(commandNamed(argv('agrement'))).toBeUndefined();
    expect(commandNamed(argv())).toBeUndefined();
  });

  it('still lists every command, and suggests the right one for a misspelt command', async () => {
    const help = await runAccord(['--help']);
    for (const name of COMMAND_NAMES) expect(help.stdout).toContain(`\n  ${name}`);
    const misspelt = await runAccord(['agrement']);
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr).toMatch(/Did you mean agreement\?/);
  });
});
