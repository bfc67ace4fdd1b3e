import { Box, Typography } from '@mui/material';
import { forwardRef, useMemo } from 'react';
import { MONO_FONT } from '../../../theme/theme';
import { templateTokens } from './templateTokens';

interface Props {
  label: string;
  value: string;
  /** Known placeholder names (`metadata.<field>` is always known). */
  names: ReadonlySet<string>;
  readOnly?: boolean;
  onChange(value: string): void;
  onFocus?(): void;
  /** Shown under the field when something is wrong with it. */
  error?: string | null;
}

// The textarea and the highlighted copy behind it must lay text out identically, glyph for glyph.
const TEXT_LAYOUT = {
  fontFamily: MONO_FONT,
  fontSize: 12.5,
  lineHeight: 1.6,
  letterSpacing: 0,
  tabSize: 4,
  padding: '10px 12px',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  wordBreak: 'normal',
  boxSizing: 'border-box',
} as const;

/**
 * A prompt template field whose placeholders stay highlighted while you type: a transparent
 * textarea over a copy of its text in which `{{placeholders}}` are marked (unknown ones in
 * red). The copy sets the height, so the field grows with its text and never scrolls inside.
 */
export const TemplateField = forwardRef<HTMLTextAreaElement, Props>(function TemplateField({ label, value, names, readOnly, onChange, onFocus, error }, ref) {
  const tokens = useMemo(() => templateTokens(value, names), [value, names]);
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.8 }}>
        {label}
      </Typography>
      <Box
        sx={{
          position: 'relative',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: readOnly ? '#fafbfc' : 'background.paper',
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}` },
        }}
      >
        <Box component="pre" aria-hidden sx={{ ...TEXT_LAYOUT, m: 0, minHeight: 64, color: 'text.primary' }}>
          {tokens.map((token, i) =>
            token.kind === 'text' ? (
              token.text
            ) : (
              <Box
                component="span"
                key={i}
                data-placeholder={token.name}
                data-known={token.known}
                sx={{
                  borderRadius: '3px',
                  bgcolor: token.known ? 'primary.light' : 'error.light',
                  color: token.known ? 'primary.dark' : 'error.main',
                  boxShadow: (t) => `0 0 0 1px ${token.known ? '#c9d8e8' : t.palette.error.main}`,
                }}
              >
                {token.text}
              </Box>
            ),
          )}
          {/* A trailing newline needs a line of its own to be measured. */}
          {'\n'}
        </Box>
        <Box
          component="textarea"
          ref={ref}
          aria-label={label}
          value={value}
          readOnly={readOnly}
          spellCheck={false}
          onFocus={onFocus}
          onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
          sx={{
            ...TEXT_LAYOUT,
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            m: 0,
            border: 0,
            outline: 0,
            resize: 'none',
            overflow: 'hidden',
            bgcolor: 'transparent',
            color: 'transparent',
            caretColor: '#1d2733',
            '&::selection': { bgcolor: 'rgba(47, 93, 138, 0.25)' },
          }}
        />
      </Box>
      {error && (
        <Typography variant="caption" color="error" sx={{ mt: 0.5, display: 'block' }}>
          {error}
        </Typography>
      )}
    </Box>
  );
});
