import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  /** A quiet line beside the title (counts, status). */
  aside?: ReactNode;
  testId: string;
  /** The body; a section without one is a single line (e.g. "Scenario — none in the source"). */
  children?: ReactNode;
  /** Leave the body unpadded (the transcript brings its own scroll area). */
  flush?: boolean;
}

/** One part of the conversation viewer: a titled band separated from the next by a hairline. */
export function Section({ title, aside, testId, children, flush = false }: Props) {
  const id = useId();
  const empty = children === undefined || children === null;
  return (
    <Box component="section" aria-labelledby={id} data-testid={testId} sx={{ borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, px: 2, pt: 1.5, pb: empty ? 1.5 : flush ? 1.25 : 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h2" id={id}>
          {title}
        </Typography>
        {aside}
      </Box>
      {!empty && (flush ? children : <Box sx={{ px: 2, pb: 1.75 }}>{children}</Box>)}
    </Box>
  );
}
