import { Box, Chip, Paper, Tooltip, Typography } from '@mui/material';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Finding, Plan, PlanComparison, PlanStep } from '../../../../../electron/api/artifacts';
import { CONNECTOR_ROOT, MatchConnectors } from './MatchConnectors';
import { ComparisonScores } from './ComparisonScores';
import { ParseNotice } from './ParseNotice';
import { STATE_COLOR } from './planColors';
import type { StepDecoration } from './StepCard';
import { StepList } from './StepList';
import type { SelectionSource } from './usePlanFocus';

const GUTTER = 44;

interface Props {
  plan: Plan;
  gold: Plan;
  comparison: PlanComparison;
  findings: readonly Finding[];
  query: string | null;
  selection: SelectionSource;
  planTitle: ReactNode;
  goldTitle: ReactNode;
  /** One column under the other, for narrow panes; matches are then named on the cards only. */
  stacked: boolean;
}

/**
 * The plan beside its gold plan: scores on top, then both plans with every step marked as
 * matched (a line joins it to its gold step), only in the plan, or only in gold. Pointing at a
 * matched step highlights its partner.
 */
export function GoldComparison({ plan, gold, comparison, findings, query, selection, planTitle, goldTitle, stacked }: Props) {
  const [hoverPlan, setHoverPlan] = useState<number | null>(null);
  const [hoverGold, setHoverGold] = useState<number | null>(null);
  const goldOf = useMemo(() => new Map(comparison.matches.map((m) => [m.plan.index, m])), [comparison]);
  const planOf = useMemo(() => new Map(comparison.matches.map((m) => [m.gold.index, m])), [comparison]);

  const decoratePlan = useCallback(
    (step: PlanStep): StepDecoration => {
      const match = goldOf.get(step.index);
      if (!match) return { state: 'plan-only', accent: STATE_COLOR.planOnly, status: <StateChip color={STATE_COLOR.planOnly} label="not in gold" /> };
      return {
        state: 'matched',
        accent: STATE_COLOR.matched,
        status: <MatchChip other="gold" id={match.gold.id} sameDependencies={match.sameDependencies} />,
      };
    },
    [goldOf],
  );
  const decorateGold = useCallback(
    (step: PlanStep): StepDecoration => {
      const match = planOf.get(step.index);
      if (!match) return { state: 'gold-only', accent: STATE_COLOR.goldOnly, status: <StateChip color={STATE_COLOR.goldOnly} label="missing from plan" /> };
      return {
        state: 'matched',
        accent: STATE_COLOR.matched,
        status: <MatchChip other="plan" id={match.plan.id} sameDependencies={match.sameDependencies} />,
      };
    },
    [planOf],
  );
  const partnersOfHover = useMemo(() => {
    const gold = new Set<number>();
    const plan = new Set<number>();
    if (hoverPlan !== null && goldOf.has(hoverPlan)) gold.add(goldOf.get(hoverPlan)!.gold.index);
    if (hoverGold !== null && planOf.has(hoverGold)) plan.add(planOf.get(hoverGold)!.plan.index);
    return { gold, plan };
  }, [hoverPlan, hoverGold, goldOf, planOf]);

  return (
    <Box data-testid="gold-comparison">
      <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 2, bgcolor: '#fafbfc' }}>
        <ComparisonScores comparison={comparison} />
      </Paper>
      <Box
        {...{ [CONNECTOR_ROOT]: true }}
        sx={{
          position: 'relative',
          display: 'grid',
          gridTemplateColumns: stacked ? 'minmax(0, 1fr)' : `minmax(0, 1fr) ${GUTTER}px minmax(0, 1fr)`,
          rowGap: 3,
          alignItems: 'start',
        }}
      >
        <Box data-column="plan" sx={{ minWidth: 0 }}>
          <ColumnTitle>{planTitle}</ColumnTitle>
          {plan.parseStatus === 'invalid' ? (
            <ParseNotice plan={plan} name="plan" />
          ) : (
            <StepList
              plan={plan}
              scope="plan"
              part={{ kind: 'plan' }}
              findings={findings}
              query={query}
              selection={selection}
              decorate={decoratePlan}
              highlighted={partnersOfHover.plan}
              onHoverStep={setHoverPlan}
            />
          )}
        </Box>
        {!stacked && (
          <Box sx={{ position: 'relative', alignSelf: 'stretch' }}>
            <Box sx={{ position: 'absolute', inset: 0 }}>
              <MatchConnectors matches={comparison.matches} width={GUTTER} activePlan={hoverPlan} activeGold={hoverGold} />
            </Box>
          </Box>
        )}
        <Box data-column="gold" sx={{ minWidth: 0 }}>
          <ColumnTitle>{goldTitle}</ColumnTitle>
          {gold.parseStatus !== 'json' && (
            <Box sx={{ mb: 1 }}>
              <ParseNotice plan={gold} name="gold plan" />
            </Box>
          )}
          {gold.parseStatus !== 'invalid' && (
            <StepList
              plan={gold}
              scope="gold"
              part={{ kind: 'gold' }}
              findings={findings}
              query={query}
              decorate={decorateGold}
              highlighted={partnersOfHover.gold}
              onHoverStep={setHoverGold}
            />
          )}
        </Box>
      </Box>
    </Box>
  );
}

function ColumnTitle({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1, minHeight: 24, flexWrap: 'wrap' }}>
      {children}
    </Box>
  );
}

function StateChip({ color, label }: { color: string; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      data-testid="match-state"
      sx={{ height: 22, fontSize: 12, fontWeight: 600, color, borderColor: color, bgcolor: '#fff' }}
    />
  );
}

function MatchChip({ other, id, sameDependencies }: { other: 'gold' | 'plan'; id: string; sameDependencies: boolean }) {
  const chip = <StateChip color={STATE_COLOR.matched} label={`= ${other} ${id}${sameDependencies ? '' : ' · other deps'}`} />;
  if (sameDependencies) return chip;
  return (
    <Tooltip describeChild title={`Same tool and prompt as ${other} step ${id}, but it depends on steps that do not match ${other} step ${id}’s dependencies (this does not change F1).`}>
      {chip}
    </Tooltip>
  );
}

/** A column heading: what the plan is, in bold, and a quiet note. */
export function PlanColumnTitle({ title, note }: { title: ReactNode; note?: ReactNode }) {
  return (
    <>
      <Typography variant="h4" component="h3">
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary" component="span">
          {note}
        </Typography>
      )}
    </>
  );
}
