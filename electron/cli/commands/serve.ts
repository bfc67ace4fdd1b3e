import path from 'node:path';
import type { Command } from 'commander';
import { defaultWorkspacePath, userAccordFolder } from '../defaultWorkspace';
import { CliError, UsageError } from '../io';
import { type CommandEnv } from '../commandEnv';
import { DEFAULT_PORT, removeServerInfo, writeServerInfo } from '../serverInfo';
import { printable } from '../../../db/copy/where';

/** The upload limit unless --max-upload-mb says otherwise (the server's DEFAULT_MAX_UPLOAD_BYTES). */
const DEFAULT_MAX_UPLOAD_MB = 1024;

export function registerServeCommand(program: Command, env: CommandEnv): void {
  program
    .command('serve')
    .description('browser mode: serve the Accord UI on 127.0.0.1 and print its URL (the access token in its fragment)')
    .option('-w, --workspace <path>', 'workspace file (default: the per-user default workspace)')
    .option('-p, --port <n>', `port on 127.0.0.1 (0 picks a free one)`, String(DEFAULT_PORT))
    .option('--max-upload-mb <n>', 'largest file the browser may upload for an import, in MB', String(DEFAULT_MAX_UPLOAD_MB))
    .option('--team', 'team mode: people come in by their own invite link (accord invite create); nobody can act as someone else')
    .option('--host <address>', 'team mode: address to listen on (default 127.0.0.1; put a TLS reverse proxy in front rather than exposing it)')
    .option('--public-url <url>', 'team mode: the https:// address people reach the server at through the proxy (invite links start with it)')
    .option('--trust-proxy', "team mode: believe the proxy's X-Forwarded-Proto, so session cookies are Secure over HTTPS")
    .option('--database <url>', 'team mode on a PostgreSQL database (postgres://…) instead of a workspace file; several servers may share one')
    .option('--upload-folder <dir>', "team mode: where uploads wait for the import job that reads them; every server of the team must read the same folder (shared storage when they run on several machines; default: one in the system's temporary folder)")
    .action(async (options: ServeOptions) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, not "${options.port}"`);
      const maxUploadMb = Number(options.maxUploadMb);
      if (!Number.isInteger(maxUploadMb) || maxUploadMb < 1) throw new UsageError(`--max-upload-mb must be a whole number of MB, at least 1, not "${options.maxUploadMb}"`);
      const team = teamOptions(options);
      if (team) {
        team.jobs = jobTimings(process.env);
        if (options.uploadFolder !== undefined) team.uploadFolder = path.resolve(options.uploadFolder);
      }
      if (options.database !== undefined && options.workspace !== undefined) throw new UsageError('give either --workspace (a file) or --database (a postgres:// URL), not both');
      const workspacePath = options.database ?? path.resolve(options.workspace ?? defaultWorkspacePath());
      const where = options.database === undefined ? workspacePath : printable(options.database);
      // The HTTP server and everything behind it load only when serving.
      const { startBrowserMode } = await import('../../transports/http/server');
      const { defaultBackupsRoot } = await import('../../services/backups/workspaceBackups');
      const backupsRoot = defaultBackupsRoot(userAccordFolder());
      const server = await startBrowserMode({ workspacePath, port, backupsRoot, maxUploadBytes: maxUploadMb * 1024 * 1024, team }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') throw new CliError(`port ${port} is in use; pick another with --port (0 = any free port)`);
        throw new CliError(error.message);
      });
      // A database has no folder to leave the server's address in; `accord invite create` takes --url-base.
      if (options.database === undefined) writeServerInfo(workspacePath, { pid: process.pid, baseUrl: server.baseUrl, token: server.token, team: team !== undefined });
      env.io.stdout(`Accord is serving ${where}${team ? ' as a team server' : ''}\nOpen: ${server.url}\n`);
      if (team) env.io.stdout(teamNotes(options.database === undefined ? workspacePath : options.database, server.baseUrl, team));
      env.io.stdout(
        server.ctx.backups
          ? `Backups: ${server.ctx.backups.folder} (daily, and before anything is deleted for good)\n(Ctrl+C to stop)\n`
          : `Backups: take them with pg_dump (README "Run a team server")\n(Ctrl+C to stop)\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      if (options.database === undefined) removeServerInfo(workspacePath);
      await server.close();
    });
}

interface ServeOptions {
  workspace?: string;
  port: string;
  maxUploadMb: string;
  team?: boolean;
  host?: string;
  publicUrl?: string;
  trustProxy?: boolean;
  database?: string;
  uploadFolder?: string;
}

/**
 * A team server's job lease and poll interval from the environment (`ACCORD_JOB_LEASE_MS`,
 * `ACCORD_JOB_POLL_MS`; jobLeases.ts defaults, 30 s and 1 s, when unset): how long a dead
 * server's judge run waits before another server takes it over. Every server of a workspace
 * should use the same lease.
 */
function jobTimings(environment: NodeJS.ProcessEnv): { leaseMs?: number; pollMs?: number } {
  const read = (name: string, min: number): number | undefined => {
    const text = environment[name];
    if (text === undefined || text === '') return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new UsageError(`${name} must be a whole number of milliseconds, at least ${min}, not "${text}"`);
    return value;
  };
  return { leaseMs: read('ACCORD_JOB_LEASE_MS', 300), pollMs: read('ACCORD_JOB_POLL_MS', 50) };
}

/** The team options the flags ask for, undefined without --team; refuses team flags without it. */
function teamOptions(options: ServeOptions): { host?: string; publicUrl?: string; trustProxy?: boolean; jobs?: { leaseMs?: number; pollMs?: number }; uploadFolder?: string } | undefined {
  const teamOnly = (['host', 'publicUrl', 'trustProxy', 'database', 'uploadFolder'] as const).filter((key) => options[key] !== undefined);
  if (!options.team) {
    if (teamOnly.length > 0) throw new UsageError(`--${teamOnly[0].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is for team mode; add --team`);
    return undefined;
  }
  if (options.database !== undefined && !/^postgres(ql)?:\/\//i.test(options.database)) {
    throw new UsageError(`--database must be a PostgreSQL URL such as postgres://accord@127.0.0.1/accord, not "${options.database}"`);
  }
  if (options.publicUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(options.publicUrl);
    } catch {
      throw new UsageError(`--public-url must be an address such as https://accord.example.org/, not "${options.publicUrl}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`--public-url must start with https://, not "${options.publicUrl}"`);
  }
  return { host: options.host, publicUrl: options.publicUrl, trustProxy: options.trustProxy };
}

/** What to do next on a team server: invite people, and how to put it behind TLS. */
function teamNotes(workspacePath: string, baseUrl: string, team: { host?: string; publicUrl?: string; trustProxy?: boolean }): string {
  const lines = [
    `Team mode: people come in by invite, each as the person it names with that person's role. Add someone (a lead first), then invite them (the link is shown once):`,
    `  accord annotators add NAME --role lead|adjudicator|annotator -w ${JSON.stringify(workspacePath)}`,
    `  accord invite create -w ${JSON.stringify(workspacePath)} --person NAME --url-base ${baseUrl}`,
    `Listening on ${team.host ?? '127.0.0.1'} only${team.host ? '' : ' (--host to change)'}. To serve a team over the network, put a TLS reverse proxy in front, e.g. Caddy:`,
    `  accord.example.org {\n    reverse_proxy ${team.host && team.host !== '0.0.0.0' ? team.host : '127.0.0.1'}:${new URL(baseUrl).port || '4873'}\n  }`,
    `and start with --public-url https://accord.example.org/ --trust-proxy: session cookies are then sent over HTTPS only (Secure), so nobody on the network can copy one (README "Run a team server").`,
  ];
  if (team.publicUrl && !team.trustProxy) lines.push('Note: without --trust-proxy, session cookies are not marked Secure.');
  return `${lines.join('\n')}\n`;
}
