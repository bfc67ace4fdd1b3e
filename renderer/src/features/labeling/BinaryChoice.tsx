import { Box, ButtonBase, Typography } from '@mui/material';
import type { BinaryQuestion, SchemaKeymap } from '../../../../electron/api/labelSchemas';
import type { Answer } from './answers';
import { KeyCaps } from './KeyCap';
import { keysForChoice, shownKey } from './keymap';
import { RaterMarks } from './RaterMarks';

/** The two answers of a binary question side by side: the positive one (pass, yes, valid) first, tinted green when chosen; the other red. */
export function BinaryChoice({ question, answer, keymap, othersByValue, onPick }: { question: BinaryQuestion; answer: Answer | undefined; keymap: SchemaKeymap; othersByValue: Map<string, string[]>; onPick(value: string): void }) {
  return (
    <Box role="radiogroup" aria-label={question.title} sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.75 }}>
      {question.options.map((option, index) => {
        const selected = !answer?.na && answer?.value === option.value;
        const tone = index === 0 ? 'success' : 'error';
        return (
          <ButtonBase
            key={option.value}
            role="radio"
            aria-checked={selected}
            aria-label={option.label}
            title={option.description || undefined}
            onClick={() => onPick(option.value)}
            sx={{
              justifyContent: 'flex-start',
              gap: 1,
              px: 1.25,
              py: 0.9,
              borderRadius: 1,
              border: 1,
              borderColor: selected ? `${tone}.main` : 'divider',
              bgcolor: selected ? `${tone}.light` : 'background.paper',
              '&:hover': { borderColor: selected ? `${tone}.main` : '#b9c4d0' },
            }}
          >
            <KeyCaps keys={shownKey(keysForChoice(keymap, question.id, option.value))} dim={!selected} />
            <Typography variant="body2" sx={{ flex: 1, textAlign: 'left', fontWeight: selected ? 700 : 500, color: selected ? `${tone}.main` : 'text.primary' }}>
              {option.label}
            </Typography>
            <RaterMarks raters={othersByValue.get(option.value) ?? []} />
          </ButtonBase>
        );
      })}
    </Box>
  );
}
