import { TextField } from '@mui/material';
import type { TextQuestion } from '../../../../electron/api/labelSchemas';
import type { Answer } from './answers';
import { useDraftText } from './useDraftText';

/** A free-text question: saved a moment after typing stops, and when the field is left. */
export function TextAnswer({ question, answer, onText, register }: { question: TextQuestion; answer: Answer | undefined; onText(text: string): void; register(flush: () => void): () => void }) {
  const saved = !answer?.na && typeof answer?.value === 'string' ? answer.value : '';
  const draft = useDraftText(saved, onText, register);
  return (
    <TextField
      multiline
      minRows={2}
      maxRows={8}
      fullWidth
      size="small"
      placeholder={answer?.na ? 'N/A' : 'Type your answer'}
      value={draft.text}
      onChange={(e) => draft.change(e.target.value)}
      onBlur={draft.flush}
      slotProps={{ htmlInput: { maxLength: question.maxLength, 'aria-label': question.title } }}
    />
  );
}
