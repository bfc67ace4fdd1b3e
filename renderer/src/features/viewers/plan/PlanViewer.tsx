import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import type { Plan, PlanRecord } from '../../../../../electron/api/artifacts';
import { plural } from '../../../common/format';
import type { ViewerProps } from '../types';
import { GoldComparison, PlanColumnTitle } from './GoldComparison';
import { LineageView } from './LineageView';
import { ParseNotice } from './ParseNotice';
import { QueryHeader } from './QueryHeader';
import { StepList } from './StepList';
import { useElementWidth } from './useElementWidth';
import { usePlanGold } from './usePlanGold';
import { usePlanMode, type PlanMode } from './usePlanMode';
import type { SelectionSource } from './usePlanFocus';

/** Below this width the plan and its gold plan are stacked rather than side by side. */
const SIDE_BY_SIDE_MIN_WIDTH = 700;

/**
 * The plan viewer (issue 3): the query and its flags, then the plan as step cards in
 * dependency order — beside its gold plan with step matches and scores, or alone with its
 * dependency overview — and the lineage, version by version with a step-level diff. A plan
 * that is not valid JSON is shown as its source text with the error's place marked.
 */
export default function PlanViewer({ item, unit, onSelectUnit }: ViewerProps) {
  const record = item.payload as PlanRecord;
  const goldLink = usePlanGold(item.id, record);
  const root = useRef<HTMLDivElement | null>(null);
  const width = useElementWidth(root);

  // A record with only its gold plan shows that plan as the plan under review.
  const main: Plan | null = record.plan ?? record.gold;
  const mainIsGold = record.plan === null && record.gold !== null;
  const gold = record.plan ? (record.gold ?? goldLink.link?.gold ?? null) : null;
  const comparison = record.plan ? (record.analysis.comparison ?? goldLink.link?.comparison ?? null) : null;
  const query = record.query ?? goldLink.link?.query ?? null;

  // Automatic scores hidden while labeling (issue 13): no comparison with gold comes, and the
  // gold plan is one view away, alone and never first, so it does not anchor the judgement.
  const scoresHidden = item.scoresHidden === true;
  const available = useMemo(() => {
    const modes: PlanMode[] = [];
    if (main) modes.push('steps');
    if (gold && comparison) modes.push('compare');
    if (gold && !comparison && scoresHidden) modes.push('gold');
    if (record.lineage.length > 0) modes.push('lineage');
    return modes;
  }, [main, gold, comparison, scoresHidden, record.lineage.length]);
  const { mode, choose } = usePlanMode(available);

  const selectedId = unit?.kind === 'step' ? unit.id : null;
  const selection: SelectionSource = useMemo(() => ({ selectedId, onSelect: (id) => onSelectUnit(id === null ? null : `step:${id}`) }), [selectedId, onSelectUnit]);

  // A step chosen from outside (a finding, a deep link) is a step of the plan: show the plan.
  const lastUnit = useRef(selectedId);
  useEffect(() => {
    if (selectedId !== null && selectedId !== lastUnit.current && (mode === 'lineage' || mode === 'gold')) choose(available.includes('compare') ? 'compare' : 'steps');
    lastUnit.current = selectedId;
  }, [selectedId, mode, available, choose]);

  const part = mainIsGold ? ({ kind: 'gold' } as const) : ({ kind: 'plan' } as const);
  const generated = record.source === 'generated-row';
  const planName = mainIsGold ? 'gold plan' : 'plan';

  return (
    <Box ref={root} data-testid="plan-viewer" sx={{ p: { xs: 1.5, sm: 2.5 }, pt: { xs: 1.5, sm: 2 } }}>
      <QueryHeader record={record} gold={goldLink} />

      {main?.parseStatus === 'tolerant' && (
        <Box sx={{ mb: 2 }}>
          <ParseNotice plan={main} name={planName} />
        </Box>
      )}

      {available.length > 1 && mode && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_e, next: PlanMode | null) => next && choose(next)}
            aria-label="Plan view"
            sx={{ '& .MuiToggleButton-root': { px: 1.5, py: 0.5, textTransform: 'none', fontWeight: 600, fontSize: 13 } }}
          >
            {available.includes('compare') && <ToggleButton value="compare">Plan vs gold</ToggleButton>}
            {available.includes('steps') && <ToggleButton value="steps">{mainIsGold ? 'Gold plan' : 'Plan only'}</ToggleButton>}
            {available.includes('gold') && <ToggleButton value="gold">Gold plan</ToggleButton>}
            {available.includes('lineage') && <ToggleButton value="lineage">Lineage · {plural(record.lineage.length, 'version')}</ToggleButton>}
          </ToggleButtonGroup>
          {record.analysis.hopDepth && record.analysis.hopDepth.depth > 1 && mode !== 'lineage' && (
            <Typography variant="body2" color="text.secondary" data-testid="plan-hop-depth">
              Hop depth {record.analysis.hopDepth.depth} · {record.analysis.hopDepth.chain.join(' → ')}
            </Typography>
          )}
        </Box>
      )}

      {mode === null && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          This record carries no plan.
        </Typography>
      )}

      {mode === 'steps' && main && (
        <>
          {mainIsGold && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              This record carries only its gold plan.
            </Typography>
          )}
          {main.parseStatus === 'invalid' ? (
            <ParseNotice plan={main} name={planName} />
          ) : (
            <StepList plan={main} scope="plan" part={part} findings={item.findings} query={query} selection={selection} overview />
          )}
        </>
      )}

      {mode === 'compare' && record.plan && gold && comparison && (
        <GoldComparison
          plan={record.plan}
          gold={gold}
          comparison={comparison}
          findings={item.findings}
          query={query}
          selection={selection}
          stacked={width > 0 && width < SIDE_BY_SIDE_MIN_WIDTH}
          planTitle={<PlanColumnTitle title={generated ? 'Generated plan' : 'Plan'} note={record.plan.parseStatus === 'invalid' ? 'unreadable' : plural(record.plan.steps.length, 'step')} />}
          goldTitle={<PlanColumnTitle title="Gold plan" note={[plural(gold.steps.length, 'step'), goldLink.link && `from ${goldLink.link.externalId}`].filter(Boolean).join(' · ')} />}
        />
      )}

      {mode === 'gold' && gold && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="gold-plan-note">
            The gold plan{goldLink.link ? ` (from ${goldLink.link.externalId})` : ''}, without step matches or scores: automatic scores are hidden while you label.
          </Typography>
          {gold.parseStatus === 'invalid' ? <ParseNotice plan={gold} name="gold plan" /> : <StepList plan={gold} scope="gold" part={{ kind: 'gold' }} findings={item.findings} query={query} overview />}
        </>
      )}

      {mode === 'lineage' && <LineageView lineage={record.lineage} diffs={record.analysis.lineageDiffs} findings={item.findings} query={query} />}
    </Box>
  );
}
