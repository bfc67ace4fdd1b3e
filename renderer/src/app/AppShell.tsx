import { Alert, AppBar, Box, Button, Divider, LinearProgress, Toolbar, Typography } from '@mui/material';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { IdentityButton } from '../features/identity/IdentityButton';
import { IdentityProvider } from '../features/identity/IdentityProvider';
import { useIdentity } from '../features/identity/identityContext';
import { canManageTasks } from '../features/identity/identityStore';
import { ImportDialogProvider } from '../features/import/ImportDialogProvider';
import { useImportDialog } from '../features/import/useImportDialog';
import { WorkspaceBadge } from '../features/workspace/WorkspaceBadge';
import { useWorkspaceInfo } from '../features/workspace/useWorkspaceInfo';
import { BrandMark } from './BrandMark';
import { SideNav, SIDE_NAV_WIDTH } from './SideNav';

/**
 * Top bar, left navigation and the current page; the import dialog and "who are you?" are
 * reachable from everywhere.
 */
export function AppShell() {
  return (
    <IdentityProvider>
      <ImportDialogProvider>
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
          <TopBar />
          <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
            <SideNav />
            <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
              <ConnectionAlert />
              <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
                <Outlet />
              </Suspense>
            </Box>
          </Box>
        </Box>
      </ImportDialogProvider>
    </IdentityProvider>
  );
}

function TopBar() {
  const importDialog = useImportDialog();
  const { identity } = useIdentity();
  // Importing is a lead's: someone known to be an annotator or adjudicator is not offered it
  // (before anyone has said who they are, the dialog asks, and says so if they are not a lead).
  const mayImport = identity === null || canManageTasks(identity.role);
  return (
    <AppBar position="static" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar variant="dense" sx={{ gap: 2, minHeight: 52 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: SIDE_NAV_WIDTH - 24, flexShrink: 0 }}>
          <BrandMark />
          <Typography variant="h3" component="span" sx={{ letterSpacing: '-0.01em' }}>
            Accord
          </Typography>
        </Box>
        <Divider orientation="vertical" flexItem sx={{ my: 1.5 }} />
        <WorkspaceBadge />
        <Box sx={{ flex: 1 }} />
        {mayImport && (
          <>
            <Button variant="contained" size="small" startIcon={<FileUploadOutlined />} onClick={importDialog.open}>
              Import files
            </Button>
            <Divider orientation="vertical" flexItem sx={{ my: 1.5 }} />
          </>
        )}
        <IdentityButton />
      </Toolbar>
    </AppBar>
  );
}

/** Says plainly when the server cannot be reached or refuses this page (e.g. a stale token). */
function ConnectionAlert() {
  const { error } = useWorkspaceInfo();
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ borderRadius: 0 }}>
      Cannot reach the workspace: {error}
    </Alert>
  );
}
