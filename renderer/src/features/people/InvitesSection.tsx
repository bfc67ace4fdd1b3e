import { Alert, Box, Button, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { InviteInfo, InviteStatus } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useApiQuery } from '../../api/useApiQuery';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { VisibleName } from '../../common/VisibleName';
import { formatDateTime, plural } from '../../common/format';
import { useAsyncAction } from '../../common/useAsyncAction';
import { ROLE_TEXT } from '../identity/identityStore';

const STATUS: Record<InviteStatus, { label: string; color: 'success' | 'default' | 'warning' | 'error'; help: string }> = {
  active: { label: 'Active', color: 'success', help: 'not opened yet' },
  used: { label: 'Used', color: 'success', help: 'opened; still lets its person in' },
  expired: { label: 'Expired', color: 'warning', help: 'lets nobody in' },
  revoked: { label: 'Revoked', color: 'error', help: 'lets nobody in' },
};

/** The team server's invites: who may come in, until when, and Revoke. Tokens are never shown here. */
export function InvitesSection() {
  const invites = useApiQuery('invites', (api) => api['invites.list']({}));
  const [revoking, setRevoking] = useState<InviteInfo | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = invites.data ?? [];
  return (
    <Box sx={{ mt: 4 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
        Invites
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: 760 }}>
        On a team server (accord serve --team) each person comes in by their own link; Invite on a person above makes one. A link is shown once, when
        made.
      </Typography>
      {invites.error && <Alert severity="error">{invites.error}</Alert>}
      {done && (
        <Alert severity="success" sx={{ mb: 1.5 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {invites.data && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No invites yet.
        </Typography>
      )}
      {list.length > 0 && (
        <Paper variant="outlined">
          <Table size="small" aria-label="Invites">
            <TableHead>
              <TableRow>
                <TableCell title="The invite's number, as accord invite list and accord invite revoke ID name it">Invite</TableCell>
                <TableCell>Person</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Made</TableCell>
                <TableCell>Works until</TableCell>
                <TableCell align="right" aria-label="Actions" />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((invite) => (
                <TableRow key={invite.id} data-testid="invite-row">
                  {/* The number tells one person's several invites apart, and is what the CLI revokes by. */}
                  <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>#{invite.id}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>
                    <VisibleName name={invite.person} />
                  </TableCell>
                  <TableCell>{ROLE_TEXT[invite.role].label}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={STATUS[invite.status].color} label={STATUS[invite.status].label} title={STATUS[invite.status].help} />
                    {/* One piece: "2 browsers / signed in" broken in two read as two facts; it may go under the chip whole. */}
                    {invite.sessions > 0 && (
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap', display: 'inline-block' }} data-testid="invite-sessions">
                        {plural(invite.sessions, 'browser')} signed in
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {/* Dates whole on their line, "by …" after or under them: the table fits the page at a laptop's width. */}
                    <Typography variant="body2" color="text.secondary">
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(invite.createdAt)}
                      </Box>
                      {invite.createdBy ? <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{` by ${invite.createdBy}`}</Box> : ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" color="text.secondary">
                      {invite.status === 'revoked' && 'revoked '}
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(invite.status === 'revoked' ? invite.revokedAt! : invite.expiresAt)}
                      </Box>
                    </Typography>
                  </TableCell>
                  <TableCell align="right">
                    {(invite.status === 'active' || invite.status === 'used') && (
                      <Button size="small" color="warning" onClick={() => setRevoking(invite)}>
                        Revoke…
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {revoking && (
        <RevokeDialog
          invite={revoking}
          onClose={() => setRevoking(null)}
          onDone={(text) => {
            setRevoking(null);
            setDone(text);
          }}
        />
      )}
    </Box>
  );
}

function RevokeDialog({ invite, onClose, onDone }: { invite: InviteInfo; onClose(): void; onDone(text: string): void }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const action = useAsyncAction();
  const name = invite.person;
  return (
    <ConfirmDialog
      open
      title={`Revoke ${name}’s invite?`}
      busy={action.busy}
      error={action.error}
      keepLabel="Keep it"
      confirmLabel="Revoke invite"
      confirmColor="error"
      onKeep={onClose}
      onConfirm={() =>
        void action.run(async () => {
          const result = await api['invites.revoke']({ id: invite.id });
          bump();
          onDone(
            `Revoked ${name}’s invite${result.sessionsEnded > 0 ? `: ${plural(result.sessionsEnded, 'browser')} signed out` : ''}. Their labels stay.`,
          );
        })
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {name} loses access to this team server at once: the link stops working
        {invite.sessions > 0 ? ` and the ${plural(invite.sessions, 'browser')} signed in with it ${invite.sessions === 1 ? 'is' : 'are'} signed out` : ''};
        their next action is refused.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Their labels, submissions and gold decisions stay. To let them back in, make a new invite.
      </Typography>
    </ConfirmDialog>
  );
}
