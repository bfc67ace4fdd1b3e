import { Box, Tooltip, Typography } from '@mui/material';
import type { PlanComparison, PlanTier } from '../../../../../electron/api/artifacts';
import { STATE_COLOR, tierColor } from './planColors';
import { decimal } from '../../../../../electron/common/numberFormat';

/** Lowest first, with the F1 each tier needs (DESIGN.md §3). */
const TIERS: { tier: PlanTier; rule: string }[] = [
  { tier: 'Extremely Bad', rule: 'F1 ≤ 30 %, or the plan is unreadable' },
  { tier: 'Very Bad', rule: 'F1 > 30 %' },
  { tier: 'Bad', rule: 'F1 > 45 %' },
  { tier: 'Acceptable', rule: 'F1 > 60 %' },
  { tier: 'Good', rule: 'F1 > 75 %' },
  { tier: 'Very Good', rule: 'F1 > 85 %' },
  { tier: 'Extremely Good', rule: 'F1 > 95 %' },
];

function score(value: number | null): string {
  return decimal(value, 2);
}

/**
 * The plan against its gold plan: step precision, recall and F1, the 7-point tier on its
 * scale, and how many steps matched on each side.
 */
export function ComparisonScores({ comparison }: { comparison: PlanComparison }) {
  const { precision, recall, f1, tier, reason, matchedSteps, planSteps, goldSteps } = comparison;
  return (
    <Box data-testid="gold-scores" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 4, rowGap: 1.5 }}>
      <Box sx={{ display: 'flex', columnGap: 3 }}>
        <Figure label="Precision" value={score(precision)} testId="score-precision" />
        <Figure label="Recall" value={score(recall)} testId="score-recall" />
        <Figure label="F1" value={score(f1)} testId="score-f1" strong />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          Tier
        </Typography>
        {tier ? <TierScale tier={tier} /> : <Typography sx={{ fontWeight: 600, fontSize: 17 }}>—</Typography>}
      </Box>
      {planSteps > 0 && goldSteps > 0 && (
        <Box sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }} aria-label="Step matches">
          <Legend color={STATE_COLOR.matched} label={`${matchedSteps} matched`} hint="Same tool and the same prompt (ignoring case, spacing, quotes and step numbers)." />
          <Legend color={STATE_COLOR.planOnly} label={`${planSteps - matchedSteps} of ${planSteps} plan steps not in gold`} />
          <Legend color={STATE_COLOR.goldOnly} label={`${goldSteps - matchedSteps} of ${goldSteps} gold steps missing`} />
        </Box>
      )}
      {reason && (
        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }} data-testid="score-reason">
          {reason.charAt(0).toUpperCase() + reason.slice(1)}.
        </Typography>
      )}
    </Box>
  );
}

function Figure({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography data-testid={testId} sx={{ fontWeight: strong ? 700 : 600, fontSize: strong ? 22 : 18, lineHeight: 1.25, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The tier named, on the seven-step scale from Extremely Bad to Extremely Good. */
function TierScale({ tier }: { tier: PlanTier }) {
  const at = TIERS.findIndex((t) => t.tier === tier);
  const color = tierColor(tier);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        data-testid="score-tier"
        sx={{ px: 1.25, height: 28, display: 'inline-flex', alignItems: 'center', borderRadius: 1, fontWeight: 700, fontSize: 14.5, whiteSpace: 'nowrap', bgcolor: color.background, color: color.color }}
      >
        {tier}
      </Box>
      <Box sx={{ display: 'flex', gap: '3px' }} aria-label={`Tier ${at + 1} of 7`} role="img">
        {TIERS.map((t, i) => (
          <Tooltip key={t.tier} describeChild title={`${t.tier}: ${t.rule}`} disableInteractive>
            <Box
              sx={{
                width: 14,
                height: i === at ? 14 : 8,
                borderRadius: '3px',
                bgcolor: i === at ? tierColor(t.tier).background : '#e6eaee',
                outline: i === at ? `1.5px solid ${tierColor(t.tier).color === '#ffffff' ? tierColor(t.tier).background : tierColor(t.tier).color}` : 'none',
                alignSelf: 'center',
              }}
            />
          </Tooltip>
        ))}
      </Box>
    </Box>
  );
}

function Legend({ color, label, hint }: { color: string; label: string; hint?: string }) {
  const legend = (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, cursor: hint ? 'help' : 'default' }}>
      <Box sx={{ width: 4, height: 14, borderRadius: 1, bgcolor: color }} />
      <Typography variant="body2" sx={{ fontSize: 13 }}>
        {label}
      </Typography>
    </Box>
  );
  return hint ? (
    <Tooltip describeChild title={hint}>
      {legend}
    </Tooltip>
  ) : (
    legend
  );
}
