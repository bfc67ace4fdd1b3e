import { Box, ButtonBase, Checkbox, Typography } from '@mui/material';
import type { MultilabelQuestion, SchemaKeymap } from '../../../../electron/api/labelSchemas';
import type { Answer } from './answers';
import { KeyCaps } from './KeyCap';
import { keysForChoice, shownKey } from './keymap';
import { RaterMarks } from './RaterMarks';

/** A closed tag set: each tag toggles on its keys; any number may apply (none is an answer too). */
export function TagToggles({ question, answer, keymap, othersByValue, onToggle }: { question: MultilabelQuestion; answer: Answer | undefined; keymap: SchemaKeymap; othersByValue: Map<string, string[]>; onToggle(tag: string): void }) {
  const chosen = new Set(!answer?.na && Array.isArray(answer?.value) ? answer.value : []);
  return (
    <Box role="group" aria-label={question.title} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 0.5 }}>
      {question.tags.map((tag) => {
        const on = chosen.has(tag.value);
        return (
          <ButtonBase
            key={tag.value}
            role="checkbox"
            aria-checked={on}
            aria-label={tag.label}
            title={tag.description || undefined}
            onClick={() => onToggle(tag.value)}
            sx={{
              justifyContent: 'flex-start',
              gap: 0.75,
              pl: 0.5,
              pr: 1,
              py: 0.25,
              borderRadius: 1,
              border: 1,
              borderColor: on ? 'primary.main' : 'divider',
              bgcolor: on ? 'primary.light' : 'background.paper',
              '&:hover': { borderColor: on ? 'primary.main' : '#b9c4d0' },
            }}
          >
            <Checkbox size="small" checked={on} tabIndex={-1} disableRipple sx={{ p: 0.5 }} slotProps={{ input: { 'aria-hidden': true } }} />
            <Typography variant="body2" sx={{ flex: 1, textAlign: 'left', fontWeight: on ? 600 : 500, color: on ? 'primary.dark' : 'text.primary' }}>
              {tag.label}
            </Typography>
            <RaterMarks raters={othersByValue.get(tag.value) ?? []} />
            <KeyCaps keys={shownKey(keysForChoice(keymap, question.id, tag.value))} dim={!on} />
          </ButtonBase>
        );
      })}
    </Box>
  );
}
