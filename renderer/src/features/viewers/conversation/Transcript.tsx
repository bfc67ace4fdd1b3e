import { Box } from '@mui/material';
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import type { Turn } from '../../../../../electron/api/artifacts';
import { estimateTurnHeight, ROW_GAP } from './estimateTurnHeight';
import type { TurnMarks } from './turnMarks';
import { TurnRow } from './TurnRow';
import { conversationStart } from './turnTiming';
import { useWindowedList } from './useWindowedList';

/** What the viewer can ask of the transcript. */
export interface TranscriptControl {
  /** Brings turn `index` into view: the transcript onto the screen, then the turn near its top. */
  scrollToTurn(index: number): void;
}

interface Props {
  turns: readonly Turn[];
  marksOf(turn: number): TurnMarks;
  selectedTurn: number | null;
  onSelect(turn: number, toggle: boolean): void;
  onJump(turn: number): void;
  control: Ref<TranscriptControl>;
}

/**
 * The turns, windowed: a 300-turn conversation keeps only the turns near the viewport in the
 * DOM (see useWindowedList), inside its own scroll area of at most a screen's height.
 */
export function Transcript({ turns, marksOf, selectedTurn, onSelect, onJump, control }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const estimate = useCallback((i: number) => estimateTurnHeight(turns[i], marksOf(i).findings.length), [turns, marksOf]);
  const list = useWindowedList({ count: turns.length, estimateSize: estimate, scrollRef });
  const start = useMemo(() => conversationStart(turns), [turns]);
  // Turns whose other source fields are open. Kept here, not in the row: a windowed row leaves
  // the DOM when scrolled away and comes back as the reviewer left it. Another conversation
  // starts with all closed.
  const [openExtra, setOpenExtra] = useState<{ turns: readonly Turn[]; open: ReadonlySet<number> }>({ turns, open: new Set() });
  const extraOpen = openExtra.turns === turns ? openExtra.open : null;
  const toggleExtra = useCallback(
    (index: number) =>
      setOpenExtra((state) => {
        const open = new Set(state.turns === turns ? state.open : []);
        if (!open.delete(index)) open.add(index);
        return { turns, open };
      }),
    [turns],
  );

  useImperativeHandle(
    control,
    () => ({
      scrollToTurn(index: number) {
        const scroller = scrollRef.current;
        if (!scroller) return;
        const box = scroller.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) scroller.scrollIntoView({ block: 'nearest' });
        list.scrollToIndex(index);
      },
    }),
    [list],
  );

  const rows = [];
  for (let i = list.range.start; i <= list.range.end; i++) {
    const turn = turns[i];
    const joinsNext = turn.role === 'tool_call' && turn.call.outputTurn === i + 1;
    const previous = turns[i - 1];
    const joinsPrevious = turn.role === 'tool_output' && turn.output.callTurn === i - 1 && previous?.role === 'tool_call';
    const callTurn = turn.role === 'tool_output' && turn.output.callTurn !== null ? turns[turn.output.callTurn] : undefined;
    rows.push(
      // Positions go in `style`, not `sx`: every distinct top would otherwise add a CSS rule.
      <div key={i} ref={list.measure(i)} style={{ position: 'absolute', top: list.offsets[i], left: 0, right: 0, paddingBottom: joinsNext ? 0 : ROW_GAP }}>
        <TurnRow
          turn={turn}
          marks={marksOf(i)}
          selected={selectedTurn === i}
          start={start}
          callName={callTurn?.role === 'tool_call' ? callTurn.call.name : null}
          joinsNext={joinsNext}
          joinsPrevious={joinsPrevious}
          extraOpen={extraOpen?.has(i) ?? false}
          onToggleExtra={toggleExtra}
          onSelect={onSelect}
          onJump={onJump}
        />
      </div>,
    );
  }

  return (
    <Box
      ref={scrollRef}
      data-testid="transcript"
      tabIndex={0}
      aria-label="Transcript"
      sx={{
        maxHeight: 'max(420px, calc(100vh - 140px))',
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        px: 2,
        pt: 1.5,
        pb: 1,
        bgcolor: '#fbfcfd',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <div style={{ position: 'relative', height: list.totalSize }}>{rows}</div>
    </Box>
  );
}
