import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { AnnotatorProgress } from '../../../../electron/api/contract';
import { ProgressBar } from './ProgressBar';

/** One row of {@link ProgressRows}: who, their bar, and what a screen reader calls the bar. */
export interface ProgressRow {
  key: string;
  who: ReactNode;
  progress: AnnotatorProgress;
  label?: string;
  bold?: boolean;
}

/** Names and their progress bars, the names in one column: the tasks list's per-annotator rows and a crowd's summary rows. */
export function ProgressRows({ rows }: { rows: readonly ProgressRow[] }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}>
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }}>
          <Typography variant="body2" sx={{ fontWeight: row.bold ? 700 : 500 }}>
            {row.who}
          </Typography>
          <ProgressBar progress={row.progress} label={row.label} />
        </Box>
      ))}
    </Box>
  );
}
