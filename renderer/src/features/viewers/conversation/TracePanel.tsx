import { Box, ButtonBase, Chip, Typography } from '@mui/material';
import type { Conversation } from '../../../../../electron/api/artifacts';
import { plural } from '../../../shared/format';
import { MONO_FONT } from '../../../theme/theme';
import { ALIGNMENT_COLUMNS, AlignmentRow } from './AlignmentRow';
import { PlainParameters } from './CallParameters';
import type { ConversationMetrics } from './conversationPayload';
import { Section } from './Section';
import { TraceMetricsStrip } from './TraceMetricsStrip';

interface Props {
  conversation: Conversation;
  metrics: ConversationMetrics | null;
  selectedTurn: number | null;
  onJump(turn: number): void;
}

/** Rows shown before the table scrolls on its own, so a long trace does not bury the transcript. */
const ROWS_BEFORE_SCROLL = 12;

/**
 * The expected and the actual tool trace side by side (from the stored alignment): matches,
 * missing, extra and misordered calls, and parameters that differ; with the trace scores.
 * A row with a turn scrolls the transcript to that call.
 */
export function TracePanel({ conversation, metrics, selectedTurn, onJump }: Props) {
  const expected = conversation.expectedTrace;
  if (expected === null || metrics === null) return <ActualCallsOnly conversation={conversation} selectedTurn={selectedTurn} onJump={onJump} />;
  const exact = metrics.traceExactMatch;
  return (
    <Section
      title="Tool trace"
      testId="trace-panel"
      aside={
        <>
          <Typography variant="body2" color="text.secondary">
            {plural(metrics.expectedCalls, 'call')} expected · {plural(metrics.actualCalls, 'call')} made
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={exact ? 'success' : 'error'}
            label={exact ? 'Exact match' : 'Differs from the expected trace'}
            data-testid="trace-verdict-summary"
            sx={{ bgcolor: '#fff' }}
          />
        </>
      }
    >
      <TraceMetricsStrip metrics={metrics} />
      <Box sx={{ mt: 1.75, border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }} data-testid="trace-alignment">
        <Box sx={{ display: 'grid', gridTemplateColumns: ALIGNMENT_COLUMNS, columnGap: 1.5, px: 1.5, py: 0.75, bgcolor: '#fafbfc' }}>
          {['#', 'Expected', 'Verdict', 'Actual'].map((h) => (
            <Typography key={h} component="div" sx={{ fontSize: 12, fontWeight: 600, color: 'text.secondary' }}>
              {h}
            </Typography>
          ))}
        </Box>
        <Box sx={{ maxHeight: metrics.alignment.length > ROWS_BEFORE_SCROLL ? 480 : undefined, overflowY: 'auto' }}>
          {metrics.alignment.map((row, i) => (
            <AlignmentRow
              key={i}
              row={row}
              number={i + 1}
              expected={row.expectedIndex !== null ? expected[row.expectedIndex] : undefined}
              actual={row.actualIndex !== null ? conversation.actualTrace[row.actualIndex] : undefined}
              selected={row.turn !== null && row.turn === selectedTurn}
              onJump={onJump}
            />
          ))}
          {metrics.alignment.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
              No call was expected and none was made.
            </Typography>
          )}
        </Box>
      </Box>
    </Section>
  );
}

/** Without an expected trace there is nothing to score: list the calls made, each linked to its turn. */
function ActualCallsOnly({ conversation, selectedTurn, onJump }: Omit<Props, 'metrics'>) {
  const calls = conversation.actualTrace;
  return (
    <Section
      title="Tool calls"
      testId="trace-panel"
      aside={
        <Typography variant="body2" color="text.secondary">
          {plural(calls.length, 'call')} made · no expected trace in the source, so nothing is scored
        </Typography>
      }
    >
      {calls.length > 0 && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden', maxHeight: calls.length > ROWS_BEFORE_SCROLL ? 480 : undefined, overflowY: 'auto' }}>
          {calls.map((call, i) => (
            <ButtonBase
              key={i}
              component="div"
              data-testid="trace-row"
              data-status="actual"
              data-turn={call.turn}
              onClick={() => call.turn !== undefined && onJump(call.turn)}
              sx={{
                display: 'grid',
                gridTemplateColumns: '26px minmax(0, 1fr) auto',
                columnGap: 1.5,
                alignItems: 'start',
                width: '100%',
                textAlign: 'left',
                px: 1.5,
                py: 1,
                borderTop: i ? 1 : 0,
                borderColor: 'divider',
                bgcolor: call.turn === selectedTurn ? 'primary.light' : undefined,
                '&:hover': { bgcolor: '#f3f6f9' },
              }}
            >
              <Typography component="div" sx={{ fontSize: 12, color: 'text.secondary' }}>
                {i + 1}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 700, color: '#3f2d66' }}>
                  {call.name}
                </Typography>
                <PlainParameters args={call.arguments} />
              </Box>
              {call.turn !== undefined && (
                <Typography component="span" sx={{ fontSize: 12, color: 'primary.main' }}>
                  turn {call.turn}
                </Typography>
              )}
            </ButtonBase>
          ))}
        </Box>
      )}
    </Section>
  );
}
