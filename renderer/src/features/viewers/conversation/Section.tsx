import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  /** A quiet line beside the title (counts, status). */
  aside?: ReactNode;
  testId: string;
  children: ReactNode;
  /** Leave the body unpadded (the transcript brings its own scroll area). */
  flush?: boolean;
}

/** One part of the conversation viewer: a titled band separated from the next by a hairline. */
export function Section({ title, aside, testId, children, flush = false }: Props) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} data-testid={testId} sx={{ borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, px: 2, pt: 1.5, pb: flush ? 1.25 : 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h2" id={id}>
          {title}
        </Typography>
        {aside}
      </Box>
      {flush ? children : <Box sx={{ px: 2, pb: 2 }}>{children}</Box>}
    </Box>
  );
}
