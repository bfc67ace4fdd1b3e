import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';

/** Lines a system prompt shows before "Show all": it frames the dialogue but is rarely reread. */
const SYSTEM_LINES = 3;

/**
 * A message's text exactly as written — line breaks kept, never parsed as HTML or markdown, so
 * `<script>` reads as the characters it is. Long system prompts fold to a few lines.
 */
export function MessageBody({ text, fold }: { text: string | null; fold: boolean }) {
  const [open, setOpen] = useState(false);
  if (text === null || text === '') {
    return (
      <Typography variant="body2" color="text.disabled" sx={{ fontStyle: 'italic' }}>
        No text
      </Typography>
    );
  }
  const long = fold && (text.split('\n').length > SYSTEM_LINES || text.length > SYSTEM_LINES * 110);
  const clamped = long && !open;
  return (
    <Box>
      <Typography
        data-testid="turn-text"
        sx={{
          fontSize: 14.5,
          lineHeight: 1.6,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          color: fold ? 'text.secondary' : 'text.primary',
          ...(clamped && { display: '-webkit-box', WebkitLineClamp: SYSTEM_LINES, WebkitBoxOrient: 'vertical', overflow: 'hidden' }),
        }}
      >
        {text}
      </Typography>
      {long && (
        <Button size="small" onClick={() => setOpen((o) => !o)} sx={{ mt: 0.25, ml: -1, minWidth: 0 }}>
          {open ? 'Show less' : 'Show all'}
        </Button>
      )}
    </Box>
  );
}
