import { Box } from '@mui/material';
import { useMemo } from 'react';
import { DIFF_COLOR } from './planColors';
import { wordDiff } from './wordDiff';

/** A prompt rewritten between two versions: removed words struck on red, added words on green. */
export function PromptDiff({ before, after }: { before: string; after: string }) {
  const runs = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <Box component="span" data-testid="prompt-diff">
      {runs.map((run, i) => {
        if (run.kind === 'same') return run.text;
        const color = DIFF_COLOR[run.kind];
        return (
          <Box
            key={i}
            component={run.kind === 'removed' ? 'del' : 'ins'}
            data-testid={run.kind === 'removed' ? 'diff-removed' : 'diff-added'}
            aria-label={run.kind === 'removed' ? `removed: ${run.text.trim()}` : `added: ${run.text.trim()}`}
            sx={{
              bgcolor: color.background,
              color: color.color,
              textDecoration: run.kind === 'removed' ? 'line-through' : 'none',
              borderRadius: '3px',
              px: '2px',
              boxDecorationBreak: 'clone',
              WebkitBoxDecorationBreak: 'clone',
            }}
          >
            {run.text}
          </Box>
        );
      })}
    </Box>
  );
}
