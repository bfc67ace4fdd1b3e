import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { copyWorkspace } from '../../db/copy/workspaceCopy';
import type { CreatedInvite } from '../../electron/api/contract';
import { count, decimal } from '../../electron/common/numberFormat';
import { dispatch } from '../../electron/services/dispatch';
import { importFiles } from '../../electron/services/import/importFiles';
import { openPostgresSession } from '../../electron/services/postgresSession';
import { openSession } from '../../electron/services/session';
import { startPostgres } from '../../electron/testing/postgres';
import { writeConversationsJsonl } from './generateConversations';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TASK = 'validity';
/**
 * Time an annotator takes between two saves, on average (±50%): one a second is still several
 * times quicker than a person reading a conversation, so 50 of them are a busy team; the bench
 * measures what each of them waits for a save, not how many saves a server takes back to back.
 * BENCH_TEAM_THINK_MS=300 finds the limit: once one server is killed, the other (one request at a
 * time, ~7 ms a save here) is saturated at ~140 saves/s and the p99 passes 200 ms.
 */
const THINK_MS = Number(process.env.BENCH_TEAM_THINK_MS ?? 1000);

/** A team server: `accord serve --team --database URL` in a process of its own. */
interface TeamServer {
  name: string;
  baseUrl: string;
  process: ChildProcess;
}

function startServer(name: string, url: string): Promise<TeamServer> {
  const child = spawn(process.execPath, [path.join(ROOT, 'electron/cli/bin.mjs'), 'serve', '--team', '--database', url, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const open = /Open: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (open) resolve({ name, baseUrl: open[1], process: child });
    });
    child.once('exit', (code) => reject(new Error(`server ${name} exited (${code}) before serving:\n${out}`)));
  });
}

/** A simulated annotator: signs in with their invite, then saves labels through whichever server answers. */
class Annotator {
  cookie = '';
  acked = new Set<number>();
  latencies: number[] = [];
  failovers = 0;

  constructor(
    readonly name: string,
    private readonly token: string,
    private servers: TeamServer[],
  ) {}

  async signIn(): Promise<void> {
    const reply = await fetch(`${this.servers[0].baseUrl}api/session`, { method: 'POST', headers: { authorization: `Bearer ${this.token}` } });
    if (!reply.ok) throw new Error(`${this.name} could not sign in: ${await reply.text()}`);
    this.cookie = reply.headers.get('set-cookie')!.split(';')[0];
  }

  /** Saves one label; on a server that is gone, says so and saves it through the next one. */
  async save(itemId: number): Promise<void> {
    const body = JSON.stringify({ task: TASK, itemId, question: 'validity', value: itemId % 3 === 0 ? 'invalid' : 'valid' });
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      const server = this.servers[0];
      try {
        const reply = await fetch(`${server.baseUrl}api/call/labels.save`, { method: 'POST', headers: { cookie: this.cookie, 'content-type': 'application/json' }, body });
        const answer = (await reply.json()) as { ok: boolean; error?: { message: string } };
        if (!answer.ok) throw new Error(`${this.name}: labels.save refused: ${answer.error?.message}`);
        this.acked.add(itemId);
        this.latencies.push(performance.now() - started);
        return;
      } catch (error) {
        if (!(error instanceof TypeError) || attempt >= this.servers.length) throw error;
        // A connection refused or reset: that server is gone; the same save goes to the next.
        this.servers = [...this.servers.slice(1), server];
        this.failovers++;
      }
    }
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Issue 16's load test: `people` annotators × `labelsEach` label saves over HTTP against two
 * team servers on one PostgreSQL; one server is killed with SIGKILL when half the saves are in,
 * and its annotators go on through the other. Prints acknowledged vs stored labels (must be
 * equal) and the save latencies (target p99 < 200 ms). Needs the CLI bundle (`npm run build:cli`)
 * for the servers to start quickly, and Debian's postgresql.
 */
export async function benchTeamLoad(people = Number(process.env.BENCH_TEAM_PEOPLE ?? 50), labelsEach = Number(process.env.BENCH_TEAM_LABELS ?? 200)): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-team-'));
  const cluster = await startPostgres();
  const servers: TeamServer[] = [];
  try {
    // The workspace: labelsEach conversations, a blind task with every annotator on every item.
    const file = path.join(dir, 'team.accord');
    const jsonl = path.join(dir, 'conversations.jsonl');
    await writeConversationsJsonl(jsonl, labelsEach);
    const local = openSession({ workspacePath: file });
    const names = Array.from({ length: people }, (_, i) => `annotator-${String(i + 1).padStart(2, '0')}`);
    try {
      await importFiles(local.ctx, [{ path: jsonl, displayName: 'conversations.jsonl' }]);
      const created = await dispatch(local.ctx, 'tasks.create', { name: TASK, schema: { preset: 'conversation-validity' }, datasets: ['conversations'], annotators: names, overlap: 'all', seed: 1 }, { owner: true });
      if (!created.ok) throw new Error(created.error.message);
    } finally {
      local.close();
    }
    const url = await cluster.createDatabase('team');
    await copyWorkspace(file, url);

    // Invites, made on the database as a lead would with `accord invite create`.
    const lead = await openPostgresSession(url, { claim: { owner: true } });
    const tokens: string[] = [];
    let itemIds: number[];
    try {
      for (const name of names) {
        const reply = await dispatch(lead.ctx, 'invites.create', { person: name, expires: '1d' }, { owner: true });
        if (!reply.ok) throw new Error(reply.error.message);
        tokens.push((reply.value as CreatedInvite).token);
      }
      const sql = lead.ctx.sql;
      itemIds = sql.all(sql.q.selectFrom('items').select('id').orderBy('id')).map((row) => row.id);
    } finally {
      lead.close();
    }

    servers.push(await startServer('A', url), await startServer('B', url));
    // Half the team starts on each server.
    const team = names.map((name, i) => new Annotator(name, tokens[i], i % 2 === 0 ? [servers[0], servers[1]] : [servers[1], servers[0]]));
    await Promise.all(team.map((a) => a.signIn()));

    const total = people * labelsEach;
    let saved = 0;
    let killedAt: number | null = null;
    const started = performance.now();
    await Promise.all(
      team.map(async (annotator, who) => {
        for (const [i, itemId] of itemIds.entries()) {
          // Deterministic jitter, so that the team does not save in lockstep.
          await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + (((who * 7919 + i * 104729) % 1000) / 1000))));
          await annotator.save(itemId);
          saved++;
          if (killedAt === null && saved >= total / 2) {
            killedAt = saved;
            servers[0].process.kill('SIGKILL');
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let stored: number;
    try {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM labels l JOIN tasks t ON t.id = l.task_id WHERE t.name = $1 AND l.question = 'validity'", [TASK]);
      stored = Number(rows[0].n);
    } finally {
      await client.end();
    }
    const acked = team.reduce((sum, a) => sum + a.acked.size, 0);
    const latencies = team.flatMap((a) => a.latencies).sort((x, y) => x - y);
    const failovers = team.reduce((sum, a) => sum + a.failovers, 0);
    console.log(
      `team load: ${count(people)} annotators × ${count(labelsEach)} labels over HTTP (one every ${count(THINK_MS)} ms ± 50% each), two servers on one PostgreSQL, server A killed (SIGKILL) after ${count(killedAt ?? 0)} saves`,
    );
    console.log(`  acknowledged ${count(acked)}, stored ${count(stored)} (${acked === stored ? 'equal' : 'NOT EQUAL'}); ${count(failovers)} saves failed over to server B`);
    console.log(
      `  save latency p50 ${decimal(percentile(latencies, 50), 1)} ms, p99 ${decimal(percentile(latencies, 99), 1)} ms (target < 200 ms: ${percentile(latencies, 99) < 200 ? 'met' : 'NOT met'}), max ${decimal(latencies.at(-1) ?? 0, 1)} ms; ${decimal(total / seconds, 0)} saves/s`,
    );
  } finally {
    for (const server of servers) server.process.kill('SIGKILL');
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
