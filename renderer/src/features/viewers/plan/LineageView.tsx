import { Box, Button, ButtonBase, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useState } from 'react';
import type { Finding, Plan, PlanDiff } from '../../../../../electron/api/artifacts';
import { plural } from '../../../common/format';
import { SEVERITY_ICON } from '../../../common/FindingCounts';
import { MONO_FONT } from '../../../theme/theme';
import { diffSummary } from './lineageRows';
import { LineageDiffList } from './LineageDiffList';
import { ParseNotice } from './ParseNotice';
import { wholePartFindings } from './planFindings';
import { StepList } from './StepList';
import { useVersionKeys } from './useVersionKeys';

interface Props {
  lineage: Plan[];
  /** `diffs[i]` goes from `lineage[i]` to `lineage[i + 1]` (the payload's analysis). */
  diffs: PlanDiff[];
  findings: readonly Finding[];
  query: string | null;
}

/**
 * The plan's lineage, weakest to best: one version at a time, with what changed since the
 * version before it. Buttons, the version strip, or `[` and `]` move between versions.
 */
export function LineageView({ lineage, diffs, findings, query }: Props) {
  // Opens on the second version, so the first change is on screen at once.
  const [version, setVersion] = useState(Math.min(1, lineage.length - 1));
  const last = lineage.length - 1;
  const go = (v: number) => setVersion(Math.max(0, Math.min(last, v)));
  useVersionKeys({ previous: () => go(version - 1), next: () => go(version + 1) });
  const plan = lineage[version];
  const diff = version > 0 ? diffs[version - 1] : undefined;
  const whole = wholePartFindings(findings, { kind: 'version', version });

  return (
    <Box data-testid="lineage-view">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Button size="small" variant="outlined" startIcon={<ChevronLeft />} onClick={() => go(version - 1)} disabled={version === 0} aria-label="Previous version" title="Previous version ( [ )">
          Previous
        </Button>
        <Box role="tablist" aria-label="Lineage versions" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          {lineage.map((v, i) => (
            <Box key={i} sx={{ display: 'flex', alignItems: 'center' }}>
              {i > 0 && <Box sx={{ width: 18, height: 2, bgcolor: i <= version ? '#9fb7cf' : '#e1e5ea' }} />}
              <VersionPill index={i} plan={v} count={lineage.length} active={i === version} onClick={() => go(i)} />
            </Box>
          ))}
        </Box>
        <Button size="small" variant="outlined" endIcon={<ChevronRight />} onClick={() => go(version + 1)} disabled={version === last} aria-label="Next version" title="Next version ( ] )">
          Next
        </Button>
      </Box>

      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1.25 }} data-testid="lineage-summary">
        <Typography variant="h4" component="h3">
          Version {version + 1} of {lineage.length}
          {version === 0 ? ' · weakest' : version === last ? ' · best' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {plural(plan.steps.length, 'step')}
          {diff ? ` — since version ${version}: ${diffSummary(diff)}` : ' — the first version; nothing earlier to compare with'}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
          <Kbd>[</Kbd> <Kbd>]</Kbd> previous / next
        </Typography>
      </Box>

      {whole.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.25, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {whole.map((finding, i) => {
            const Icon = SEVERITY_ICON[finding.severity];
            return (
              <Typography component="li" key={i} variant="body2" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
                <Icon sx={{ fontSize: 16, mt: '2px', color: `${finding.severity}.main` }} titleAccess={finding.severity} />
                {finding.message}
              </Typography>
            );
          })}
        </Box>
      )}

      {plan.parseStatus !== 'json' && (
        <Box sx={{ mb: 1.25 }}>
          <ParseNotice key={version} plan={plan} name={`version ${version + 1}`} />
        </Box>
      )}
      {plan.parseStatus !== 'invalid' &&
        (diff ? (
          <LineageDiffList key={version} from={lineage[version - 1]} to={plan} diff={diff} version={version} findings={findings} query={query} />
        ) : (
          <StepList key={version} plan={plan} scope={`version-${version}`} part={{ kind: 'version', version }} findings={findings} query={query} />
        ))}
    </Box>
  );
}

function VersionPill({ index, plan, count, active, onClick }: { index: number; plan: Plan; count: number; active: boolean; onClick(): void }) {
  const role = index === 0 ? 'weakest' : index === count - 1 ? 'best' : null;
  return (
    <ButtonBase
      role="tab"
      aria-selected={active}
      aria-label={`Version ${index + 1}`}
      onClick={onClick}
      sx={{
        px: 1.25,
        py: 0.5,
        borderRadius: 5,
        border: 1,
        borderColor: active ? 'primary.main' : 'divider',
        bgcolor: active ? 'primary.main' : 'background.paper',
        color: active ? 'primary.contrastText' : 'text.primary',
        display: 'inline-flex',
        gap: 0.75,
        alignItems: 'baseline',
        fontSize: 13,
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Box component="span" sx={{ fontWeight: 700 }}>
        v{index + 1}
      </Box>
      <Box component="span" sx={{ opacity: 0.8, fontSize: 12 }}>
        {plan.parseStatus === 'invalid' ? 'unreadable' : plural(plan.steps.length, 'step')}
        {role ? ` · ${role}` : ''}
      </Box>
    </ButtonBase>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <Box component="kbd" sx={{ fontFamily: MONO_FONT, fontSize: 11, px: 0.5, py: '1px', border: 1, borderColor: 'divider', borderBottomWidth: 2, borderRadius: 0.75, bgcolor: '#fff' }}>
      {children}
    </Box>
  );
}
