import { Box, Button, Paper, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AnnotatorRole } from '../../../../electron/api/contract';
import { useIdentity } from '../identity/identityContext';
import { RequireIdentity } from '../identity/RequireIdentity';
import { canAdjudicate, ROLE_TEXT } from '../identity/identityStore';

/** The roles that may open the agreement screens, in the order the refusal names them. */
const ROLES_ALLOWED: readonly AnnotatorRole[] = ['adjudicator', 'lead'];

/**
 * The agreement screens show every rater's labels (disagreeing units with each rater's
 * answer, confusion matrices, each rater's category counts), so, like adjudication, they are
 * for adjudicators and leads: who is looking is asked first, and an annotator — who labels
 * blind — is told why not and which role opens them.
 */
export function RequireAgreementAccess({ children }: { children: ReactNode }) {
  return (
    <RequireIdentity>
      <RoleGate>{children}</RoleGate>
    </RequireIdentity>
  );
}

function RoleGate({ children }: { children: ReactNode }) {
  const { identity, openSwitcher } = useIdentity();
  if (identity && canAdjudicate(identity.role)) return <>{children}</>;
  return <AgreementRefusal name={identity?.name ?? ''} onSwitchRole={openSwitcher} />;
}

/** What an annotator sees instead of the agreement screens. */
function AgreementRefusal({ name, onSwitchRole }: { name: string; onSwitchRole(): void }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <Paper variant="outlined" sx={{ p: 4, width: 580, maxWidth: '100%' }} role="region" aria-labelledby="agreement-refusal-title" data-testid="agreement-refusal">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Box
            sx={{ width: 40, height: 40, borderRadius: '50%', flexShrink: 0, display: 'grid', placeItems: 'center', bgcolor: 'primary.light', color: 'primary.main' }}
          >
            <LockOutlined fontSize="small" />
          </Box>
          <Typography variant="h2" component="h1" id="agreement-refusal-title">
            Agreement is for adjudicators and leads
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          You are signed in as <strong>{name}</strong>, an annotator. Annotators label blind: other raters’ labels stay hidden from you until
          adjudication.
        </Typography>
        <Typography variant="body2" sx={{ mb: 2.5 }}>
          Agreement shows every rater’s labels — each rater’s answer on the units they disagree on, confusion matrices, per-rater counts —
          so it opens only in these roles:
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
          <Button variant="contained" onClick={onSwitchRole}>
            Switch role
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
