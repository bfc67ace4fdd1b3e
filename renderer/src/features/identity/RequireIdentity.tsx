import { Alert, Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandMark } from '../../app/BrandMark';
import { useIdentity } from './identityContext';
import { canAdjudicate } from './identityStore';
import { WhoAreYouForm } from './WhoAreYouForm';

/**
 * Annotation screens need to know who is working (labels are recorded under that name): the
 * first visit asks, and the answer is remembered for this window.
 */
export function RequireIdentity({ children }: { children: ReactNode }) {
  const { identity } = useIdentity();
  if (identity) return <>{children}</>;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <Paper variant="outlined" sx={{ p: 4, width: 440 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1 }}>
          <BrandMark size={26} />
          <Typography variant="h2" component="h1">
            Who are you?
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Your labels are recorded under your name. Accord remembers it in this window; switch any time from the top bar.
        </Typography>
        <WhoAreYouForm />
      </Paper>
    </Box>
  );
}

/** Screens that show every rater's labels: adjudicators and leads only. */
export function RequireAdjudicator({ children }: { children: ReactNode }) {
  const { identity, openSwitcher } = useIdentity();
  if (identity && canAdjudicate(identity.role)) return <>{children}</>;
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Alert
        severity="info"
        action={
          <Typography component="button" onClick={openSwitcher} sx={{ border: 0, background: 'none', color: 'primary.main', fontWeight: 600, cursor: 'pointer' }}>
            Switch role
          </Typography>
        }
      >
        Adjudication shows every rater’s labels, so it is open to adjudicators and leads only. You are signed in as {identity?.name}, an annotator.
      </Alert>
    </Box>
  );
}
