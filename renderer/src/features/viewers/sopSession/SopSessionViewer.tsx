import { Alert, Box, Chip, Typography } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { Section } from '../conversation/Section';
import type { ViewerProps } from '../types';
import { sessionOf, stepNumber } from './sessionPayload';
import { SopOutline } from './SopOutline';
import { StepCard } from './StepCard';
import { useStepKeys } from './useStepKeys';

/**
 * The Agent-S session review screen (issue 18, part 8): the SOP as an outline beside the
 * execution memory, one card per step (type chip, action, observation, success or fail), the
 * steps the continuation rule makes incorrect marked as such with the reason. The selected step
 * lives in the URL (`?unit=turn:2` is step 3), so labeling's per-step questions follow it;
 * `]` / `[` move between steps.
 */
export default function SopSessionViewer({ item, unit, onSelectUnit, fill }: ViewerProps) {
  const session = useMemo(() => sessionOf(item.payload), [item.payload]);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const stepCount = session?.steps.length ?? 0;
  const parsed = unit?.kind === 'turn' ? Number(unit.id) : NaN;
  const selected = Number.isInteger(parsed) && parsed >= 0 && parsed < stepCount ? parsed : null;
  // The step last asked for: the URL (and so `selected`) follows a moment later, and each of
  // several quick presses of ] must move on from the one before, not from the step still shown.
  // A selection arriving that was asked for here settles the requests up to it; any other (a
  // link, the labeling screen's unit keys) is where the next press starts.
  const requested = useRef(selected);
  const inFlight = useRef<(number | null)[]>([]);
  useEffect(() => {
    const at = inFlight.current.indexOf(selected);
    if (at >= 0) {
      inFlight.current = inFlight.current.slice(at + 1);
    } else {
      inFlight.current = [];
      requested.current = selected;
    }
  }, [selected]);
  const select = (index: number | null) => {
    requested.current = index;
    inFlight.current.push(index);
    onSelectUnit(index === null ? null : `turn:${index}`);
  };

  useStepKeys(root, {
    next: () => select(requested.current === null ? 0 : Math.min(stepCount - 1, requested.current + 1)),
    previous: () => select(requested.current === null ? stepCount - 1 : Math.max(0, requested.current - 1)),
    clear: () => select(null),
  });
  useEffect(() => {
    if (selected === null) return;
    list.current?.querySelector(`[data-testid="sop-step-${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  if (!session) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        This item's payload is not an Agent-S session Accord can show; the Raw tab has it as stored.
      </Alert>
    );
  }
  const ruled = new Set(session.rule.ruledSteps);
  const failed = session.steps.filter((s) => s.status === 'fail').length;
  const visited = new Set(session.steps.map((s) => s.outlineLine).filter((l): l is number => l !== null));
  const currentLine = selected === null ? null : session.steps[selected]!.outlineLine;
  const column = fill ? { minHeight: 0, overflow: 'auto' } : {};
  return (
    <Box ref={root} data-testid="sop-session-viewer" sx={{ display: 'flex', flexDirection: 'column', ...(fill ? { flex: 1, minHeight: 0 } : {}) }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary">
          SOP <b>{session.sopId}</b> · model <b>{session.model ?? 'not given'}</b> · {stepCount} steps · {failed} failed
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" color="text.secondary">
          ] / [ next / previous step
        </Typography>
      </Box>
      {session.rule.failedStep !== null && (
        <Alert severity="warning" variant="outlined" data-testid="sop-rule-alert" sx={{ mx: 2, mt: 1.5 }}>
          Continuation rule: steps {session.rule.ruledSteps.map(stepNumber).join(', ')} are incorrect by rule — {session.rule.reason}.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
          ...(fill ? { flex: 1, minHeight: 0 } : {}),
        }}
      >
        <Box sx={{ borderRight: { md: 1 }, borderColor: { md: 'divider' }, ...column, position: { md: 'sticky' }, top: 0 }}>
          <Section title="SOP" testId="sop-section" aside={<Chip size="small" variant="outlined" label={`${session.outline.length} lines`} />}>
            <SopOutline outline={session.outline} currentLine={currentLine} visited={visited} />
          </Section>
        </Box>
        <Box sx={column}>
          <Section title="Execution memory" testId="memory-section" aside={<Typography variant="caption" color="text.secondary">one card per step; click or ] / [ to select</Typography>} flush>
            <Box component="ol" ref={list} aria-label="Execution memory" sx={{ m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
              {session.steps.map((step) => (
                <StepCard
                  key={step.index}
                  step={step}
                  selected={step.index === selected}
                  ruledBecause={ruled.has(step.index) ? `failed step ${stepNumber(session.rule.failedStep!)} was continued past` : null}
                  continuedPast={step.index === session.rule.failedStep}
                  onSelect={() => select(step.index === selected ? null : step.index)}
                />
              ))}
            </Box>
          </Section>
        </Box>
      </Box>
    </Box>
  );
}
