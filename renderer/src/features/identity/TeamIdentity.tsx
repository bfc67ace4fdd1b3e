import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTransport } from '../../api/apiContext';
import { signOutOfTeam, type ServerSession, type UnsavedChange } from '../../api/teamSession';
import { BrandMark } from '../../app/BrandMark';
import { ROLE_TEXT, type Identity } from './identityStore';
import { unsavedChangeOf, unsavedText, withUnsaved } from './unsavedChanges';

/** The server's word on this page's session: null in the desktop app, 'pending' until it answers. */
export function useServerSession(): ServerSession | null | 'pending' {
  const transport = useTransport();
  const [session, setSession] = useState<ServerSession | null | 'pending'>(transport.session ? 'pending' : null);
  useEffect(() => {
    let current = true;
    void transport.session?.then((value) => {
      if (current) setSession(value);
    });
    // Revoked or expired while the page is open: the next refused call signs the page out, saying why.
    // Each refused label change is kept, to show what was not saved (nothing lost silently).
    const stop = transport.onSessionEnded?.((message, refused) =>
      setSession((now) => {
        const kept = now !== null && now !== 'pending' && now.mode === 'signed-out' ? now : { mode: 'signed-out' as const, message, unsaved: [] };
        return { ...kept, unsaved: withUnsaved(kept.unsaved ?? [], unsavedChangeOf(refused)) };
      }),
    );
    return () => {
      current = false;
      stop?.();
    };
  }, [transport]);
  return session;
}

/** A team server that lets this page in as nobody: no invite, or a revoked or expired one. */
export function SignedOutPage({ message, unsaved = [] }: { message: string; unsaved?: readonly UnsavedChange[] }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <Paper variant="outlined" sx={{ p: 4, width: 480 }} data-testid="team-signed-out">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1.5 }}>
          <BrandMark size={26} />
          <Typography variant="h2" component="h1">
            Sign in with your invite
          </Typography>
        </Box>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {message}
        </Alert>
        {unsaved.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="team-unsaved">
            {unsaved.length === 1 ? 'This answer was not saved' : `These ${unsaved.length} answers were not saved`}; give {unsaved.length === 1 ? 'it' : 'them'} again once you are back in:
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {unsaved.map((change) => (
                <li key={`${change.itemId}/${change.unit}/${change.question}`}>{unsavedText(change)}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          This Accord workspace is a team server: each person comes in through their own invite link, sent by a lead. Open yours in this browser; it
          signs you in and keeps you signed in until the invite expires or is revoked.
        </Typography>
      </Paper>
    </Box>
  );
}

/** Who this page is on a team server, and signing out (the top bar's identity button). */
export function TeamIdentityDialog({ person, onClose }: { person: Identity; onClose(): void }) {
  const [error, setError] = useState<string | null>(null);
  const signOut = async () => {
    try {
      await signOutOfTeam();
      window.location.reload();
    } catch (e) {
      setError(`Could not sign out: ${(e as Error).message}`);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="team-identity-title">
      <DialogTitle id="team-identity-title">
        Signed in as {person.name}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {ROLE_TEXT[person.role].label}: {ROLE_TEXT[person.role].help}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          On this team server you act as the person your invite names; nobody can switch to someone else. To work as another person, open their invite
          link in another browser.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void signOut()}>Sign out</Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
