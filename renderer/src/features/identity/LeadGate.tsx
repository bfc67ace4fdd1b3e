import { Alert, Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useIdentity } from './identityContext';
import { ROLE_TEXT } from './identityStore';
import { WhoAreYouForm } from './WhoAreYouForm';

/**
 * What only a lead may do (import or delete datasets, DESIGN.md §1 access rules, checked again
 * by the server): nobody signed in is asked who they are, right there; anyone else is told whose
 * work it is, with a way to switch person. `action` completes "… is for a lead", e.g.
 * "Importing datasets".
 */
export function LeadGate({ action, children }: { action: string; children: ReactNode }) {
  const { identity, openSwitcher, team } = useIdentity();
  if (identity?.role === 'lead') return <>{children}</>;
  if (!identity) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="lead-gate">
        <Typography variant="body2" color="text.secondary">
          {action} is for a lead. Say who you are; Accord remembers it in this window.
        </Typography>
        <WhoAreYouForm submitLabel="Continue" initialRole="lead" />
      </Box>
    );
  }
  // On a team server nobody switches person (the invite says who you are): no button that cannot help.
  if (team) {
    return (
      <Alert severity="info" data-testid="lead-gate">
        {action} is for a lead; you are {identity.name} ({ROLE_TEXT[identity.role].label.toLowerCase()}). On this team server your invite says who you are: ask a lead to
        do it, or to give you the lead role in People.
      </Alert>
    );
  }
  return (
    <Alert
      severity="info"
      data-testid="lead-gate"
      action={
        <Button color="inherit" size="small" onClick={openSwitcher}>
          Switch person
        </Button>
      }
    >
      {action} is for a lead; you are {identity.name} ({ROLE_TEXT[identity.role].label.toLowerCase()}).
    </Alert>
  );
}
