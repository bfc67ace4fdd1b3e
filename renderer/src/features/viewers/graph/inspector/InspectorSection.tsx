import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled block of the inspector; `count` follows the title in muted text. */
export function InspectorSection({ title, count, children, testId }: { title: string; count?: number; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ px: 2, py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Typography variant="overline" component="h4" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6, mb: 0.75 }}>
        {title}
        {count !== undefined && (
          <Box component="span" sx={{ ml: 0.75, fontWeight: 400 }}>
            {count}
          </Box>
        )}
      </Typography>
      {children}
    </Box>
  );
}
