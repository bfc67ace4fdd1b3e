import { Box, Button, Paper, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AnnotatorRole } from '../../../../electron/api/contract';
import { useIdentity } from './identityContext';
import { canAdjudicate, ROLE_TEXT } from './identityStore';

/** The roles that see every rater's labels, in the order a refusal names them. */
const ROLES_ALLOWED: readonly AnnotatorRole[] = ['adjudicator', 'lead'];

/** What a screen that shows every rater's labels says to an annotator instead. */
export interface RefusalText {
  /** The heading, e.g. "Agreement is for adjudicators and leads". */
  title: string;
  /** What the screen reveals, with the punctuation that leads into " so it opens only in these roles:". */
  reveals: string;
  /** The card's test id (`agreement-refusal`, `adjudication-refusal`). */
  testId: string;
}

/**
 * Screens that show every rater's labels (agreement, adjudication) are for adjudicators and
 * leads: an annotator labels blind (DESIGN.md §4), so they are told why not and which roles
 * open the screen, with a way to switch role. Put it inside RequireIdentity.
 */
export function RequireAllLabelsRole({ children, ...refusal }: RefusalText & { children: ReactNode }) {
  const { identity } = useIdentity();
  if (identity && canAdjudicate(identity.role)) return <>{children}</>;
  return <RoleRefusal {...refusal} />;
}

/** The refusal card: who is signed in, why annotators may not look, the roles that may, "Switch role". */
export function RoleRefusal({ title, reveals, testId }: RefusalText) {
  const { identity, openSwitcher } = useIdentity();
  const titleId = useId();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <Paper variant="outlined" sx={{ p: 4, width: 620, maxWidth: '100%' }} role="region" aria-labelledby={titleId} data-testid={testId}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Box
            sx={{ width: 40, height: 40, borderRadius: '50%', flexShrink: 0, display: 'grid', placeItems: 'center', bgcolor: 'primary.light', color: 'primary.main' }}
          >
            <LockOutlined fontSize="small" />
          </Box>
          <Typography variant="h2" component="h1" id={titleId}>
            {title}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          You are signed in as <strong>{identity?.name ?? ''}</strong>, an annotator. Annotators label blind: other raters’ labels stay hidden from you until
          adjudication.
        </Typography>
        <Typography variant="body2" sx={{ mb: 2.5 }}>
          {reveals} so it opens only in these roles:
        </Typography>
        <Box component="ul" sx={{ m: 0, mb: 3, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
          {ROLES_ALLOWED.map((role) => (
            <Box component="li" key={role} sx={{ display: 'flex', gap: 1.5, px: 1.5, py: 1, borderRadius: 1, bgcolor: 'background.default' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, width: 96, flexShrink: 0 }}>
                {ROLE_TEXT[role].label}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {ROLE_TEXT[role].help}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/tasks">
            Back to my tasks
          </Button>
          <Button variant="contained" onClick={openSwitcher}>
            Switch role
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
