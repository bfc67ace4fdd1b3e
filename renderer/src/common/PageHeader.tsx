import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A page's title, a one-line summary under it, and its actions on the right. */
export function PageHeader({ title, summary, actions }: { title: ReactNode; summary?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, mb: 2.5, flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h1">{title}</Typography>
        {summary && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="page-summary">
            {summary}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
