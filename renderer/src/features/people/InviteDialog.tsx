import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Annotator, CreatedInvite } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useAsyncAction } from '../../common/useAsyncAction';
import { formatDateTime } from '../../common/format';
import { ROLE_TEXT } from '../identity/identityStore';

const LIFETIMES = [
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
] as const;

/** The address people reach this server at, as the start of the link (none in the desktop app). */
function pageBase(): string | undefined {
  const here = new URL('.', document.baseURI);
  return here.protocol === 'http:' || here.protocol === 'https:' ? here.href : undefined;
}

/**
 * Invites one person to the team server: pick how long the link works, create it, then copy it.
 * The link is shown once, here: the workspace keeps only its hash.
 */
export function InviteDialog({ person, onClose }: { person: Annotator; onClose(): void }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const [expires, setExpires] = useState<string>('7d');
  // 'manual': the browser gives this page no clipboard (plain http on a network address is not
  // a secure context), so the person copies the selected link themselves.
  const [copied, setCopied] = useState<boolean | 'manual'>(false);
  const create = useAsyncAction<CreatedInvite>();
  const created = create.result;
  const link = created ? (created.link ?? created.token) : '';
  const copy = async () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    const done = clipboard ? await clipboard.writeText(link).then(() => true, () => false) : false;
    setCopied(done || 'manual');
    if (!done) (document.querySelector('[data-testid="invite-link"]') as HTMLInputElement | null)?.select();
  };
  return (
    <Dialog open onClose={create.busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="invite-title">
      <DialogTitle id="invite-title">Invite {person.name}</DialogTitle>
      <DialogContent>
        {!created ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              A link that lets {person.name} into this team server as {ROLE_TEXT[person.role].label.toLowerCase()}: whoever opens it works as {person.name}, with
              what {person.name} may see and do{person.role === 'annotator' ? ' — as an annotator, blind to other raters' : ''}.
            </Typography>
            <TextField select size="small" label="The link works for" value={expires} onChange={(e) => setExpires(e.target.value)} sx={{ minWidth: 200 }}>
              {LIFETIMES.map((l) => (
                <MenuItem key={l.value} value={l.value}>
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
          </>
        ) : (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              This link is shown only now: Accord keeps only a fingerprint of it and cannot show it again. Send it to {person.name} alone.
            </Alert>
            <TextField
              fullWidth
              size="small"
              label={`Invite link for ${person.name}`}
              value={link}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'invite-link', spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
              onFocus={(e) => e.target.select()}
            />
            {copied === 'manual' && (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1 }} data-testid="copy-manually">
                This browser does not let the page copy here: the link is selected, press Ctrl+C (⌘C on a Mac).
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              Works until {formatDateTime(created.invite.expiresAt)}. Revoke it below at any time: {person.name} is then signed out at once.
            </Typography>
          </>
        )}
        {create.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {create.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {!created ? (
          <>
            <Button onClick={onClose} disabled={create.busy}>
              Cancel
            </Button>
            <Button
              variant="contained"
              disabled={create.busy}
              onClick={() =>
                void create.run(async () => {
                  const base = pageBase();
                  const result = await api['invites.create']({ person: person.name, expires, ...(base ? { urlBase: base } : {}) });
                  bump();
                  return result;
                })
              }
            >
              Create invite link
            </Button>
          </>
        ) : (
          <>
            <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
              {copied === true ? 'Copied' : 'Copy link'}
            </Button>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
