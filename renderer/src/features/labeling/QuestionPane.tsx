import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { TaskDetail } from '../../../../electron/api/contract';
import { plural } from '../../common/format';
import { answerKey } from './answers';
import { BlindNotice } from './BlindNotice';
import { KeyCap } from './KeyCap';
import { QuestionCard } from './QuestionCard';
import { UnitPicker } from './UnitPicker';
import type { LabelingScreenState } from './useLabelingScreen';

const NOUN = { node: 'node', step: 'step', turn: 'turn' } as const;

/** The right side of the labeling screen: item questions, the unit picker with its questions, and Submit. */
export function QuestionPane({ task, screen }: { task: TaskDetail; screen: LabelingScreenState }) {
  const { session, shown, focusIndex } = screen;
  const cards = useRef<(HTMLDivElement | null)[]>([]);
  const itemCount = screen.itemQuestions.length;

  // The focused question stays in view as the keyboard moves through them.
  useEffect(() => {
    cards.current[focusIndex]?.scrollIntoView({ block: 'nearest' });
  }, [focusIndex, screen.selectedUnit]);

  const card = (index: number) => {
    const { question, unit } = shown[index];
    const key = answerKey(unit, question.id);
    return (
      <QuestionCard
        key={key}
        ref={(el) => {
          cards.current[index] = el;
        }}
        question={question}
        unit={unit}
        answer={session.answers.get(key)}
        keymap={task.keymap}
        focused={index === focusIndex}
        onFocus={() => screen.setFocusIndex(index)}
        others={(session.view?.others ?? []).filter((l) => l.unit === unit && l.question === question.id)}
        session={session}
        rationaleRef={(el) => void screen.rationaleRefs.current.set(key, el)}
        unitLabel={unit ? screen.units.find((u) => u.key === unit)?.label : undefined}
        revision={session.view?.revisions.find((r) => r.unit === unit && r.question === question.id)}
        earlierVersion={session.earlierVersion.has(key)}
      />
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, bgcolor: '#fafbfc' }} aria-label="Questions" component="section">
      <Box sx={{ flex: 1, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <BlindNotice view={session.view} />
        {session.loadError && <Alert severity="error">Cannot load your labels: {session.loadError}</Alert>}
        {session.status.state === 'error' && (
          <Alert severity="error" onClose={session.dismissError} data-testid="save-error">
            Your answer to {session.status.question}
            {session.status.unit ? ` (${session.status.unit.replace(':', ' ')})` : ''} was not saved: {session.status.message}
          </Alert>
        )}
        {shown.slice(0, itemCount).map((_, i) => card(i))}
        {screen.unitQuestions.length > 0 && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, mt: itemCount > 0 ? 0.75 : 0 }}>
            {screen.units.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                This item has no {NOUN[screen.unitScope]}s to label.
              </Typography>
            ) : (
              <UnitPicker scope={screen.unitScope} units={screen.units} states={screen.states} selected={screen.selectedUnit} onSelect={screen.selectUnit} />
            )}
            {screen.units.length > 0 && !screen.selectedUnit && (
              <Typography variant="body2" color="text.secondary">
                Select a {NOUN[screen.unitScope]} in the viewer or above to answer its questions.
              </Typography>
            )}
            {shown.slice(itemCount).map((_, i) => card(itemCount + i))}
          </Box>
        )}
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 1.5, py: 1, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {screen.actionError ? (
          <Alert severity="warning" onClose={screen.dismissActionError} sx={{ flex: 1, py: 0, '& .MuiAlert-message': { fontSize: 13 } }} data-testid="action-error">
            {screen.actionError}
          </Alert>
        ) : (
          <Typography variant="body2" color={screen.missing > 0 ? 'text.secondary' : 'success.main'} sx={{ flex: 1, fontSize: 13 }} data-testid="missing-answers">
            {screen.missing > 0 ? `${plural(screen.missing, 'required answer')} missing` : 'All required answers given'}
          </Typography>
        )}
        <Button variant="contained" onClick={() => void screen.actions.submit()} disabled={screen.busy} endIcon={<KeyCap k="Enter" />} sx={{ '& kbd': { bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit', borderColor: 'rgba(255,255,255,0.4)' } }}>
          {session.view?.submitted ? 'Next' : 'Submit'}
        </Button>
      </Box>
    </Box>
  );
}
