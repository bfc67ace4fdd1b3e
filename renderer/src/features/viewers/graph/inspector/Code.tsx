import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { MONO_FONT } from '../../../../theme/theme';

/** Inline or block monospace text (ids, conditions, URLs), shown as text, never as HTML. */
export function Code({ children, block, sx }: { children: ReactNode; block?: boolean; sx?: SxProps<Theme> }) {
  return (
    <Box
      component={block ? 'div' : 'code'}
      sx={[
        { fontFamily: MONO_FONT, fontSize: 12, wordBreak: 'break-word', whiteSpace: 'pre-wrap' },
        block ? { bgcolor: '#f6f8fa', border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.75, lineHeight: 1.55 } : { color: 'text.primary' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
