import { Box, ButtonBase } from '@mui/material';
import { memo } from 'react';
import type { Turn } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { OtherFieldsToggle } from '../OtherFields';
import { EventBody } from './EventBody';
import { MessageBody } from './MessageBody';
import { ROLE_STYLE } from './roleStyle';
import { ToolCallBody } from './ToolCallBody';
import { ToolOutputBody } from './ToolOutputBody';
import { TurnFindings } from './TurnFindings';
import { TurnHeader } from './TurnHeader';
import { parameterMismatches, type TurnMarks } from './turnMarks';

export interface TurnRowProps {
  turn: Turn;
  marks: TurnMarks;
  selected: boolean;
  /** The conversation's first timestamp (epoch seconds), for elapsed times. */
  start: number | null;
  /** The call's name for an output, from the call turn it answers. */
  callName: string | null;
  /** This is a call whose output is the next turn: the two cards join into one block. */
  joinsNext: boolean;
  /** This is an output whose call is the previous turn. */
  joinsPrevious: boolean;
  /** The turn's other source fields (`extra`) are open. */
  extraOpen: boolean;
  /** Opens or closes them (the transcript keeps which are open). */
  onToggleExtra(turn: number): void;
  /** Selects the turn from inside the transcript (no scrolling needed: it is in view). */
  onSelect(turn: number, toggle: boolean): void;
  /** Selects another turn and scrolls to it (the other half of a tool exchange). */
  onJump(turn: number): void;
}

/**
 * One turn: its number in the gutter and a card with a rail in the role's colour. A call and
 * the output right after it join into one block, so the exchange reads as one.
 */
export const TurnRow = memo(function TurnRow({ turn, marks, selected, start, callName, joinsNext, joinsPrevious, extraOpen, onToggleExtra, onSelect, onJump }: TurnRowProps) {
  const style = ROLE_STYLE[turn.role];
  const unpaired =
    (turn.role === 'tool_call' && turn.call.outputTurn === null) || (turn.role === 'tool_output' && turn.output.callTurn === null);
  const flagged = unpaired || marks.findings.some((f) => f.severity === 'error');
  return (
    <Box
      component="article"
      aria-label={`Turn ${turn.index}`}
      aria-current={selected ? 'true' : undefined}
      data-testid="turn"
      data-turn={turn.index}
      data-role={turn.role}
      data-joins={joinsNext ? 'next' : joinsPrevious ? 'previous' : undefined}
      sx={{ display: 'grid', gridTemplateColumns: '36px minmax(0, 1fr)', columnGap: 1.25 }}
    >
      <ButtonBase
        aria-label={`Select turn ${turn.index}`}
        aria-pressed={selected}
        onClick={() => onSelect(turn.index, true)}
        sx={{
          alignSelf: 'start',
          justifyContent: 'flex-end',
          mt: joinsPrevious ? 1.1 : 1.35,
          pr: 0.5,
          py: 0.1,
          borderRadius: 1,
          fontFamily: MONO_FONT,
          fontSize: 12,
          color: selected ? 'primary.main' : '#9aa3ae',
          fontWeight: selected ? 700 : 500,
          '&:hover': { color: 'primary.main', bgcolor: 'primary.light' },
        }}
      >
        {turn.index}
      </ButtonBase>
      <Box
        onClick={() => {
          // Selecting text to copy it should not select the turn.
          if (!window.getSelection()?.toString()) onSelect(turn.index, false);
        }}
        sx={{
          position: 'relative',
          minWidth: 0,
          px: 1.75,
          pt: joinsPrevious ? 1 : 1.1,
          pb: 1.25,
          bgcolor: style.fill,
          border: 1,
          borderColor: flagged ? '#e9b8b4' : '#e4e7ec',
          borderLeft: `3px solid ${flagged ? '#b3261e' : style.accent}`,
          borderRadius: 1.5,
          ...(joinsNext && { borderBottomLeftRadius: 0, borderBottomRightRadius: 0, borderBottom: 0 }),
          ...(joinsPrevious && { borderTopLeftRadius: 0, borderTopRightRadius: 0, borderTop: '1px dashed #ddd6ea' }),
          ...(selected && { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}`, zIndex: 1 }),
          cursor: selected ? 'default' : 'pointer',
        }}
      >
        <TurnHeader turn={turn} marks={marks} start={start} />
        <Box sx={{ mt: 0.5 }}>
          {turn.role === 'tool_call' ? (
            <ToolCallBody
              call={turn.call}
              written={turn.text}
              outputBelow={joinsNext}
              mismatches={marks.trace ? parameterMismatches(marks.trace) : []}
              onJump={onJump}
            />
          ) : turn.role === 'tool_output' ? (
            <ToolOutputBody output={turn.output} callName={callName} callAbove={joinsPrevious} onJump={onJump} />
          ) : turn.role === 'event' ? (
            <EventBody data={turn.data} text={turn.text} />
          ) : (
            <MessageBody text={turn.text} fold={turn.role === 'system'} />
          )}
        </Box>
        {/* What the source wrote that the model does not know (ToolBench's Finish call on its answer…), one click away. */}
        <OtherFieldsToggle extra={turn.extra} open={extraOpen} onToggle={() => onToggleExtra(turn.index)} testId="turn-other-fields" sx={{ mt: 0.75 }} />
        <TurnFindings findings={marks.findings} onSelect={() => onSelect(turn.index, false)} />
      </Box>
    </Box>
  );
});
