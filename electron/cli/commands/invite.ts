import type { Command } from 'commander';
import type { InviteInfo } from '../../api/contract';
import { call } from '../call';
import { sessionRunner, workspaceOption, type CommandEnv } from '../commandEnv';
import { liveTeamServerFor } from '../serverInfo';
import { UsageError } from '../io';
import { counted } from '../../common/numberFormat';

/** One invite on one line: id, person, role, status and when it ends (never its token). */
function inviteLine(invite: InviteInfo): string {
  const when =
    invite.status === 'revoked'
      ? `revoked ${invite.revokedAt}${invite.revokedBy ? ` by ${invite.revokedBy}` : ''}`
      : invite.status === 'expired'
        ? `expired ${invite.expiresAt}`
        : `expires ${invite.expiresAt}${invite.usedAt ? `, first used ${invite.usedAt}` : ''}`;
  return `${invite.id}  ${invite.person}  ${invite.role}  ${invite.status}  ${when}${invite.sessions > 0 ? `  (${counted(invite.sessions, 'signed-in browser')})` : ''}\n`;
}

/**
 * `accord invite`: per-person invite links for a team server (`accord serve --team`), for leads.
 * The token is shown once, when created; the workspace keeps only its hash.
 */
export function registerInviteCommand(program: Command, env: CommandEnv): void {
  const invite = program.command('invite').description('invite people to a team server (accord serve --team): create, list and revoke per-person links (leads)');
  const withSession = sessionRunner(env);

  workspaceOption(
    invite
      .command('create')
      .description('make an invite link for a person of the workspace (shown once; stored only hashed)')
      .requiredOption('--person <name>', 'who the link lets in (add them first, with their role: accord annotators add NAME --role lead|adjudicator|annotator, or People \u203a Add person\u2026 in the app)')
      .option('--expires <duration>', 'how long the link works: 12h, 7d, 2w (at most 366d)', '7d')
      .option('--url-base <url>', "the team server's address as people reach it (default: the running accord serve --team of this workspace file; on PostgreSQL, whose servers may be several, give it)")
      .option('--json', 'print JSON'),
  ).action((options: { workspace?: string; person: string; expires: string; urlBase?: string; json?: boolean }) =>
    withSession(options.workspace, async (ctx) => {
      if (options.urlBase !== undefined && !URL.canParse(options.urlBase)) throw new UsageError(`--url-base must be an address such as https://accord.example.org/, not "${options.urlBase}"`);
      const urlBase = options.urlBase ?? liveTeamServerFor(ctx.workspacePath) ?? undefined;
      const created = await call(ctx, 'invites.create', { person: options.person, expires: options.expires, ...(urlBase ? { urlBase } : {}) });
      if (options.json) {
        env.io.stdout(`${JSON.stringify(created, null, 2)}\n`);
        return;
      }
      const { invite: info, link, token } = created;
      env.io.stdout(
        [
          `Invite ${info.id} for ${info.person} (${info.role}), until ${info.expiresAt}:`,
          link ? `  ${link}` : `  token: ${token}\n  (no server address known: the link is <team server address>/#invite=${token}; --url-base makes it)`,
          'This is the only time the link is shown: the workspace keeps only its hash. Send it to that person alone; whoever holds it acts as them.',
          `Revoke: accord invite revoke ${info.id}`,
        ].join('\n') + '\n',
      );
    }),
  );

  workspaceOption(invite.command('list').description('list the invites with their status (active, used, expired, revoked); never their tokens').option('--json', 'print JSON')).action(
    (options: { workspace?: string; json?: boolean }) =>
      withSession(options.workspace, async (ctx) => {
        const list = await call(ctx, 'invites.list', {});
        if (options.json) env.io.stdout(`${JSON.stringify(list, null, 2)}\n`);
        else env.io.stdout(list.map(inviteLine).join('') || 'no invites yet (accord invite create --person NAME)\n');
      }),
  );

  workspaceOption(invite.command('revoke').description('revoke an invite: its link stops working and its browser sessions end at once').argument('<id>', 'invite id (accord invite list)')).action(
    (id: string, options: { workspace?: string }) =>
      withSession(options.workspace, async (ctx) => {
        const number = Number(id);
        if (!Number.isInteger(number) || number < 1) throw new UsageError(`invite id must be a whole number (accord invite list shows them), not "${id}"`);
        const result = await call(ctx, 'invites.revoke', { id: number });
        const ended = result.sessionsEnded;
        env.io.stdout(
          result.revoked
            ? `Revoked invite ${number} (${result.invite.person}): the link no longer works${ended > 0 ? ` and ${ended} signed-in browser${ended === 1 ? ' was' : 's were'} signed out` : ''}. Their labels stay.\n`
            : `Invite ${number} (${result.invite.person}) was already revoked.\n`,
        );
      }),
  );
}
