import { spawn, type ChildProcess } from 'node:child_process';
import { copyWorkspace } from '../../db/copy/workspaceCopy';
import type { ApiReply } from '../api/contract';
import type { ServiceContext } from '../services/context';
import { dispatch } from '../services/dispatch';
import { openPostgresSession, type PostgresSession } from '../services/postgresSession';
import type { TestPostgres } from './postgres';
import { ACCORD_BIN } from './serveProcess';
import { tempSession } from './tempWorkspace';

/**
 * Real `accord serve --team --database URL` processes for the tests that kill one (issue 16,
 * "stateless servers"), with a short job lease so the other takes a job over in about a second.
 * Each binds 127.0.0.1 on a free port. `stopAll()` kills what is left (SIGKILL).
 */
export class TeamServers {
  private readonly children: ChildProcess[] = [];

  constructor(readonly leaseMs = 1_500) {}

  /** Starts a server on `url`; resolves once it prints its address. */
  async start(url: string, args: string[] = []): Promise<TeamServerProcess> {
    const env = { ...process.env, ACCORD_JOB_LEASE_MS: String(this.leaseMs), ACCORD_JOB_POLL_MS: '100', OPENAI_API_KEY: '' };
    const child = spawn(process.execPath, [ACCORD_BIN, 'serve', '--team', '--database', url, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    this.children.push(child);
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Open: (\S+)/.exec(output);
        if (match) resolve(match[1]);
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => reject(new Error(`accord serve exited (${code}):\n${output}`)));
    });
    return { child, base, pid: child.pid!, kill: () => killAndWait(child) };
  }

  stopAll(): void {
    for (const child of this.children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export interface TeamServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT/`. */
  base: string;
  pid: number;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
}

function killAndWait(child: ChildProcess): Promise<void> {
  const gone = child.exitCode !== null || child.signalCode !== null;
  if (gone) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

/** The pid of the server holding a job's lease (`leased_by` is `host:pid:random`: jobLeases.ts). */
export function leaseHolderPid(leasedBy: string | null): number {
  return Number(leasedBy?.split(':')[1]);
}

/** Calls a method over HTTP with an invite, as a script does; rejects with the reply's error. */
export async function callOver<T>(base: string, token: string, method: string, args: unknown): Promise<T> {
  const response = await fetch(`${base}api/call/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(args) });
  const reply = (await response.json()) as ApiReply<T>;
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value;
}

/** Waits until `condition` holds, looking every 25 ms; throws naming `what` after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A team database for the kill tests: a workspace file filled by `seed`, with the lead lee,
 * copied up to a new database of `postgres`, opened as a session (closed by the caller's
 * cleanups), and lee's invite token to call the servers with.
 */
export async function seededTeamDatabase(
  postgres: { current: TestPostgres },
  seed: (ctx: ServiceContext) => Promise<unknown>,
  cleanups: (() => Promise<void> | void)[],
): Promise<{ url: string; session: PostgresSession; token: string }> {
  const local = tempSession();
  try {
    await seed(local.ctx);
    const made = await dispatch(local.ctx, 'annotators.upsert', { name: 'lee', role: 'lead' }, { owner: true });
    if (!made.ok) throw new Error(made.error.message);
    const url = await postgres.current.createDatabase();
    await copyWorkspace(local.ctx.workspacePath, url);
    const session = await openPostgresSession(url);
    cleanups.push(() => session.close());
    const invite = await dispatch(session.ctx, 'invites.create', { person: 'lee' }, { owner: true });
    if (!invite.ok) throw new Error(invite.error.message);
    return { url, session, token: (invite.value as { token: string }).token };
  } finally {
    local.dispose();
  }
}
