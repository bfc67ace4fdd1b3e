import type { HandlerTable } from '../handlerTypes';
import { createInvite, listInvites, revokeInvite } from './invites';

/** Team mode's invites (issue 16, part 2). */
export const inviteHandlers = {
  'invites.create': (args, ctx) => createInvite(ctx, args),
  'invites.list': (_args, ctx) => listInvites(ctx),
  'invites.revoke': ({ id }, ctx) => revokeInvite(ctx, id),
} satisfies HandlerTable<'invites.create' | 'invites.list' | 'invites.revoke'>;
