import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { MONO_FONT } from '../../theme/theme';

interface Props {
  /** How many lines the whole text has (drawn or not), so the gutter fits the widest number. */
  lineCount: number;
  label: string;
  testId: string;
  /** What differs between callers: padding, line height, a frame, a maximum height. */
  sx?: SxProps<Theme>;
  /** One `<span>` per line; each gets its number in the gutter. */
  children: ReactNode;
}

/**
 * Monospace text with a line-number gutter, so a `line:column` (a finding's, a parse error's)
 * can be found by eye. The numbers come from a CSS counter, so copying the text does not copy
 * them. A long line wraps and keeps its continuation clear of the gutter.
 */
export function NumberedLines({ lineCount, label, testId, sx, children }: Props) {
  const gutter = `${String(lineCount).length + 1}ch`;
  return (
    <Box
      component="pre"
      aria-label={label}
      data-testid={testId}
      sx={[
        {
          m: 0,
          fontFamily: MONO_FONT,
          fontSize: 12.5,
          overflow: 'auto',
          bgcolor: '#fbfcfd',
          counterReset: 'line',
          // overflow-wrap: anywhere is what the older `word-break: break-word` stands for.
          '& > span': { display: 'block', pr: 2, pl: `calc(${gutter} + 24px)`, textIndent: `calc(-${gutter} - 12px)`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
          '& > span::before': {
            counterIncrement: 'line',
            content: 'counter(line)',
            display: 'inline-block',
            width: gutter,
            mr: '12px',
            textAlign: 'right',
            color: '#a3adb8',
            userSelect: 'none',
            textIndent: 0,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
