import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of the calibration view, with an optional note on how to read it. */
export function Section({ title, note, children, testId, action }: { title: string; note?: ReactNode; children: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: note ? 0.25 : 1.25 }}>
        <Typography variant="h4" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5, lineHeight: 1.45 }}>
          {note}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
