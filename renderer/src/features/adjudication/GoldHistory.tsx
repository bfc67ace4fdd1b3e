import { Box, Typography } from '@mui/material';
import type { GoldEdit } from '../../../../electron/api/contract';
import { formatDateTime } from '../../common/format';
import { MONO_FONT } from '../../theme/theme';
import { unitWords } from './AnswerGroupCard';
import { goldText as answer } from './goldText';

/** The gold edit log of an item: every decision, who made it, when, what it replaced and why. */
export function GoldHistory({ edits }: { edits: GoldEdit[] }) {
  if (edits.length === 0) return null;
  return (
    <Box component="section" aria-label="Gold edits" data-testid="gold-history" sx={{ mt: 1 }}>
      <Typography variant="overline" color="text.secondary">
        Gold edits
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {[...edits].reverse().map((e, i) => (
          <Box component="li" key={`${e.at}/${i}`} data-testid="gold-edit" sx={{ fontSize: 13, color: 'text.secondary', lineHeight: 1.5 }}>
            <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
              {e.adjudicator ?? (e.source === 'unanimous' ? 'Unanimous' : 'An adjudicator')}
            </Box>{' '}
            {e.previous ? 'changed' : 'set'}{' '}
            <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12 }}>
              {e.question}
            </Box>
            {e.unit && ` (${unitWords(e.unit)})`}
            {e.previous ? (
              <>
                {' '}
                from <strong>{answer(e.previous)}</strong> to <strong>{answer(e)}</strong>
              </>
            ) : (
              <>
                {' '}
                to <strong>{answer(e)}</strong>
              </>
            )}
            {e.source === 'unanimous' && ' (unanimous)'} · {formatDateTime(e.at)}
            {e.reason && (
              <Box component="span" sx={{ display: 'block', pl: 1.5, fontStyle: 'italic' }}>
                Why: {e.reason}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
