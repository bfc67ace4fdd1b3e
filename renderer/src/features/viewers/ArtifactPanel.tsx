import { Box, LinearProgress, Paper, Tab, Tabs } from '@mui/material';
import { Suspense, useState } from 'react';
import RawArtifactView from './raw/RawArtifactView';
import type { ViewerProps } from './types';
import { viewerFor } from './viewerRegistry';

/**
 * The slot where an item's artifact is shown: the rich viewer registered for its kind (see
 * viewerRegistry.ts) with the raw view one tab away, or the raw view alone.
 */
export function ArtifactPanel(props: ViewerProps) {
  const Viewer = viewerFor(props.item.kind);
  const [tab, setTab] = useState<'viewer' | 'raw'>('viewer');
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="artifact-panel">
      {Viewer ? (
        <>
          <Tabs value={tab} onChange={(_e, next: 'viewer' | 'raw') => setTab(next)} aria-label="Artifact view" sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="viewer" label="Review" />
            <Tab value="raw" label="Raw" />
          </Tabs>
          <Box hidden={tab !== 'viewer'}>
            <Suspense fallback={<LinearProgress aria-label="Loading viewer" />}>
              <Viewer {...props} />
            </Suspense>
          </Box>
          {tab === 'raw' && <RawArtifactView {...props} />}
        </>
      ) : (
        <RawArtifactView {...props} />
      )}
    </Paper>
  );
}
