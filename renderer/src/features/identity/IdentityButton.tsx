import { Avatar, Box, Button, Typography } from '@mui/material';
import { useIdentity } from './identityContext';
import { ROLE_TEXT } from './identityStore';

/** First letters of a name, for an avatar: "ana" → "A", "Ben Ng" → "BN". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : (words[0]?.[0] ?? '?')).toUpperCase();
}

/** The person using this window, in the top bar; a click switches person or role. */
export function IdentityButton() {
  const { identity, openSwitcher } = useIdentity();
  if (!identity) {
    return (
      <Button size="small" color="inherit" onClick={openSwitcher} sx={{ color: 'text.secondary' }}>
        Who are you?
      </Button>
    );
  }
  return (
    <Button
      size="small"
      color="inherit"
      onClick={openSwitcher}
      aria-label={`Signed in as ${identity.name}, ${ROLE_TEXT[identity.role].label}; switch`}
      data-testid="identity-button"
      sx={{ gap: 1, px: 1, textAlign: 'left' }}
    >
      <Avatar sx={{ width: 26, height: 26, fontSize: 12, bgcolor: 'primary.light', color: 'primary.dark', fontWeight: 700 }}>{initialsOf(identity.name)}</Avatar>
      <Box sx={{ lineHeight: 1.15 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
          {identity.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.1, display: 'block' }}>
          {ROLE_TEXT[identity.role].label}
        </Typography>
      </Box>
    </Button>
  );
}
