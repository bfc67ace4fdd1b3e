import { Box, ButtonBase, Typography } from '@mui/material';
import type { SchemaKeymap, ScoreQuestion } from '../../../../electron/api/labelSchemas';
import type { Answer } from './answers';
import { KeyCaps } from './KeyCap';
import { keysForChoice } from './keymap';
import { RaterMarks } from './RaterMarks';

/** Fixed score values (0 / 0.5 / 1) as a row of equal buttons, lowest first; the chosen value's guidance under them. */
export function ScoreChoice({ question, answer, keymap, othersByValue, onPick }: { question: ScoreQuestion; answer: Answer | undefined; keymap: SchemaKeymap; othersByValue: Map<string, string[]>; onPick(value: number): void }) {
  const chosen = question.values.find((v) => !answer?.na && v.value === answer?.value);
  return (
    <Box>
      <Box role="radiogroup" aria-label={question.title} sx={{ display: 'grid', gridTemplateColumns: `repeat(${question.values.length}, 1fr)`, gap: 0.5 }}>
        {question.values.map((option) => {
          const selected = option === chosen;
          return (
            <ButtonBase
              key={option.value}
              role="radio"
              aria-checked={selected}
              aria-label={`${option.label} (${option.value})`}
              title={option.description || undefined}
              onClick={() => onPick(option.value)}
              sx={{ flexDirection: 'column', gap: 0.25, py: 0.75, borderRadius: 1, border: 1, borderColor: selected ? 'primary.main' : 'divider', bgcolor: selected ? 'primary.light' : 'background.paper' }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <KeyCaps keys={keysForChoice(keymap, question.id, option.value)} dim={!selected} />
                <Typography variant="body2" sx={{ fontWeight: selected ? 700 : 500, color: selected ? 'primary.dark' : 'text.primary' }}>
                  {option.label}
                </Typography>
              </Box>
              {option.label !== String(option.value) && (
                <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {option.value}
                </Typography>
              )}
              <RaterMarks raters={othersByValue.get(String(option.value)) ?? []} />
            </ButtonBase>
          );
        })}
      </Box>
      {chosen?.description && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75, mb: 0 }}>
          {chosen.description}
        </Typography>
      )}
    </Box>
  );
}
