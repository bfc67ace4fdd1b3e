import { Box, Typography } from '@mui/material';
import { SEVERITY_ICON } from '../../../../common/FindingCounts';
import type { FindingMark } from '../findingMarks';
import { InspectorSection } from './InspectorSection';

/** The findings pinned on the selected node or edge, with their validator ids. */
export function UnitFindings({ mark }: { mark: FindingMark | null }) {
  if (!mark) return null;
  return (
    <InspectorSection title="Findings" count={mark.findings.length} testId="inspector-findings">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {mark.findings.map((finding, i) => {
          const Icon = SEVERITY_ICON[finding.severity];
          return (
            <Box component="li" key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} data-severity={finding.severity}>
              <Icon fontSize="small" color={finding.severity} titleAccess={finding.severity} sx={{ mt: 0.125 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {finding.message}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {finding.validator}
                  {finding.location?.field ? ` · ${finding.location.field}` : ''}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </InspectorSection>
  );
}
