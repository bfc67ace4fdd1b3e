import { Box, Button, ButtonBase, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import type { Conversation } from '../../../../../electron/api/artifacts';
import { plural } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { ALIGNMENT_COLUMNS, AlignmentRow } from './AlignmentRow';
import { PlainParameters } from './CallParameters';
import type { ConversationMetrics } from './conversationPayload';
import { traceLines } from './goldTerminations';
import { Section } from './Section';
import { TerminationRow } from './TerminationRow';
import { TraceMetricsStrip } from './TraceMetricsStrip';
import { traceIssue } from './turnMarks';

interface Props {
  conversation: Conversation;
  metrics: ConversationMetrics | null;
  selectedTurn: number | null;
  onJump(turn: number): void;
  /** The task hides automatic scores while labeling (issue 13): no comparison with the expected trace came. */
  scoresHidden?: boolean;
}

/**
 * Traces longer than this show only their problem rows at first (all of them one click away),
 * so a 60-call trace does not push the transcript off the screen.
 */
const SHORT_TRACE = 8;

/**
 * The expected and the actual tool trace side by side (from the stored alignment): matches,
 * missing, extra and misordered calls, and parameters that differ; with the trace scores.
 * A row with a turn scrolls the transcript to that call. A gold entry that is ToolBench's
 * termination (`Finish`, not scored) shows muted where the gold listed it, beside the agent's
 * final answer; like every row that is no difference, it is folded away with the matches.
 */
export function TracePanel({ conversation, metrics, selectedTurn, onJump, scoresHidden = false }: Props) {
  const [showAll, setShowAll] = useState(false);
  const expected = conversation.expectedTrace;
  if (expected === null || metrics === null) return <ActualCallsOnly conversation={conversation} selectedTurn={selectedTurn} onJump={onJump} scoresHidden={scoresHidden} />;
  const rows = metrics.alignment.map((row, i) => ({ row, number: i + 1 }));
  const issues = rows.filter(({ row }) => traceIssue(row));
  const folded = rows.length > SHORT_TRACE && !showAll;
  const lines = traceLines(metrics.alignment, conversation.expectedTerminations ?? [], conversation.turns);
  const shown = folded ? lines.filter((line) => line.kind === 'alignment' && traceIssue(line.row)) : lines;
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
            sx={{ bgcolor: '#fff', height: 22 }}
          />
        </>
      }
    >
      <TraceMetricsStrip metrics={metrics} />
      <Box sx={{ mt: 1.25, border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }} data-testid="trace-alignment">
        <Box sx={{ display: 'grid', gridTemplateColumns: ALIGNMENT_COLUMNS, columnGap: 1.5, px: 1.5, py: 0.6, bgcolor: '#fafbfc' }}>
          {['#', 'Expected', 'Verdict', 'Actual'].map((h) => (
            <Typography key={h} component="div" sx={{ fontSize: 12, fontWeight: 600, color: 'text.secondary' }}>
              {h}
            </Typography>
          ))}
        </Box>
        <Box sx={{ maxHeight: shown.length > 12 ? 420 : undefined, overflowY: 'auto' }}>
          {shown.map((line) =>
            line.kind === 'termination' ? (
              <TerminationRow
                key={`termination-${line.termination.index}`}
                termination={line.termination}
                answerTurn={line.answerTurn}
                turns={conversation.turns}
                selected={line.answerTurn !== null && line.answerTurn === selectedTurn}
                onJump={onJump}
              />
            ) : (
              <AlignmentRow
                key={line.number}
                row={line.row}
                number={line.number}
                expected={line.row.expectedIndex !== null ? expected[line.row.expectedIndex] : undefined}
                actual={line.row.actualIndex !== null ? conversation.actualTrace[line.row.actualIndex] : undefined}
                selected={line.row.turn !== null && line.row.turn === selectedTurn}
                onJump={onJump}
              />
            ),
          )}
        </Box>
        {rows.length === 0 && <Note>No call was expected and none was made.</Note>}
        {rows.length > SHORT_TRACE && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 0.5, borderTop: 1, borderColor: 'divider', bgcolor: '#fafbfc' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {folded
                ? issues.length === 0
                  ? `All ${rows.length} calls are as expected.`
                  : `Showing the ${plural(issues.length, 'call')} that ${issues.length === 1 ? 'differs' : 'differ'} of ${rows.length}.`
                : `All ${rows.length} calls.`}
            </Typography>
            <Button size="small" onClick={() => setShowAll((s) => !s)} data-testid="trace-show-all">
              {folded ? `Show all ${rows.length}` : issues.length === 0 ? 'Hide them' : 'Only the differences'}
            </Button>
          </Box>
        )}
      </Box>
    </Section>
  );
}

function unanswered(conversation: Conversation, turn: number): boolean {
  const made = conversation.turns[turn];
  return made?.role === 'tool_call' && made.call.outputTurn === null;
}

function Note({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
      {children}
    </Typography>
  );
}

/** Without an expected trace there is nothing to score: list the calls made, each linked to its turn. */
function ActualCallsOnly({ conversation, selectedTurn, onJump, scoresHidden }: Omit<Props, 'metrics'>) {
  const calls = conversation.actualTrace;
  return (
    <Section
      title="Tool calls"
      testId="trace-panel"
      aside={
        <Typography variant="body2" color="text.secondary" data-testid="trace-aside">
          {plural(calls.length, 'call')} made ·{' '}
          {/* The expected trace is the source's and stays while scores are hidden; only a conversation that has one has a comparison to hide. */}
          {scoresHidden && conversation.expectedTrace !== null ? 'the comparison with the expected trace and its scores are hidden while you label' : 'no expected trace in the source, so nothing is scored'}
        </Typography>
      }
    >
      {calls.length > 0 && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden', maxHeight: calls.length > 12 ? 420 : undefined, overflowY: 'auto' }}>
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
                py: 0.75,
                borderTop: i ? 1 : 0,
                borderColor: 'divider',
                bgcolor: call.turn === selectedTurn ? 'primary.light' : undefined,
                '&:hover': { bgcolor: call.turn === selectedTurn ? 'primary.light' : '#f3f6f9' },
              }}
            >
              <Typography component="div" sx={{ fontSize: 12, color: 'text.secondary', pt: 0.2 }}>
                {i + 1}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 700, color: '#3f2d66' }}>
                  {call.name}
                </Typography>
                <PlainParameters args={call.arguments} />
              </Box>
              {call.turn !== undefined && (
                <Box sx={{ textAlign: 'right', pt: 0.2 }}>
                  <Typography component="div" sx={{ fontSize: 12, color: 'primary.main' }}>
                    turn {call.turn}
                  </Typography>
                  {unanswered(conversation, call.turn) && (
                    <Typography component="div" sx={{ fontSize: 12, color: 'error.main', fontWeight: 600 }}>
                      no output
                    </Typography>
                  )}
                </Box>
              )}
            </ButtonBase>
          ))}
        </Box>
      )}
    </Section>
  );
}
