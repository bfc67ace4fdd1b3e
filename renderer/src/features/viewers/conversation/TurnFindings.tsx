import { Box, Chip } from '@mui/material';
import type { Finding } from '../../../../../electron/api/artifacts';
import { SEVERITY_ICON } from '../../../common/FindingCounts';

/** The validators' findings at a turn, as badges; clicking one selects the turn (`?unit=turn:N`). */
export function TurnFindings({ findings, onSelect }: { findings: Finding[]; onSelect(): void }) {
  if (findings.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
      {findings.map((finding, i) => {
        const Icon = SEVERITY_ICON[finding.severity];
        return (
          <Chip
            key={i}
            size="small"
            variant="outlined"
            color={finding.severity}
            icon={<Icon />}
            label={finding.message}
            title={finding.validator}
            data-testid="turn-finding"
            data-severity={finding.severity}
            onClick={(event) => {
              event.stopPropagation();
              onSelect();
            }}
            sx={{ height: 'auto', minHeight: 22, bgcolor: '#fff', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, fontSize: 12.5 } }}
          />
        );
      })}
    </Box>
  );
}
