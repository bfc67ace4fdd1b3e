import { Box, Typography } from '@mui/material';
import type { Finding, Turn } from '../../../../../electron/api/artifacts';
import { plural } from '../../../common/format';
import { roleCounts, unansweredCalls } from './turnMarks';

/** One quiet line: how many turns of which kind, and how many calls go unanswered. */
export function TranscriptSummary({ turns, findings }: { turns: readonly Turn[]; findings: readonly Finding[] }) {
  const counts = roleCounts(turns);
  const unanswered = unansweredCalls(turns).length;
  const atTurns = findings.filter((f) => typeof f.location?.turn === 'number').length;
  const parts = [
    plural(turns.length, 'turn'),
    counts.user && plural(counts.user, 'user message'),
    counts.assistant && plural(counts.assistant, 'agent message'),
    counts.tool_call && plural(counts.tool_call, 'tool call'),
    counts.event && plural(counts.event, 'other event'),
    counts.other && plural(counts.other, 'unknown role'),
  ].filter(Boolean);
  return (
    <Typography variant="body2" color="text.secondary" component="div" data-testid="transcript-summary">
      {parts.join(' · ')}
      {unanswered > 0 && (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
          {' · '}
          {plural(unanswered, 'unanswered call')}
        </Box>
      )}
      {atTurns > 0 && (
        <Box component="span">
          {' · '}
          {plural(atTurns, 'finding')} on turns
        </Box>
      )}
    </Typography>
  );
}
