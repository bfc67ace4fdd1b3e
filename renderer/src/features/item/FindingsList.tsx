import { Box, Chip, List, ListItemButton, ListItemIcon, Paper, Typography } from '@mui/material';
import type { Finding } from '../../api/types';
import { SEVERITY_ICON } from '../../common/FindingCounts';
import { plural } from '../../common/format';
import { locationLabel, unitOf } from '../../common/units';

interface Props {
  findings: Finding[];
  /** The unit selected in the URL (`step:3`), highlighted. */
  selectedUnit: string | null;
  onSelectUnit(unit: string | null): void;
}

/** The validators' findings: severity, where, what. A finding with a place selects that unit. */
export function FindingsList({ findings, selectedUnit, onSelectUnit }: Props) {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="findings-title">
      <Box sx={{ px: 2, py: 1.5, borderBottom: findings.length ? 1 : 0, borderColor: 'divider' }}>
        <Typography variant="h3" id="findings-title">
          Findings
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {findings.length === 0
            ? 'No validator found a problem.'
            : [errors && plural(errors, 'error'), warnings && plural(warnings, 'warning'), findings.length - errors - warnings && plural(findings.length - errors - warnings, 'note')]
                .filter(Boolean)
                .join(' · ')}
        </Typography>
      </Box>
      {findings.length > 0 && (
        <List dense disablePadding data-testid="findings-list">
          {findings.map((finding, index) => (
            <FindingRow key={index} finding={finding} selectedUnit={selectedUnit} onSelectUnit={onSelectUnit} />
          ))}
        </List>
      )}
    </Paper>
  );
}

function FindingRow({ finding, selectedUnit, onSelectUnit }: { finding: Finding; selectedUnit: string | null; onSelectUnit(unit: string | null): void }) {
  const Icon = SEVERITY_ICON[finding.severity];
  const unit = unitOf(finding.location);
  const selected = unit !== null && unit === selectedUnit;
  return (
    <ListItemButton
      data-testid="finding"
      data-severity={finding.severity}
      selected={selected}
      aria-pressed={unit ? selected : undefined}
      disableRipple={unit === null}
      onClick={() => unit && onSelectUnit(selected ? null : unit)}
      sx={{ alignItems: 'flex-start', py: 1.25, px: 2, cursor: unit ? 'pointer' : 'default', '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <ListItemIcon sx={{ minWidth: 30, mt: 0.25 }}>
        <Icon fontSize="small" color={finding.severity} titleAccess={finding.severity} />
      </ListItemIcon>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {finding.message}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={locationLabel(finding.location)} variant="outlined" sx={{ height: 20, fontSize: 11.5 }} />
          <Typography variant="caption" color="text.secondary">
            {finding.validator}
          </Typography>
        </Box>
      </Box>
    </ListItemButton>
  );
}
