import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RELEASES } from '../testing/fixtures';
import { runAccord } from '../testing/cliRun';

// `accord curate` on the ALMITA fixtures (the verdicts and the expected counts are listed in
// electron/services/curation/curation.test.ts), in process through the real program.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-curate-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args, '-w', path.join(dir, 'w.accord')]);
}

async function almitaTask() {
  const imported = await accord('import', path.join(RELEASES, 'almita-flowgraphs'), path.join(RELEASES, 'almita-conversations.jsonl'));
  expect(imported.code).toBe(0);
  expect(imported.stdout).toContain(`${path.join(RELEASES, 'almita-flowgraphs', 'cancel_subscription.txt')}: 1 graph (flowgraph-lines) into "almita-flowgraphs"`);
  const created = await accord('task', 'create', '--name', 'almita', '--schema', path.join(RELEASES, 'almita-validity.schema.json'), '--dataset', 'almita-flowgraphs,almita-conversations', '--annotators', 'ana,ben');
  expect(created.code).toBe(0);
  expect((await accord('labels', 'import', path.join(RELEASES, 'almita-labels.csv'), '--task', 'almita')).code).toBe(0);
}

describe('accord curate', () => {
  it('prints the counts before and after per kind, and every item removed or left out with the reason', async () => {
    await almitaTask();
    const { code, stdout } = await accord('curate', '--task', 'almita', '--question', 'valid');
    expect(code).toBe(0);
    const table = stdout.split('\n').filter((l) => /^(flowgraphs|conversations)\s/.test(l)).map((l) => l.trim().split(/\s{2,}/));
    expect(table).toEqual([
      ['flowgraphs', '3', '1', '1', '0', '1'],
      ['conversations', '5', '3', '1', '1', '0'],
    ]);
    expect(stdout).toContain('update_shipping_address (flowgraph, almita-flowgraphs) — rejected by ben; accepted by ana');
    expect(stdout).toContain('almita-c2 (conversation, almita-conversations) — rejected by ana; accepted by ben');
    expect(stdout).toContain('removed with their flowgraph (1 conversation):\n  almita-c3 (conversation, almita-conversations) — its flowgraph update_shipping_address was removed');
    expect(stdout).toContain('judged by nobody, so neither kept nor removed, and not exported (1):\n  report_lost_card (flowgraph, almita-flowgraphs)');
    expect(stdout).toContain("naming a flowgraph id none of the task's flowgraphs has (1; judged on their own):\n  almita-c5 (conversation, almita-conversations) → renew_passport");
  });

  it('writes the kept conversations to --out and the kept flowgraphs beside it, and --json says where', async () => {
    await almitaTask();
    const out = path.join(dir, 'curated.jsonl');
    const { code, stdout } = await accord('curate', '--task', 'almita', '--question', 'valid', '--out', out, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { counts: unknown[]; written: { kind: string; path: string; items: number }[] };
    expect(report.written).toEqual([
      { kind: 'conversation', path: out, items: 3 },
      { kind: 'graph', path: path.join(dir, 'curated.flowgraphs.txt'), items: 1 },
    ]);
    expect(fs.readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['almita-c1', 'almita-c4', 'almita-c5']);
    expect(fs.readFileSync(path.join(dir, 'curated.flowgraphs.txt'), 'utf8')).toMatch(/^# graph: cancel_subscription\n/);
  });

  it('refuses an answer the question does not have, naming the answers', async () => {
    await almitaTask();
    const { code, stderr } = await accord('curate', '--task', 'almita', '--question', 'valid', '--valid', 'ok');
    expect(code).not.toBe(0);
    expect(stderr).toContain('"ok" is not an answer of valid (answers: valid, invalid)');
  });
});
