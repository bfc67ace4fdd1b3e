import { Box, Typography } from '@mui/material';
import type { LabelSchema } from '../../../../electron/api/labelSchemas';
import { MONO_FONT } from '../../theme/theme';
import { SCOPE_TEXT, TYPE_TEXT } from '../schemaEditor/schemaDraft';

/** A schema's questions in one quiet line each: id, type, what it is asked about, flags. */
export function SchemaSummary({ schema }: { schema: LabelSchema }) {
  return (
    <Box component="ul" aria-label="Questions of the schema" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {schema.questions.map((q) => (
        <Box component="li" key={q.id} sx={{ display: 'flex', columnGap: 1, flexWrap: 'wrap', alignItems: 'baseline', py: 0.25 }}>
          <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 12.5, wordBreak: 'break-all' }}>
            {q.id}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {TYPE_TEXT[q.type].label}
            {q.type === 'ordinal' && ` (${q.levels.length} levels${q.tiers.length ? `, tiers ${q.tiers.map((t) => t.name).join(' ')}` : ''})`}
            {q.type === 'multilabel' && ` (${q.tags.length} tags)`}
            {' · '}
            {SCOPE_TEXT[q.scope].toLowerCase()}
            {q.allowNA && ' · N/A allowed'}
            {!q.required && ' · optional'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
