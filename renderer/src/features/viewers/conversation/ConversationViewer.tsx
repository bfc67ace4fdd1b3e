import { Alert, Box } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ViewerProps } from '../types';
import { conversationOf, traceMetricsOf } from './conversationPayload';
import { ScenarioPanel } from './ScenarioPanel';
import { TracePanel } from './TracePanel';
import { Transcript, type TranscriptControl } from './Transcript';
import { TranscriptSummary } from './TranscriptSummary';
import { Section } from './Section';
import { marksByTurn } from './turnMarks';

/**
 * The conversation review screen (issue 3): scenario, the expected and actual tool traces side by
 * side, and the transcript. The selected turn lives in the URL (`?unit=turn:5`): a deep link, a
 * finding or a trace row scrolls the transcript to it; clicking a turn selects it in place.
 */
export default function ConversationViewer({ item, unit, onSelectUnit }: ViewerProps) {
  const conversation = useMemo(() => conversationOf(item.payload), [item.payload]);
  const metrics = useMemo(() => traceMetricsOf(item.metrics), [item.metrics]);
  const marksOf = useMemo(() => marksByTurn(item.findings, metrics?.alignment ?? []), [item.findings, metrics]);
  const transcript = useRef<TranscriptControl>(null);
  const turnCount = conversation?.turns.length ?? 0;
  const parsed = unit?.kind === 'turn' ? Number(unit.id) : NaN;
  const selectedTurn = Number.isInteger(parsed) && parsed >= 0 && parsed < turnCount ? parsed : null;

  // A selection made inside the transcript is already on screen; any other (deep link, finding,
  // trace row) scrolls to the turn.
  const selectedHere = useRef<number | null>(null);
  useEffect(() => {
    if (selectedTurn === null) return;
    if (selectedHere.current === selectedTurn) {
      selectedHere.current = null;
      return;
    }
    transcript.current?.scrollToTurn(selectedTurn);
  }, [selectedTurn]);

  const select = useCallback(
    (turn: number, toggle: boolean) => {
      const again = turn === selectedTurn;
      if (again && !toggle) return;
      selectedHere.current = again ? null : turn;
      onSelectUnit(again ? null : `turn:${turn}`);
    },
    [selectedTurn, onSelectUnit],
  );
  const jump = useCallback(
    (turn: number) => {
      selectedHere.current = null;
      onSelectUnit(`turn:${turn}`);
      transcript.current?.scrollToTurn(turn);
    },
    [onSelectUnit],
  );

  if (!conversation) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        This item's payload is not a conversation Accord can show; the Raw tab has it as stored.
      </Alert>
    );
  }
  return (
    <Box data-testid="conversation-viewer" sx={{ containerType: 'inline-size' }}>
      <ScenarioPanel scenario={conversation.scenario} graph={conversation.graph} flowgraph={item.flowgraph} extra={conversation.extra} />
      <TracePanel conversation={conversation} metrics={metrics} selectedTurn={selectedTurn} onJump={jump} scoresHidden={item.scoresHidden === true} />
      <Section title="Transcript" testId="transcript-section" aside={<TranscriptSummary turns={conversation.turns} findings={item.findings} />} flush>
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <Transcript turns={conversation.turns} marksOf={marksOf} selectedTurn={selectedTurn} onSelect={select} onJump={jump} control={transcript} />
        </Box>
      </Section>
    </Box>
  );
}
