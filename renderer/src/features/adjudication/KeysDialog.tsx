import { Box, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';
import { KeyCap } from '../labeling/KeyCap';

/** A key and what it does; `…` in `keys` stands for "and so on" (1 … 9). */
export interface KeyRow {
  keys: string[];
  description: string;
}

/** `?` on the adjudication queue and item pages: their keys, one key away; `?` or Esc closes it. */
export function KeysDialog({ title, keys, onClose }: { title: string; keys: readonly KeyRow[]; onClose(): void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId} onKeyDown={(e) => e.key === '?' && onClose()}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers data-testid="cheat-sheet">
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
          {keys.map((b) => (
            <Box key={b.description} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ display: 'flex', gap: 0.5 }}>
                {b.keys.map((k) =>
                  k === '…' ? (
                    <Typography key={k} variant="caption" color="text.disabled">
                      …
                    </Typography>
                  ) : (
                    <KeyCap key={k} k={k} />
                  ),
                )}
              </Box>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {b.description}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
