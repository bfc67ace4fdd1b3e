import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandMark } from '../../app/BrandMark';
import { useIdentity } from './identityContext';
import { RequireAllLabelsRole } from './RoleRefusal';
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

/**
 * The adjudication screens show every rater's labels and rationales side by side: adjudicators
 * and leads only; an annotator gets the same refusal as agreement's. Inside RequireIdentity
 * (the annotation layout asks who is here first).
 */
export function RequireAdjudicator({ children }: { children: ReactNode }) {
  return (
    <RequireAllLabelsRole
      title="Adjudication is for adjudicators and leads"
      reveals="Adjudication shows every rater’s answers and rationales side by side to settle them into gold,"
      testId="adjudication-refusal"
    >
      {children}
    </RequireAllLabelsRole>
  );
}
