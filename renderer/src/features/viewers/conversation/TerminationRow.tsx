import { Box, ButtonBase, Typography } from '@mui/material';
import OutlinedFlagOutlined from '@mui/icons-material/OutlinedFlagOutlined';
import type { ExpectedTermination, Turn } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { alignmentRowSx } from './AlignmentRow';
import { PlainParameters } from './CallParameters';

interface Props {
  termination: ExpectedTermination;
  /** The agent's final-answer turn (its own Finish, read as the answer), or null when it gave none. */
  answerTurn: number | null;
  turns: readonly Turn[];
  selected: boolean;
  onJump(turn: number): void;
}

export const TERMINATION_VERDICT = 'ToolBench’s termination — not scored';

/**
 * A gold (expected) trace entry that is ToolBench's termination, `Finish` (give_answer with its
 * final_answer, or give_up_and_restart): kept out of the scored trace on import, shown muted
 * where the gold listed it, beside the agent's own final answer. It has no row number: the
 * numbers and "Expected #N" count the scored calls only; its place in the source
 * (`expected_tool_trace[2]`) is written under it instead.
 */
export function TerminationRow({ termination, answerTurn, turns, selected, onJump }: Props) {
  const clickable = answerTurn !== null;
  const answer = answerTurn !== null ? turns[answerTurn]?.text ?? null : null;
  const place = `${termination.field}[${termination.index}]`;
  return (
    <ButtonBase
      component="div"
      role={clickable ? 'button' : 'row'}
      aria-label={`${TERMINATION_VERDICT}: ${termination.call.name}, ${place}${answerTurn !== null ? `; the agent's final answer at turn ${answerTurn}` : '; the agent gave no final answer'}`}
      aria-current={selected ? 'true' : undefined}
      data-testid="trace-termination"
      data-turn={answerTurn ?? undefined}
      disabled={!clickable}
      onClick={() => answerTurn !== null && onJump(answerTurn)}
      sx={{ ...alignmentRowSx({ selected, clickable, fill: '#f6f7f9', hoverFill: '#eef1f4' }), color: 'text.secondary' }}
    >
      <span />
      <Box data-testid="trace-expected" sx={{ minWidth: 0, opacity: 0.85 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 700, color: 'text.secondary' }}>
            {termination.call.name}
          </Typography>
          <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 11.5, color: 'text.disabled' }} data-testid="trace-termination-place">
            {place}
          </Typography>
        </Box>
        <PlainParameters args={termination.call.arguments} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, pt: 0.1 }} data-testid="trace-verdict">
        <OutlinedFlagOutlined sx={{ fontSize: 17, mt: 0.1 }} aria-hidden />
        <Typography component="span" sx={{ fontSize: 12.5, fontWeight: 600, lineHeight: 1.35 }}>
          {TERMINATION_VERDICT}
        </Typography>
      </Box>
      <Box data-testid="trace-actual" sx={{ minWidth: 0 }}>
        {answerTurn === null ? (
          <Typography component="span" sx={{ fontSize: 12.5, fontStyle: 'italic', color: 'text.disabled' }}>
            no final answer
          </Typography>
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontSize: 13, fontWeight: 600, color: 'text.secondary' }}>
                Final answer
              </Typography>
              <Typography component="span" sx={{ fontSize: 12, color: 'primary.main', whiteSpace: 'nowrap' }} data-testid="trace-termination-turn">
                turn {answerTurn}
              </Typography>
            </Box>
            {answer !== null && (
              <Typography
                component="div"
                data-testid="trace-termination-answer"
                sx={{ fontSize: 12.5, lineHeight: 1.5, mt: 0.25, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {answer}
              </Typography>
            )}
          </>
        )}
      </Box>
    </ButtonBase>
  );
}
