import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import type { Finding, Plan, PlanStep } from '../../../../../electron/api/artifacts';
import { plural } from '../../../common/format';
import { findingsByStep, type PlanPart } from './planFindings';
import { dependencyOrder } from './planSteps';
import { PlanOverview } from './PlanOverview';
import { StepCard, type StepDecoration } from './StepCard';
import { usePlanFocus, type SelectionSource } from './usePlanFocus';

interface Props {
  plan: Plan;
  /** `data-scope` of the cards: `plan`, `gold`, … */
  scope: string;
  part: PlanPart;
  findings: readonly Finding[];
  query: string | null;
  /** Selection kept in the URL; without it the list keeps its own. */
  selection?: SelectionSource;
  /** Marks a card (match against gold). */
  decorate?(step: PlanStep): StepDecoration | undefined;
  /** Cards highlighted from outside (the matched step opposite). */
  highlighted?: ReadonlySet<number>;
  /** Reports the card under the pointer (by index), for the view around the list. */
  onHoverStep?(index: number | null): void;
  /** Draws the dependency overview above the cards. */
  overview?: boolean;
}

/** A readable plan as step cards in dependency order, optionally with the overview above. */
export function StepList({ plan, scope, part, findings, query, selection, decorate, highlighted, onHoverStep, overview = false }: Props) {
  const focus = usePlanFocus(plan.steps, scope, selection);
  const order = useMemo(() => dependencyOrder(plan.steps), [plan.steps]);
  const byStep = useMemo(() => findingsByStep(findings, part), [findings, part]);
  if (plan.steps.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        This plan has no steps.
      </Typography>
    );
  }
  return (
    <Box ref={focus.rootRef} data-testid={`step-list-${scope}`} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {overview && plan.steps.length > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 0.5, flexWrap: 'wrap' }}>
          <PlanOverview
            steps={plan.steps}
            highlighted={focus.hovered}
            selected={focus.selectedIndex}
            onHover={focus.setHovered}
            onSelect={(index) => focus.toggle(plan.steps[index].id)}
          />
          <Typography variant="body2" color="text.secondary">
            {toolSummary(plan.steps)}
          </Typography>
        </Box>
      )}
      {order.map((index) => {
        const step = plan.steps[index];
        return (
          <StepCard
            key={index}
            step={step}
            byId={focus.byId}
            refs={focus.refs}
            query={query}
            findings={byStep.get(step.id) ?? []}
            // A repeated id: only the first step with it is the one a `step:<id>` link names.
            selected={focus.selectedIndex === index}
            highlighted={focus.hovered === index || (highlighted?.has(index) ?? false)}
            scope={scope}
            decoration={decorate?.(step)}
            onSelect={() => focus.toggle(step.id)}
            onHover={(on) => onHoverStep?.(on ? index : null)}
          />
        );
      })}
    </Box>
  );
}

/** "4 steps: 2 T2S, 1 RAG, 1 LLM" — the plan's size and tool mix in one line. */
function toolSummary(steps: readonly PlanStep[]): string {
  const counts = new Map<string, number>();
  for (const step of steps) counts.set(step.tool ?? 'text', (counts.get(step.tool ?? 'text') ?? 0) + 1);
  return `${plural(steps.length, 'step')}: ${[...counts].map(([tool, n]) => `${n} ${tool}`).join(', ')}`;
}
