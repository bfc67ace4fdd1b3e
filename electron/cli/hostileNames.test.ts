import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAccord } from '../testing/cliRun';

// Issue 15 part 7: names are data. A file, dataset, item or annotator name with control or
// bidirectional characters prints escaped in every CLI message and table (one writer escapes
// everything the commands print, cli/io.ts), and --json stays valid JSON of the same value.
let dir: string;
let workspace: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-names-'));
  workspace = path.join(dir, 'w.accord');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args]);
}

const RLO = '\u202E';
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const planLine = (id: string) => JSON.stringify({ query_id: id, query: 'Q', plan: { 1: { query: "T2S([], 'x')", depends_on: [] } } });

describe('hostile names in the CLI', () => {
  it('prints a bidi-override file, dataset and item name escaped, in messages, tables and JSON', async () => {
    const file = path.join(dir, `evil${RLO}lnosj.jsonl`);
    fs.writeFileSync(file, `${planLine(`q${RLO}1\u001b[2J`)}\n`);
    const imported = await accord('import', file, '-w', workspace);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('evil\\u202Elnosj.jsonl: 1 plan (plans-jsonl) into "evil\\u202Elnosj"');
    expect(imported.stdout).not.toMatch(ACTING);

    const listed = await accord('datasets', 'list', '-w', workspace);
    expect(listed.stdout).toBe('evil\\u202Elnosj  plan  1 items\n');

    const items = await accord('items', '-w', workspace);
    expect(items.stdout).toContain('q\\u202E1\\u001B[2J');
    expect(items.stdout).not.toMatch(ACTING);

    // JSON: the same value once parsed, with no acting character on the terminal.
    const json = await accord('datasets', 'list', '-w', workspace, '--json');
    expect(json.stdout).not.toMatch(ACTING);
    expect((JSON.parse(json.stdout) as { name: string }[])[0].name).toBe(`evil${RLO}lnosj`);
  });

  it('escapes names in rejections and errors too', async () => {
    const rejected = await accord('import', path.join(dir, `gone${RLO}.jsonl`), '-w', workspace);
    expect(rejected.code).toBe(2);
    expect(rejected.stdout).toContain(`gone\\u202E.jsonl — no such file`);
    const unknown = await accord('task', 'create', '--name', 't', '--schema', 'plan-quality', '--dataset', `no${RLO}such`, '-w', workspace);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).not.toMatch(ACTING);
  });
});

describe('hostile input files of other commands', () => {
  it('agreement --ratings refuses a FIFO (never opened: it would wait for a writer) and a device', async () => {
    const fifo = path.join(dir, 'ratings.csv');
    execFileSync('mkfifo', [fifo]);
    const piped = await accord('agreement', '--ratings', fifo);
    expect(piped).toMatchObject({ code: 1 });
    expect(piped.stderr).toMatch(/cannot read .*ratings\.csv: is a named pipe \(FIFO\)/);
    expect((await accord('agreement', '--ratings', '/dev/zero')).stderr).toMatch(/is a device, not a regular file/);
  });
});
