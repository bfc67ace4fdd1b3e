import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { Fragment } from 'react';
import type { JudgeDefinition, PlaceholderInfo } from '../../../../../electron/api/contract';
import { MONO_FONT } from '../../../theme/theme';
import { InlineCodeText } from './InlineCodeText';

interface Props {
  placeholders: PlaceholderInfo[];
  kinds: JudgeDefinition['kinds'];
  /** Names the templates use now (shown filled). */
  used: ReadonlySet<string>;
  onInsert(name: string): void;
}

/**
 * The placeholders a judge of these kinds can use, each with what it binds to; a click inserts
 * it where the cursor was. Placeholders of other kinds are left out (they would fail every item).
 */
export function PlaceholderPalette({ placeholders, kinds, used, onInsert }: Props) {
  const fits = placeholders.filter((p) => p.kinds.length === 0 || kinds.length === 0 || p.kinds.some((k) => kinds.includes(k)));
  // Patterns such as `metadata.<field>` cannot be inserted as they are; they are described under the list.
  const insertable = fits.filter((p) => !p.name.includes('<'));
  const patterns = fits.filter((p) => p.name.includes('<'));
  return (
    <Box component="aside" aria-label="Placeholders">
      <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.8 }}>
        Placeholders
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.25, lineHeight: 1.45 }}>
        Click one to insert it at the cursor; filled ones are in use. <InlineCodeText text="`{{name?}}`" /> is optional: it renders “(none)” when an item lacks the field.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1.25, rowGap: 0.75, alignItems: 'baseline' }}>
        {insertable.map((p) => {
          const isUsed = used.has(p.name);
          return (
            <Fragment key={p.name}>
              <Tooltip title={`Insert {{${p.name}}}`} placement="left">
                <Chip
                  size="small"
                  label={p.name}
                  variant={isUsed ? 'filled' : 'outlined'}
                  color="primary"
                  onClick={() => onInsert(p.name)}
                  aria-label={`Insert placeholder ${p.name}`}
                  sx={{ fontFamily: MONO_FONT, fontSize: 12, justifySelf: 'start', ...(isUsed ? { bgcolor: 'primary.light', color: 'primary.dark', border: '1px solid #c9d8e8' } : {}) }}
                />
              </Tooltip>
              <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                <InlineCodeText text={p.description} />
              </Typography>
            </Fragment>
          );
        })}
      </Box>
      {patterns.map((p) => (
        <Typography key={p.name} variant="caption" color="text.secondary" component="p" sx={{ mt: 1.25, lineHeight: 1.4 }}>
          <InlineCodeText text={`\`{{${p.name}}}\``} />: <InlineCodeText text={p.description} />
        </Typography>
      ))}
    </Box>
  );
}
