import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SopReviewReport } from '../api/contract';
import { RELEASES } from '../testing/fixtures';
import { runAccord } from '../testing/cliRun';

// `accord sop-review report` on fixtures/releases/agent-s-sessions.jsonl with the marks of
// agent-s-labels.csv (ana and ben), in process through the real program.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-sop-review-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function accord(...args: string[]) {
  return runAccord([...args, '-w', path.join(dir, 'w.accord')]);
}

async function reviewed() {
  expect((await accord('import', path.join(RELEASES, 'agent-s-sessions.jsonl'))).code).toBe(0);
  expect((await accord('task', 'create', '--name', 'steps', '--schema', 'agent-s-step-review', '--dataset', 'agent-s-sessions', '--annotators', 'ana,ben')).code).toBe(0);
  const labels = await accord('labels', 'import', path.join(RELEASES, 'agent-s-labels.csv'), '--task', 'steps');
  expect(labels.code, labels.stderr).toBe(0);
}

describe('accord sop-review report', () => {
  it('prints state and action accuracy per SOP and model with their n, the ruled session and the definitions', async () => {
    await reviewed();
    const text = await accord('sop-review', 'report', '--task', 'steps');
    expect(text.code, text.stderr).toBe(0);
    // As the service test counts, but s-101 step 5's action has no gold here: ana and ben differ,
    // so it is left out (disagreed): state 26/29 = 89.7%, action 25/25.
    expect(text.stdout).toContain('task "steps": 6 Agent-S sessions, consensus of ana, ben (gold where set)');
    expect(text.stdout).toMatch(/^all\s+6\s+30\s+89\.7% \(26\/29\)\s+100\.0% \(25\/25\)\s+2$/m);
    expect(text.stdout).toMatch(/^SOP\s+payment-hold\s+3\s+14\s+85\.7% \(12\/14\)\s+100\.0% \(11\/11\)\s+2$/m);
    expect(text.stdout).toMatch(/^model\s+llama-3\.1-70b\s+3\s+16\s+87\.5% \(14\/16\)\s+100\.0% \(14\/14\)\s+2$/m);
    expect(text.stdout).toMatch(/^SOP × model\s+listing-blocked\s+gpt-4o-mini\s+2\s+9\s+87\.5% \(7\/8\)\s+100\.0% \(7\/7\)\s+0$/m);
    expect(text.stdout).toContain('left out: 1 with raters disagreeing on the state; 1 with raters disagreeing on the action');
    expect(text.stdout).toContain('1 step marked correct is incorrect by rule (the rule wins)');
    expect(text.stdout).toContain('incorrect by rule (1 session):');
    expect(text.stdout).toContain('  s-103 (payment-hold, llama-3.1-70b): steps 3, 4 — failed step 2 was continued past');

    const json = await accord('sop-review', 'report', '--task', 'steps', '--rater', 'ana', '--json');
    const report = JSON.parse(json.stdout) as SopReviewReport;
    // ana alone: state 5+5+2+5+7+3 = 27/30 (s-103's 2 steps by rule, s-203 step 3 wrong), action 5+5+2+5+7+3 = 27/27.
    expect(report.source).toEqual({ kind: 'rater', rater: 'ana' });
    expect([report.figures.overall.state.correct, report.figures.overall.state.n, report.figures.overall.action.correct, report.figures.overall.action.n]).toEqual([27, 30, 27, 27]);
  });

  it('says what is wrong with a task that asks no per-step state and action', async () => {
    await reviewed();
    await accord('task', 'create', '--name', 'validity', '--schema', 'conversation-validity', '--dataset', 'agent-s-sessions', '--annotators', 'ana');
    const refused = await accord('sop-review', 'report', '--task', 'validity');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('task "validity" does not ask "state" and "action" per step');
  });
});
