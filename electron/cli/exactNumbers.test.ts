import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXACT_NUMBERS } from '../testing/fixtures';
import { runAccord } from '../testing/cliRun';

// Issue 18 part 4 on the command line: a metadata value beyond 2^53 given to --metadata is kept
// as its digits (as the importer stores it), so it selects its item and not a rounded neighbour.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-exact-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args]);
}

describe('accord agreement --metadata with an integer beyond 2^53', () => {
  it('selects the item whose metadata holds exactly those digits', async () => {
    const workspace = path.join(dir, 'w.accord');
    expect((await accord('import', path.join(EXACT_NUMBERS, 'plans.jsonl'), '-w', workspace)).code).toBe(0);
    const schema = path.join(dir, 'schema.json');
    fs.writeFileSync(schema, JSON.stringify({ id: 'exact', title: 'Exact', kinds: ['plan'], questions: [{ id: 'ok', type: 'nominal', title: 'OK?', options: ['yes', 'no'], required: false }] }));
    expect((await accord('task', 'create', '--name', 'exact', '--schema', schema, '--dataset', 'plans', '-w', workspace)).code).toBe(0);
    const selected = async (value: string) => {
      const run = await accord('agreement', '--task', 'exact', '-w', workspace, '--json', '--metadata', `account=${value}`, '--bootstrap', '0');
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { selection: { items: number } }).selection.items;
    };
    expect(await selected('12345678901234567891')).toBe(1);
    // Number('12345678901234567891') is 12345678901234567000: a neighbour that rounds the same must not match.
    expect(await selected('12345678901234567890')).toBe(0);
  });
});
