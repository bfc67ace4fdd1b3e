import { InputBase } from '@mui/material';
import { forwardRef } from 'react';
import type { Answer } from './answers';
import { useDraftText } from './useDraftText';

interface Props {
  answer: Answer | undefined;
  onRationale(text: string): void;
  register(flush: () => void): () => void;
  label: string;
}

/**
 * Why: a quiet one-line field under the answer that grows while typed in. It always takes
 * text (Shift+↵ must never land on a dead field and leave the keys to the shortcuts); written
 * before the answer, the text waits and is saved with it.
 */
export const RationaleField = forwardRef<HTMLTextAreaElement, Props>(function RationaleField({ answer, onRationale, register, label }, ref) {
  const draft = useDraftText(answer?.rationale ?? '', onRationale, register);
  const answered = !!answer && (answer.na || answer.value !== null);
  return (
    <InputBase
      inputRef={ref}
      multiline
      maxRows={6}
      fullWidth
      placeholder={answered ? 'Rationale (optional) — Shift+↵ to write' : 'Rationale — saved with your answer'}
      value={draft.text}
      onChange={(e) => draft.change(e.target.value)}
      onBlur={draft.flush}
      inputProps={{ 'aria-label': label }}
      sx={{
        mt: 1,
        fontSize: 13.5,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'transparent',
        bgcolor: '#f6f7f9',
        '&.Mui-focused': { borderColor: 'primary.main', bgcolor: 'background.paper' },
      }}
    />
  );
});
