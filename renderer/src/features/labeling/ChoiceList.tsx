import { Box, ButtonBase, Chip, Tooltip, Typography } from '@mui/material';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import type { NominalQuestion, OrdinalQuestion, SchemaKeymap } from '../../../../electron/api/labelSchemas';
import { tiersOf } from '../../../../electron/common/labelSchemaRules';
import type { Answer } from './answers';
import { KeyCaps } from './KeyCap';
import { keysForChoice } from './keymap';
import { RaterMarks } from './RaterMarks';

interface Props {
  question: OrdinalQuestion | NominalQuestion;
  answer: Answer | undefined;
  keymap: SchemaKeymap;
  /** Other raters by the value they chose. */
  othersByValue: Map<string, string[]>;
  onPick(value: string): void;
}

/**
 * Levels (lowest first) or options as a vertical list, each with its keys; ordinal levels
 * show the best tier they reach (plan quality: A+ / A / B). The chosen level's guidance is
 * spelled out under the list.
 */
export function ChoiceList({ question, answer, keymap, othersByValue, onPick }: Props) {
  const choices = question.type === 'ordinal' ? question.levels : question.options;
  const chosen = choices.find((c) => !answer?.na && c.value === answer?.value);
  return (
    <Box>
      <Box role="radiogroup" aria-label={question.title} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {choices.map((choice) => {
          const selected = choice === chosen;
          const tier = question.type === 'ordinal' ? tiersOf(question, choice.value)[0] : undefined;
          return (
            <Tooltip key={choice.value} title={choice.description} placement="left" enterDelay={600} disableInteractive>
              <ButtonBase
                role="radio"
                aria-checked={selected}
                aria-label={choice.label}
                onClick={() => onPick(choice.value)}
                sx={{
                  justifyContent: 'flex-start',
                  gap: 1,
                  px: 1,
                  py: 0.6,
                  borderRadius: 1,
                  border: 1,
                  borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: selected ? 'primary.light' : 'background.paper',
                  textAlign: 'left',
                  '&:hover': { borderColor: selected ? 'primary.main' : '#b9c4d0' },
                }}
              >
                <KeyCaps keys={keysForChoice(keymap, question.id, choice.value)} dim={!selected} />
                <Typography variant="body2" sx={{ flex: 1, fontWeight: selected ? 600 : 500, color: selected ? 'primary.dark' : 'text.primary' }}>
                  {choice.label}
                </Typography>
                <RaterMarks raters={othersByValue.get(choice.value) ?? []} />
                {tier && <Chip size="small" label={tier} variant="outlined" sx={{ height: 18, fontSize: 11, fontWeight: 700, color: 'text.secondary', '& .MuiChip-label': { px: 0.75 } }} aria-label={`Tier ${tier}`} />}
                <CheckOutlined sx={{ fontSize: 16, color: 'primary.main', visibility: selected ? 'visible' : 'hidden' }} />
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
      {chosen?.description && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75, mb: 0 }} data-testid="chosen-description">
          {chosen.description}
        </Typography>
      )}
    </Box>
  );
}
