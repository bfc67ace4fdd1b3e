import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { AnnotatorProgress } from '../../../../electron/api/contract';
import { visibleText } from '../../../../electron/common/visibleText';
import { ProgressBar } from './ProgressBar';

/** One row of {@link ProgressRows}: who, their bar, and what a screen reader calls the bar. */
export interface ProgressRow {
  key: string;
  who: ReactNode;
  /** A quiet line under the name ("furthest behind"): beside it, it would take the name's room. */
  note?: ReactNode;
  progress: AnnotatorProgress;
  label?: string;
  bold?: boolean;
}

/**
 * Width of the names' column, the same in every row of the tasks list: sized to its names, each
 * task's bars started where its own longest name ended, so bars jumped from one task to the
 * next. A longer name ends in an ellipsis, whole on hover.
 */
export const PROGRESS_NAME_WIDTH = 120;

/** Names and their progress bars, the names in one column: the tasks list's per-annotator rows and a crowd's summary rows. */
export function ProgressRows({ rows }: { rows: readonly ProgressRow[] }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `${PROGRESS_NAME_WIDTH}px max-content`, columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}>
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap title={visibleText(row.label ?? row.progress.name)} sx={{ fontWeight: row.bold ? 700 : 500 }}>
              {row.who}
            </Typography>
            {row.note && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.2 }}>
                {row.note}
              </Typography>
            )}
          </Box>
          <ProgressBar progress={row.progress} label={row.label} />
        </Box>
      ))}
    </Box>
  );
}
