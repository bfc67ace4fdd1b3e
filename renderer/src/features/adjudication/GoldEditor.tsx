import { Box, Button, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import type { LabelValue, Question } from '../../../../electron/api/labelSchemas';

const NA = '__na__';

/** A gold answer none of the raters gave: any choice of the question (or N/A where allowed), or the tags that apply. */
export function GoldEditor({ question, onSet, onCancel }: { question: Question; onSet(value: LabelValue | null, na: boolean): void; onCancel(): void }) {
  const [single, setSingle] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [text, setText] = useState('');
  const choices: { value: string; label: string }[] =
    question.type === 'binary' || question.type === 'nominal'
      ? question.options
      : question.type === 'ordinal'
        ? question.levels
        : question.type === 'score'
          ? question.values.map((v) => ({ value: String(v.value), label: `${v.label} (${v.value})` }))
          : [];
  const set = () => {
    if (question.type === 'multilabel') return onSet(question.tags.map((t) => t.value).filter((t) => tags.includes(t)), false);
    if (question.type === 'text') return onSet(text, false);
    if (single === NA) return onSet(null, true);
    onSet(question.type === 'score' ? Number(single) : single, false);
  };
  const ready = question.type === 'multilabel' || (question.type === 'text' ? text.trim() !== '' : single !== '');
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }} data-testid="gold-editor">
      {question.type === 'multilabel' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, flex: 1 }}>
          {question.tags.map((tag) => (
            <FormControlLabel
              key={tag.value}
              label={tag.label}
              slotProps={{ typography: { variant: 'body2' } }}
              control={<Checkbox size="small" checked={tags.includes(tag.value)} onChange={(e) => setTags(e.target.checked ? [...tags, tag.value] : tags.filter((t) => t !== tag.value))} />}
            />
          ))}
        </Box>
      ) : question.type === 'text' ? (
        <TextField size="small" multiline fullWidth value={text} onChange={(e) => setText(e.target.value)} label="Gold answer" sx={{ flex: 1 }} />
      ) : (
        <TextField select size="small" label="Gold answer" value={single} onChange={(e) => setSingle(e.target.value)} sx={{ minWidth: 220, flex: 1 }}>
          {choices.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
          {question.allowNA && <MenuItem value={NA}>N/A</MenuItem>}
        </TextField>
      )}
      <Button variant="contained" size="small" onClick={set} disabled={!ready} sx={{ mt: 0.25 }}>
        Set gold
      </Button>
      <Button size="small" onClick={onCancel} sx={{ mt: 0.25 }}>
        Cancel
      </Button>
    </Box>
  );
}
