import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../testing/fakeOpenAiServer';
import { REPO_ROOT } from '../testing/fixtures';
import { answerPlanQuality } from '../testing/judgeFixtures';
import { main } from './main';
import { createProgram } from './program';

// README.md's "The `accord` command" documents every command with an example, and the examples
// work: they run here in order, as the README lists them, on a fresh workspace.
const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## The `accord` command'), readme.indexOf('\n## ', readme.indexOf('## The `accord` command') + 1));

/** Every command a user can run, as its words: `import`, `task create`, `judge run`… */
function commandPaths(command: Command, prefix: string[] = []): string[] {
  return command.commands.flatMap((sub) => {
    const words = [...prefix, sub.name()];
    return sub.commands.length > 0 ? commandPaths(sub, words) : [words.join(' ')];
  });
}
const silent = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false };
const COMMANDS = commandPaths(createProgram(silent).program);

/** The `npx accord …` lines of the section's code blocks: arguments, and whether the comment says the call is refused. */
const examples = section
  .split('\n')
  .filter((line) => line.startsWith('npx accord '))
  .map((line) => {
    const [call, comment = ''] = line.split(/\s+#\s*/, 2);
    return { line, args: call.trim().split(/\s+/).slice(2), refused: comment.startsWith('refused') };
  });
const pathOf = (args: string[]) => {
  const words = args[0] === '--as' ? args.slice(2) : args;
  return COMMANDS.find((c) => c === words.slice(0, 2).join(' ')) ?? COMMANDS.find((c) => c === words[0]);
};

// A server that keeps running. The examples that call an LLM endpoint run against the scripted
// one on 127.0.0.1 (their --base-url rewritten to it), so that the runs they make are there for the
// examples after them (a compare of runs 3 and 4 once named a run the README never made).
const NOT_RUN = new Set(['serve']);
const README_ENDPOINT = 'http://127.0.0.1:11434/v1';

describe('README: the accord command', () => {
  it('has an example of every command and subcommand', () => {
    expect(COMMANDS).toEqual(expect.arrayContaining(['import', 'task create', 'labels export', 'pack import', 'judge preview', 'agreement']));
    const documented = new Set(examples.map((e) => pathOf(e.args)));
    expect(COMMANDS.filter((c) => !documented.has(c))).toEqual([]);
  });

  describe('runs every example but the server, in order, on a fresh workspace (LLM calls answered on 127.0.0.1)', () => {
    let dir: string;
    let cwd: string;
    let endpoint: FakeOpenAiServer;
    const key = process.env.OPENAI_API_KEY;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-readme-'));
      cwd = process.cwd();
      // Outputs (--out FILE) land in the temporary folder; the examples' fixtures/ paths are the repository's.
      process.chdir(dir);
      endpoint = await startFakeOpenAiServer({ respond: answerPlanQuality });
      process.env.OPENAI_API_KEY = 'sk-readme-test-key';
    });
    afterAll(async () => {
      process.chdir(cwd);
      fs.rmSync(dir, { recursive: true, force: true });
      await endpoint.close();
      if (key === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = key;
    });

    const runnable = examples.filter((e) => !NOT_RUN.has(pathOf(e.args) ?? ''));
    it.each(runnable.map((e) => [e.line, e] as const))('%s', async (_line, example) => {
      const args = example.args.map((a) => (a.startsWith('fixtures/') ? path.join(REPO_ROOT, a) : a === README_ENDPOINT ? endpoint.baseUrl : a));
      let stderr = '';
      const code = await main(['node', 'accord', ...args, '-w', path.join(dir, 'readme.accord')], { ...silent, stderr: (t) => (stderr += t) });
      if (example.refused) expect(code, stderr).not.toBe(0);
      else expect(code, stderr).toBe(0);
    });

    it('left the files the examples write', () => {
      for (const file of ['review-labels.jsonl', 'ana.pack.json', 'review-agreement.html', 'my-judge.json']) expect(fs.existsSync(path.join(dir, file)), file).toBe(true);
    });
  });
});
