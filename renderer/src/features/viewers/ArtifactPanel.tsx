import { Box, LinearProgress, Paper, Tab, Tabs } from '@mui/material';
import { Suspense, useState } from 'react';
import { NumbersAsWrittenProvider } from './numbersAsWritten';
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
  // Filling: at least the pane's height (the graph stretches to it), more when the content is
  // taller (a long plan), which the pane then scrolls.
  const column = { display: 'flex', flexDirection: 'column', flex: '1 0 auto' } as const;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', ...(props.fill ? column : {}) }} data-testid="artifact-panel">
      {Viewer ? (
        <>
          <Tabs value={tab} onChange={(_e, next: 'viewer' | 'raw') => setTab(next)} aria-label="Artifact view" sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="viewer" label="Review" />
            <Tab value="raw" label="Raw" />
          </Tabs>
          <Box hidden={tab !== 'viewer'} sx={props.fill && tab === 'viewer' ? column : undefined}>
            <Suspense fallback={<LinearProgress aria-label="Loading viewer" />}>
              <NumbersAsWrittenProvider payload={props.item.payload}>
                <Viewer {...props} />
              </NumbersAsWrittenProvider>
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
